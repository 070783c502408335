package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
)

// pageRow is one page of a step, ready to draw.
type pageRow struct {
	id       string
	name     string
	archived bool
	role     string // "control 70%" / "variation 30%" during a split test
	status   string // what the row says of it: live, archived, control 70% …
	updated  string // date of the last change, YYYY-MM-DD
}

// pageRows turns a step's pages into rows, arranged for step (arrangePages).
func pageRows(pages []client.Page, step stepRow) []pageRow {
	rows := make([]pageRow, 0, len(pages))
	for _, pg := range pages {
		r := pageRow{id: pg.ID, name: displayName(pg.Name, pg.ID), archived: pg.Deleted}
		if !pg.DateUpdated.IsZero() {
			r.updated = pg.DateUpdated.Format("2006-01-02")
		}
		rows = append(rows, r)
	}
	arrangePages(rows, step)
	return rows
}

// arrangePages gives each row what it is in step now — control or variation with
// its share during a split test, live or archived otherwise — and puts the live ones
// first (in the step's order: control before variation), then the archived ones. It
// runs again whenever the step changes (a split test ended, a page archived), so no
// row keeps a role the step no longer gives it.
func arrangePages(rows []pageRow, step stepRow) {
	order := make(map[string]int, len(step.rec.Pages))
	for i, id := range step.rec.Pages {
		order[id] = i
	}
	for i := range rows {
		r := &rows[i]
		r.role = ""
		if !r.archived {
			r.role = roleLabel(step.rec, r.id)
		}
		r.status = "live"
		switch {
		case r.archived:
			r.status = "archived"
		case r.role != "":
			r.status = r.role
		}
	}
	// Live pages in the step's own order (control first), the rest as they came.
	rank := func(r pageRow) int {
		if r.archived {
			return len(order) + 1
		}
		if i, ok := order[r.id]; ok {
			return i
		}
		return len(order)
	}
	slices.SortStableFunc(rows, func(a, b pageRow) int { return rank(a) - rank(b) })
}

// pagesState is what is known of one step's pages.
type pagesState struct {
	rows     []pageRow
	loaded   bool
	state    loadState
	err      error
	seq      uint64
	req      loadCtx // the context of request seq, cancelled when the step is left
	cursorID string
	cachedAt time.Time // the rows are the local index's, fetched then (pane_cached.go)
}

// pagesPane lists the pages of the step selected in the second pane. Pages come from
// their own request, made a moment after the step is selected, and are cached per
// step.
type pagesPane struct {
	paneBase
	key   stepKey // the step shown; zero when none
	step  stepRow
	cache map[stepKey]*pagesState
	note  string
	cols  []column
	// seen are the widest page rows shown since the folder last changed (setScope):
	// the pane asks for that much room, so it does not change size with every step.
	seen  pageWidths
	scope string
}

// pageWidths are the widths of the columns of page rows.
type pageWidths struct{ name, status, date int }

// columns are the pages pane's columns at these widths, in buf when it has room.
func (w pageWidths) columns(buf []column) []column {
	return append(buf[:0],
		column{natural: w.name, min: 10, fill: true},
		column{natural: w.status, min: w.status},
		column{natural: w.date, min: w.date, optional: true, rank: rankDate},
	)
}

// setScope starts measuring the page rows anew when the folder shown changes.
func (p *pagesPane) setScope(folderID string) {
	if folderID == p.scope {
		return
	}
	p.scope, p.seen = folderID, pageWidths{}
	if ps := p.current(); ps != nil {
		p.measure(ps.rows)
	}
}

// measure widens seen to fit rows and sets the columns to match.
func (p *pagesPane) measure(rows []pageRow) {
	for i := range rows {
		r := &rows[i]
		p.seen.name = max(p.seen.name, ansi.StringWidth(r.name))
		p.seen.status = max(p.seen.status, ansi.StringWidth(r.status))
		p.seen.date = max(p.seen.date, ansi.StringWidth(r.updated))
	}
	p.cols = p.seen.columns(p.cols)
}

// wantCols are the columns the pane asks room for: the widest page rows seen in
// this folder.
func (p *pagesPane) wantCols() []column { return p.cols }

// hasColumns reports whether the pane has shown rows in this folder.
func (p *pagesPane) hasColumns() bool { return p.seen != (pageWidths{}) }

func newPagesPane(sh *shared) *pagesPane {
	return &pagesPane{paneBase: newPaneBase(sh), cache: map[stepKey]*pagesState{}}
}

// current is the state of the step shown, or nil when no step is.
func (p *pagesPane) current() *pagesState {
	if p.key == (stepKey{}) {
		return nil
	}
	ps := p.cache[p.key]
	if ps == nil {
		ps = &pagesState{}
		p.cache[p.key] = ps
	}
	return ps
}

// show switches to the pages of step (nil: none, with note saying why). It reports
// whether they need loading; cached pages show at once.
func (p *pagesPane) show(key stepKey, step *stepRow, note string) (needsLoad bool) {
	if key == p.key && step != nil {
		changed := !sameSplit(p.step, *step)
		p.step = *step
		if changed {
			// The step's split or pages changed (a test ended, a page was archived):
			// the rows say so at once, before the pages are read again.
			keep := ""
			if r := p.selected(); r != nil {
				keep = r.id
			}
			p.showRows(keep)
		}
		return false
	}
	p.leave()
	p.key, p.note = key, note
	p.clearFilter()
	if step == nil {
		p.key, p.step = stepKey{}, stepRow{}
		p.setKeys(nil)
		return false
	}
	p.step = *step
	ps := p.current()
	p.showRows(ps.cursorID)
	return !ps.loaded && ps.seq == 0
}

// leave remembers the selection of the step being left and stops waiting for its
// pages (a late reply is then dropped).
func (p *pagesPane) leave() {
	ps := p.current()
	if ps == nil {
		return
	}
	if r := p.selected(); r != nil {
		ps.cursorID = r.id
	}
	if ps.seq != 0 {
		ps.seq = 0
		ps.req.stop()
		if !ps.loaded {
			ps.state = stateIdle
		}
	}
}

// showRows puts the current step's rows into the list.
func (p *pagesPane) showRows(selectID string) {
	ps := p.current()
	if ps == nil {
		p.setKeys(nil)
		return
	}
	arrangePages(ps.rows, p.step)
	keys := make([]string, len(ps.rows))
	for i, r := range ps.rows {
		keys[i] = strings.ToLower(r.name + " " + r.status)
	}
	p.measure(ps.rows)
	p.setKeys(keys)
	if p.query != "" {
		p.list.SetQuery(p.input.Value())
	}
	if selectID != "" {
		for i, r := range ps.rows {
			if r.id == selectID {
				p.list.SelectItem(i)
				break
			}
		}
	}
}

// roleLabel is what page pageID is in step's split test, with its share ("control
// 70%"), or "" when it has no part in one.
func roleLabel(step client.Step, pageID string) string {
	role, share := step.Role(pageID)
	if role == client.NoRole {
		return ""
	}
	return role.String() + " " + percent(share) + "%"
}

// sameSplit reports whether two versions of a step give their pages the same roles.
func sameSplit(a, b stepRow) bool {
	return a.rec.Split == b.rec.Split && a.rec.ControlTraffic == b.rec.ControlTraffic && slices.Equal(a.rec.Pages, b.rec.Pages)
}

// load marks the current step as waiting for request seq and returns the load's
// context (a load still under way for the step is cancelled).
func (p *pagesPane) load(seq uint64) context.Context {
	ps := p.current()
	if ps == nil {
		var none loadCtx
		return none.context()
	}
	ps.seq, ps.state = seq, stateLoading
	return ps.req.start(p.sh.loads)
}

// loadContext is the context of the load key's pages wait for.
func (p *pagesPane) loadContext(key stepKey) context.Context {
	if ps := p.cache[key]; ps != nil {
		return ps.req.context()
	}
	var none loadCtx
	return none.context()
}

// awaiting reports whether key's pages wait for request seq.
func (p *pagesPane) awaiting(key stepKey, seq uint64) bool {
	ps := p.cache[key]
	return ps != nil && seq != 0 && ps.seq == seq && key == p.key
}

// apply takes a step's pages; a reply nobody waits for any more is dropped.
func (p *pagesPane) apply(msg pagesMsg) bool {
	if !p.awaiting(msg.key, msg.seq) {
		return false
	}
	ps := p.cache[msg.key]
	ps.seq = 0
	ps.req.stop()
	if msg.err != nil && msg.rows == nil {
		ps.state, ps.err = stateFailed, msg.err
		return true
	}
	ps.rows, ps.loaded, ps.state, ps.err = msg.rows, true, stateReady, nil
	if msg.err != nil {
		// Stopped early: what was read shows, and under it (and in the title) why the
		// list is not whole.
		ps.state, ps.err = stateFailed, msg.err
	}
	keep := ps.cursorID
	if r := p.selected(); r != nil {
		keep = r.id
	}
	p.showRows(keep)
	return true
}

// selected is the page under the cursor, or nil.
func (p *pagesPane) selected() *pageRow {
	ps := p.current()
	if ps == nil {
		return nil
	}
	i := p.list.Selected()
	if i < 0 || i >= len(ps.rows) {
		return nil
	}
	return &ps.rows[i]
}

// view renders the pane.
func (p *pagesPane) view(focused bool) paneView {
	ps := p.current()
	info := ""
	if p.key != (stepKey{}) {
		info = p.step.name
	}
	var body []string
	if ps == nil {
		body = p.renderBody(p.width-2, p.height-2, stateReady, nil, "pages", p.note, nil, p.row, focused)
		return paneView{title: "Pages", info: info, body: body}
	}
	title := "Pages"
	switch {
	case ps.seq != 0 && p.list.Total() > 0:
		title += " " + p.sh.spinner.View()
	case ps.loaded && errors.Is(ps.err, client.ErrIncompleteList):
		title += " (incomplete)"
	}
	body = p.renderBody(p.width-2, p.height-2, ps.state, ps.err, "pages", "No pages in this step", p.cols, p.row, focused)
	return paneView{title: title, info: p.staleInfo(ps.state, ps.err, info), body: body, pos: p.position()}
}

// row draws one page: its name and whether it is live, archived or in a split test.
func (p *pagesPane) row(i, width int, selected, focused bool, widths []int) string {
	r := &p.current().rows[i]
	st := &p.sh.styles
	name, status := st.Row, st.Status
	switch {
	case r.archived:
		name, status = st.Archived, st.Archived
	case r.role != "":
		status = st.Split
	}
	return markedRow(st, width, selected, focused, widths, []cell{
		{text: r.name, style: name},
		{text: r.status, style: status},
		{text: r.updated, style: st.RowFaint},
	}, p.sh.markOf(r.id))
}

// pagesMsg is the pages of one step.
type pagesMsg struct {
	key   stepKey
	seq   uint64
	rows  []pageRow
	err   error
	pages []client.Page // as the server answered, for the local index
}

// loadPagesMsg fires after the debounce of a step selection; the load starts only if
// the step is still the one selected.
type loadPagesMsg struct {
	key stepKey
	seq uint64
}

func (pagesMsg) forBody()     {}
func (loadPagesMsg) forBody() {}
