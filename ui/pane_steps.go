package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// stepRow is one step of a funnel, ready to draw. Steps arrive inside the funnel
// record, so this pane never sends a request of its own.
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

// stepsPane lists the steps of the funnel selected in the first pane.
type stepsPane struct {
	paneBase
	funnelID string
	funnel   string // its name
	rows     []stepRow
	note     string // why there are no steps to show (a folder is selected …)
	unknown  string // why the funnel shown has no steps to show yet (they are coming, or could not be had)
	cols     []column
	own      stepWidths        // the widths of this funnel's rows
	folder   stepWidths        // the widest of every funnel of the folder shown (setFolder)
	cursorBy map[string]string // funnel id → selected step id, so going back is where you were
	pending  stepKey           // a step to select once its funnel shows it (a new step)
}

func newStepsPane(sh *shared) *stepsPane {
	return &stepsPane{paneBase: newPaneBase(sh), cursorBy: map[string]string{}}
}

// show displays the steps of f (nil: none, with note saying why). The selection is
// kept when the same funnel is shown again (after a refresh) and remembered per
// funnel otherwise.
func (p *stepsPane) show(f *entityRow, note string) {
	if cur := p.selected(); cur != nil && p.funnelID != "" {
		p.cursorBy[p.funnelID] = cur.id
	}
	id := ""
	if f != nil {
		id = f.id
	}
	same := id == p.funnelID
	p.note, p.unknown = note, ""
	if f != nil && f.stepsMissing {
		p.unknown = "Loading the steps from the funnel list…"
		if f.stepsErr != nil {
			p.unknown = "The steps of this funnel could not be had: " + errorText(f.stepsErr) + " — press r to try again"
		}
	}
	if f == nil {
		p.funnelID, p.funnel, p.rows = "", "", nil
		p.own = stepWidths{}
		p.cols = p.folder.columns(p.cols)
		p.clearFilter()
		p.setKeys(nil)
		return
	}
	if same && stepsEqual(p.rows, f.steps) {
		p.selectPending()
		return
	}
	p.funnelID, p.funnel, p.rows = f.id, f.name, f.steps
	if !same {
		p.clearFilter()
	}
	keys := make([]string, len(p.rows))
	for i, r := range p.rows {
		keys[i] = strings.ToLower(strconv.Itoa(r.seq) + " " + r.name + " " + r.path + " " + r.kind)
	}
	p.own = stepWidths{}
	p.own.add(p.rows)
	p.cols = p.own.max(p.folder).columns(p.cols)
	p.setKeys(keys)
	if p.query != "" {
		p.list.SetQuery(p.input.Value())
	}
	if want := p.cursorBy[id]; want != "" {
		for i, r := range p.rows {
			if r.id == want {
				p.list.SelectItem(i)
				break
			}
		}
	}
	p.selectPending()
}

// setFolder takes the widths of every step of the folder shown, so the columns keep
// their places while the cursor goes from funnel to funnel (and the panes keep
// theirs: widths.go asks for the widest).
func (p *stepsPane) setFolder(w stepWidths) {
	if w == p.folder {
		return
	}
	p.folder = w
	p.cols = p.own.max(w).columns(p.cols)
}

// wantCols are the columns the pane asks room for: the folder's widest steps.
func (p *stepsPane) wantCols() []column { return p.cols }

// hasColumns reports whether the pane shows rows, or will as soon as a funnel of the
// folder is selected.
func (p *stepsPane) hasColumns() bool { return len(p.rows) > 0 || p.folder != (stepWidths{}) }

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

// selectPending selects the step waited for, once the funnel shown has it.
func (p *stepsPane) selectPending() {
	if p.pending.funnelID != p.funnelID || p.funnelID == "" {
		return
	}
	for i, r := range p.rows {
		if r.id == p.pending.stepID {
			if p.list.Filtering() {
				p.clearFilter()
			}
			p.list.SelectItem(i)
			p.pending = stepKey{}
			return
		}
	}
}

// stepsEqual reports whether two step lists show the same thing.
func stepsEqual(a, b []stepRow) bool {
	return slices.EqualFunc(a, b, func(x, y stepRow) bool {
		return x.id == y.id && x.name == y.name && x.path == y.path && x.kind == y.kind &&
			x.split == y.split && x.url == y.url && slices.Equal(x.rec.Pages, y.rec.Pages)
	})
}

// selected is the step under the cursor, or nil.
func (p *stepsPane) selected() *stepRow {
	i := p.list.Selected()
	if i < 0 || i >= len(p.rows) {
		return nil
	}
	return &p.rows[i]
}

// view renders the pane.
func (p *stepsPane) view(focused bool) paneView {
	empty := "No steps in this funnel"
	switch {
	case p.funnelID == "":
		empty = p.note
	case p.unknown != "":
		empty = p.unknown
	}
	body := p.renderBody(p.width-2, p.height-2, stateReady, nil, "steps", empty, p.cols, p.row, focused)
	return paneView{title: "Steps", info: p.funnel, body: body, pos: p.position()}
}

// row draws one step: sequence, name, the split, type and path.
func (p *stepsPane) row(i, width int, selected, focused bool, widths []int) string {
	r := &p.rows[i]
	st := &p.sh.styles
	return markedRow(st, width, selected, focused, widths, []cell{
		{text: strconv.Itoa(r.seq), style: st.RowMuted, right: true},
		{text: r.name, style: st.Row},
		{text: r.split, style: st.Split},
		{text: r.kind, style: st.Badge},
		{text: r.path, style: st.RowFaint, middle: true},
	}, p.sh.changed[r.id])
}
