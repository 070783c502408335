package ui

import (
	"slices"
	"strconv"
	"strings"
)

// stepsPane lists the steps of the funnel selected in the first pane.
type stepsPane struct {
	paneBase
	funnelID string
	funnel   string    // its name
	rec      funnelRec // the record its rows were made of: the same one shown again needs no new rows
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
		p.funnelID, p.funnel, p.rec, p.rows = "", "", funnelRec{}, nil
		p.own = stepWidths{}
		p.cols = p.folder.columns(p.cols)
		p.clearFilter()
		p.setKeys(nil)
		return
	}
	if same && f.rec == p.rec && f.name == p.funnel {
		p.selectPending()
		return
	}
	rows := f.stepRows()
	if same && f.name == p.funnel && stepsEqual(p.rows, rows) {
		p.rec = f.rec
		p.selectPending()
		return
	}
	p.funnelID, p.funnel, p.rec, p.rows = f.id, f.name, f.rec, rows
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
	}, p.sh.markOf(r.id))
}
