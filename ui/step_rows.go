package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// A funnel's steps as the panes show them. Steps arrive inside the funnel record, so
// its row (pane_entities.go) keeps the record, and the steps pane makes rows of the
// selected funnel's steps when it shows them: a folder of 10,000 funnels of ten steps
// is 10,000 rows at first, not 110,000.

// stepRow is one step of a funnel, ready to draw.
type stepRow struct {
	id     string
	seq    int
	name   string
	path   string      // the step's URL path, e.g. /spring-sale-opt-in
	kind   string      // short type label: opt-in, sales, thank-you …
	split  string      // "70/30" during a split test, "" otherwise
	rec    client.Step // the record, for client's rules on its pages and split test; never drawn
	url    string      // public URL, "" when the funnel has no domain
	funnel string      // the funnel's name, for the detail view
}

// funnelRec is the record a funnel's row makes its step rows from: as the server
// sent it, or as the local index keeps it. Neither is changed once read, so a command
// may read it while Update holds the row.
type funnelRec struct {
	live *client.Funnel
	kept *index.Funnel
}

// steps is how many steps the record holds.
func (f funnelRec) steps() int {
	switch {
	case f.live != nil:
		return len(f.live.Steps)
	case f.kept != nil:
		return len(f.kept.Steps)
	}
	return 0
}

// appendStepRows appends the rows of f's steps to buf, in sequence order: domain is
// the funnel's host and funnel its name, both sanitised.
func (f funnelRec) appendStepRows(buf []stepRow, domain, funnel string) []stepRow {
	from := len(buf)
	switch {
	case f.live != nil:
		for _, s := range f.live.Steps {
			buf = append(buf, newStepRow(s, domain, funnel))
		}
	case f.kept != nil:
		for _, s := range f.kept.Steps {
			buf = append(buf, newStepRow(s.Client(), domain, funnel))
		}
	}
	slices.SortStableFunc(buf[from:], func(a, b stepRow) int { return a.seq - b.seq })
	return buf
}

// newStepRow is the row of step s of a funnel served at domain.
func newStepRow(s client.Step, domain, funnel string) stepRow {
	r := stepRow{
		id: s.ID, seq: s.Sequence, name: displayName(s.Name, s.ID),
		path: sanitize(s.URL), kind: stepTypeLabel(sanitize(s.Type)),
		rec: s, funnel: funnel,
	}
	if s.SplitRunning() { // a split flag left on a step of one page is no test
		r.split = percent(s.ControlTraffic) + "/" + percent(s.VariationTraffic())
	}
	r.url = client.PublicURL(domain, r.path)
	return r
}

// stepTypeLabel shortens the service's step types to what a marketer calls them:
// optin_funnel_page → opt-in, thankyou_funnel_page → thank-you, sales_funnel_page →
// sales. Unknown types keep their words.
func stepTypeLabel(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	t = strings.TrimSuffix(t, "_funnel_page")
	t = strings.TrimSuffix(t, "_page")
	switch t {
	case "":
		return ""
	case "optin":
		return "opt-in"
	case "thankyou":
		return "thank-you"
	case "misc":
		return "page"
	}
	return strings.ReplaceAll(t, "_", "-")
}

// percent writes a traffic share without needless decimals: 70, 33.3.
func percent(v float64) string {
	return strconv.FormatFloat(float64(int(v*10+0.5))/10, 'f', -1, 64)
}
