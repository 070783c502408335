package redirectplan

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// A redirect answers before the page at its address: one added at a live step's own
// address (/spring-sale-opt-in on the step's domain) shadows the step — its visitors
// never reach it again — and the redirects already sending people to that step would
// then send them on a second time. A plan marks both, and is sent only when they are
// allowed (CheckShadows): a confirmation of the plan alone does not cover them.

// LiveStep is a funnel's step where it is served.
type LiveStep struct {
	Domain string `json:"domain"` // the host it is served on
	Path   string `json:"path"`   // the step's path, "/spring-sale-opt-in"
	Funnel string `json:"funnel"` // the funnel's name
	Step   string `json:"step"`   // the step's name
}

// Address is where the step is served, as a person reads it: host and path.
func (s LiveStep) Address() string { return client.Host(s.Domain) + s.Path }

// LiveStepsOf are the steps of funnels served on a domain, where they are served: a
// funnel's DomainName, or host when it is not "" (the funnels of one domain, as
// the funnel-by-domain route answers them). Funnels on no known domain serve none.
func LiveStepsOf(funnels []client.Funnel, host string) []LiveStep {
	var out []LiveStep
	for _, f := range funnels {
		domain := f.DomainName
		if host != "" {
			domain = host
		}
		if client.Host(domain) == "" {
			continue
		}
		for _, st := range f.Steps {
			if strings.TrimSpace(st.URL) == "" {
				continue
			}
			path := st.URL
			if !strings.HasPrefix(path, "/") {
				path = "/" + path
			}
			out = append(out, LiveStep{Domain: client.Host(domain), Path: path, Funnel: f.Name, Step: st.Name})
		}
	}
	return out
}

// Warning is what a step of a plan risks beyond what its kind says.
type Warning string

const (
	// Shadows is a redirect added at a live step's own address.
	Shadows Warning = "shadow"
	// Chains is a redirect of the location that leads to a step the plan shadows:
	// its visitors would be redirected twice.
	Chains Warning = "chain"
)

// Mark is one warning of a plan: the redirect marked (its address and target),
// the step concerned, and, for a redirect the plan adds, where its row was read.
type Mark struct {
	Warning Warning  `json:"warning"`
	Domain  string   `json:"domain"`
	Path    string   `json:"path"`
	Target  string   `json:"target"`
	Step    LiveStep `json:"step"`
	Where   string   `json:"where,omitempty"`
}

// Text is the mark in words.
func (m Mark) Text() string {
	switch m.Warning {
	case Shadows:
		return fmt.Sprintf("shadows the live step %q of %q at this address: its visitors would be redirected", m.Step.Step, m.Step.Funnel)
	case Chains:
		return fmt.Sprintf("%s leads to the step %q, which the plan shadows: its visitors would be redirected twice", client.Host(m.Domain)+m.Path, m.Step.Step)
	}
	return string(m.Warning)
}

// ErrShadow matches a *ShadowError.
var ErrShadow = errors.New("the plan shadows live steps")

// ShadowError is a plan that shadows live steps, sent without allowing it.
type ShadowError struct{ Marks []Mark }

func (e *ShadowError) Error() string {
	var shadows, chains []string
	for _, m := range e.Marks {
		if m.Warning == Shadows {
			shadows = append(shadows, m.Step.Address())
		} else {
			chains = append(chains, client.Host(m.Domain)+m.Path)
		}
	}
	msg := "the plan redirects from the address of " + countText(len(shadows), "live step") + " (" + listText(shadows) + ")"
	if len(chains) > 0 {
		msg += ", and " + countText(len(chains), "redirect") + " leading there would then chain (" + listText(chains) + ")"
	}
	return msg + ": it is sent only when shadowing is allowed"
}

func (e *ShadowError) Is(target error) bool { return target == ErrShadow }

// CheckShadows is nil when the plan shadows no live step or allow is set, else a
// *ShadowError with its marks. The plan is one decision: none of its writes go
// without it.
func (p Plan) CheckShadows(allow bool) error {
	if allow || len(p.Marks) == 0 {
		return nil
	}
	return &ShadowError{Marks: p.Marks}
}

// markShadows marks the steps of a plan that add a redirect at a live step's
// address, and the location's redirects that stay as they are and lead to such a
// step (stay reports whether one does). Plan rows that lead there are refused as
// chains already.
func markShadows(steps []Step, current []client.Redirect, live []LiveStep, stay func(client.Redirect) bool) []Mark {
	if len(live) == 0 {
		return nil
	}
	at := make(map[string]LiveStep, len(live))
	for _, s := range live {
		if _, ok := at[addressKey(s.Domain, s.Path)]; !ok {
			at[addressKey(s.Domain, s.Path)] = s
		}
	}
	var marks []Mark
	shadowed := map[string]*Step{}
	for i := range steps {
		s := &steps[i]
		if s.Kind != Add {
			continue
		}
		k := addressKey(s.Row.Domain, s.Row.Path)
		step, ok := at[k]
		if !ok {
			continue
		}
		m := Mark{Warning: Shadows, Domain: s.Row.Domain, Path: s.Row.Path, Target: s.Row.Target, Step: step, Where: s.Row.Where}
		s.Warning, s.WarningText = Shadows, m.Text()
		shadowed[k] = s
		marks = append(marks, m)
	}
	var chained []Mark
	leading := map[string][]string{}
	for _, r := range current {
		u, ok := webAddress(r.Target)
		if !ok || !stay(r) {
			continue
		}
		k := addressKey(u.Hostname(), pathOf(u))
		if _, ok := shadowed[k]; !ok || k == addressKey(r.Domain, r.Path) {
			continue
		}
		chained = append(chained, Mark{Warning: Chains, Domain: r.Domain, Path: r.Path, Target: r.Target, Step: at[k]})
		leading[k] = append(leading[k], client.Host(r.Domain)+r.Path)
	}
	for k, s := range shadowed {
		if from := leading[k]; len(from) > 0 {
			s.WarningText += "; " + countText(len(from), "redirect") + " already lead there and would chain: " + listText(from)
		}
	}
	return append(marks, chained...)
}

// countText is n and a noun, plural when n is not 1.
func countText(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// listText lists a few addresses and says how many more there are.
func listText(items []string) string {
	const shown = 3
	if len(items) <= shown {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:shown], ", ") + " and " + strconv.Itoa(len(items)-shown) + " more"
}
