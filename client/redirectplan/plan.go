package redirectplan

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// Kind is what a step of a plan does.
type Kind string

const (
	Add     Kind = "add"     // a redirect the location lacks: created
	Change  Kind = "change"  // one whose target or action differs: updated
	Delete  Kind = "delete"  // one the file leaves out, with pruning: deleted
	Same    Kind = "same"    // one that is already as wanted: nothing sent
	Refused Kind = "refused" // a row the local checks refuse: nothing sent
)

// Sends reports whether a step of kind k sends a write.
func (k Kind) Sends() bool { return k == Add || k == Change || k == Delete }

// Step is one row of a plan. Row is what is wanted, checked and normalized (for a
// delete: the redirect deleted); Old is the location's redirect it changes, keeps or
// deletes. Key names the step in a journal: stable for the same input. Warning,
// when set, is what the step risks beyond its kind (an add that shadows a live
// step), in words in WarningText.
type Step struct {
	Kind        Kind             `json:"kind"`
	Row         Row              `json:"row"`
	Old         *client.Redirect `json:"old,omitempty"`
	Reason      string           `json:"reason,omitempty"`
	Key         string           `json:"key"`
	Warning     Warning          `json:"warning,omitempty"`
	WarningText string           `json:"warningText,omitempty"`
}

// Totals count a plan's steps by kind.
type Totals struct {
	Add, Change, Delete, Same, Refused int
}

// Writes is how many writes the plan sends.
func (t Totals) Writes() int { return t.Add + t.Change + t.Delete }

// Plan is a wanted set of redirects against the location's: the steps in the order
// of Sort (domain, then path), the warnings that hold it back until allowed, and
// what could be checked.
type Plan struct {
	Steps []Step
	// Marks are the plan's warnings (shadow.go): each add at a live step's address,
	// then each redirect of the location that would then chain. CheckShadows holds
	// a plan with any back.
	Marks []Mark
	// DomainsChecked is false when nobody could say which domains are attached: the
	// rows were not checked for it (the service still refuses the others).
	DomainsChecked bool
	// LiveChecked is false when the location's steps could not all be placed on
	// their domains: an add may shadow a step no mark names.
	LiveChecked bool
}

// Totals counts the plan's steps.
func (p Plan) Totals() Totals {
	var t Totals
	for _, s := range p.Steps {
		switch s.Kind {
		case Add:
			t.Add++
		case Change:
			t.Change++
		case Delete:
			t.Delete++
		case Same:
			t.Same++
		case Refused:
			t.Refused++
		}
	}
	return t
}

// Options are how a plan is built.
type Options struct {
	// Prune deletes the location's redirects that no row names.
	Prune bool
	// Attached are the location's domains (lower case, punycode); nil when they
	// could not be read, and then the rows are not checked against them.
	Attached map[string]bool
	// Live are the location's steps where they are served, for the marks of adds
	// that shadow one; LiveKnown says they are all there.
	Live      []LiveStep
	LiveKnown bool
}

// Build checks every row locally and plans the wanted rows against current, the
// location's redirects. A row is refused when its file said why (Row.Refusal), when
// a field is not valid (host, path, target for its action, action), when an earlier
// row names the same domain and path, when its domain is not attached, when its
// target is its own address, or when its target is the address of another redirect
// (a chain: visitors would be sent twice). An add at the address of one of
// o.Live is marked, with the redirects that would chain through it.
func Build(rows []Row, current []client.Redirect, o Options) Plan {
	steps := make([]Step, len(rows))
	first := map[Key]int{}
	for i, r := range rows {
		s := Step{Row: r, Key: "row " + strconv.Itoa(i+1)}
		s.Reason = r.Refusal
		if s.Reason == "" {
			s.Reason = checkRow(&s.Row, o.Attached)
		}
		if s.Reason == "" {
			if j, dup := first[s.Row.Key()]; dup {
				s.Reason = "the same domain and path as " + placeOf(rows[j], j)
			} else {
				first[s.Row.Key()] = i
			}
		}
		if s.Reason != "" {
			s.Kind = Refused
		}
		steps[i] = s
	}
	byKey := map[Key]*client.Redirect{}
	for i := range current {
		k := KeyOf(current[i].Domain, current[i].Path)
		if _, ok := byKey[k]; !ok {
			byKey[k] = &current[i]
		}
	}
	// The addresses that will redirect once the plan is applied: every valid row,
	// and the location's redirects that stay.
	after := map[string]string{}
	named := map[Key]bool{}
	for _, s := range steps {
		named[s.Row.Key()] = true
		if s.Kind != Refused {
			after[addressKey(s.Row.Domain, s.Row.Path)] = placeOf(s.Row, -1)
		}
	}
	for _, r := range current {
		if !o.Prune || named[KeyOf(r.Domain, r.Path)] {
			if _, ok := after[addressKey(r.Domain, r.Path)]; !ok {
				after[addressKey(r.Domain, r.Path)] = "the redirect of " + r.Domain + r.Path
			}
		}
	}
	for i := range steps {
		s := &steps[i]
		if s.Kind == Refused {
			continue
		}
		if reason := chainOf(s.Row, after); reason != "" {
			s.Kind, s.Reason = Refused, reason
			continue
		}
		old := byKey[s.Row.Key()]
		switch {
		case old == nil:
			s.Kind = Add
		case old.Target == s.Row.Target && old.Action == s.Row.Action:
			s.Kind, s.Old = Same, old
			s.Row.ID = old.ID
		default:
			s.Kind, s.Old = Change, old
			s.Row.ID = old.ID
		}
	}
	changed := map[Key]bool{}
	for _, s := range steps {
		if s.Kind == Change {
			changed[s.Row.Key()] = true
		}
	}
	marks := markShadows(steps, current, o.Live, func(r client.Redirect) bool {
		k := KeyOf(r.Domain, r.Path)
		return !changed[k] && (!o.Prune || named[k])
	})
	if o.Prune {
		for i := range current {
			r := &current[i]
			if named[KeyOf(r.Domain, r.Path)] || byKey[KeyOf(r.Domain, r.Path)] != r {
				continue
			}
			steps = append(steps, Step{Kind: Delete, Row: RowOf(*r), Old: r, Key: "delete " + r.ID})
		}
	}
	slices.SortStableFunc(steps, func(a, b Step) int {
		return cmp.Or(
			strings.Compare(strings.ToLower(a.Row.Domain), strings.ToLower(b.Row.Domain)),
			strings.Compare(strings.ToLower(a.Row.Path), strings.ToLower(b.Row.Path)),
		)
	})
	return Plan{Steps: steps, Marks: marks, DomainsChecked: o.Attached != nil, LiveChecked: o.LiveKnown}
}

// checkRow normalizes r's fields and says what is wrong with them ("" when nothing).
func checkRow(r *Row, attached map[string]bool) string {
	body, err := validate.NormalizeCreateRedirect(client.CreateRedirectRequest{Domain: r.Domain, Path: r.Path, Target: r.Target, Action: r.Action})
	if err != nil {
		return err.Error()
	}
	r.Domain, r.Path, r.Target, r.Action = body.Domain, body.Path, body.Target, body.Action
	if attached != nil && !attached[r.Domain] {
		return "the domain " + r.Domain + " is not attached to the location"
	}
	if u, ok := webAddress(r.Target); ok && addressKey(u.Hostname(), pathOf(u)) == addressKey(r.Domain, r.Path) && r.Action != "all" {
		return "the target is the redirect's own address: it would loop"
	}
	return ""
}

// chainOf says which redirect r's target lands on, when it lands on one.
func chainOf(r Row, after map[string]string) string {
	u, ok := webAddress(r.Target)
	if !ok {
		return ""
	}
	k := addressKey(u.Hostname(), pathOf(u))
	if k == addressKey(r.Domain, r.Path) {
		return ""
	}
	if other, ok := after[k]; ok {
		return "the target redirects again (" + other + "): point it at the final address"
	}
	return ""
}

// webAddress parses an absolute http(s) address.
func webAddress(s string) (*url.URL, bool) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, false
	}
	return u, true
}

func pathOf(u *url.URL) string {
	if u.Path == "" {
		return "/"
	}
	return u.Path
}

// addressKey is a domain and a path as the service matches them: without case, a
// trailing slash ignored.
func addressKey(domain, path string) string {
	p := strings.ToLower(path)
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return strings.ToLower(domain) + p
}

// placeOf names a row for a message: where it was read, else its address.
func placeOf(r Row, index int) string {
	switch {
	case r.Where != "":
		return r.Where
	case index >= 0:
		return fmt.Sprintf("row %d", index+1)
	}
	return r.Domain + r.Path
}

// Fingerprint names an input: the same rows (in the same order) with the same
// pruning give the same fingerprint, whatever the location holds meanwhile.
func Fingerprint(kind string, rows []Row, prune bool) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%t\x00", kind, prune)
	for _, r := range rows {
		for _, f := range []string{r.Domain, r.Path, r.Target, r.Action} {
			h.Write([]byte(f))
			h.Write([]byte{0})
		}
		h.Write([]byte{1})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
