package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// A funnel's steps as the panes show them. Steps arrive inside the funnel record, so
// its row (pane_entities.go) carries them and the steps pane lists them.

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

// stepRows turns a funnel's steps into rows, in sequence order.
func stepRows(f *client.Funnel) []stepRow {
	domain := sanitize(strings.TrimSpace(f.DomainName))
	funnel := displayName(f.Name, f.ID)
	rows := make([]stepRow, 0, len(f.Steps))
	for _, s := range f.Steps {
		r := stepRow{
			id: s.ID, seq: s.Sequence, name: displayName(s.Name, s.ID),
			path: sanitize(s.URL), kind: stepTypeLabel(sanitize(s.Type)),
			rec: s, funnel: funnel,
		}
		if s.SplitRunning() { // a split flag left on a step of one page is no test
			r.split = percent(s.ControlTraffic) + "/" + percent(s.VariationTraffic())
		}
		r.url = client.PublicURL(domain, r.path)
		rows = append(rows, r)
	}
	slices.SortStableFunc(rows, func(a, b stepRow) int { return a.seq - b.seq })
	return rows
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

// stepWidths are the widths of the columns of step rows.
type stepWidths struct{ seq, name, split, kind, path int }

// add widens w to fit rows.
func (w *stepWidths) add(rows []stepRow) {
	for i := range rows {
		r := &rows[i]
		w.seq = max(w.seq, len(strconv.Itoa(r.seq)))
		w.name = max(w.name, textWidth(r.name))
		w.split = max(w.split, textWidth(r.split))
		w.kind = max(w.kind, textWidth(r.kind))
		w.path = max(w.path, textWidth(r.path))
	}
}

// max is the wider of w and o, column by column.
func (w stepWidths) max(o stepWidths) stepWidths {
	return stepWidths{max(w.seq, o.seq), max(w.name, o.name), max(w.split, o.split), max(w.kind, o.kind), max(w.path, o.path)}
}

// columns are the steps pane's columns at these widths, in buf when it has room. The
// split of a running test gets room first, then the path (it tells steps apart and
// says where they are served), then the type.
func (w stepWidths) columns(buf []column) []column {
	return append(buf[:0],
		column{natural: w.seq, min: w.seq},
		column{natural: w.name, min: 10},
		column{natural: w.split, min: w.split, optional: true, rank: rankSplit},
		column{natural: w.kind, min: w.kind, optional: true, rank: rankKind},
		column{natural: w.path, min: 16, optional: true, rank: rankPath},
	)
}
