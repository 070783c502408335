package ui

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/client"
)

// entityRow is one line of the first pane: a folder or a funnel of the current folder.
// Every string but the id is sanitised; the id is kept as the server sent it because
// it goes back into requests (the client escapes it there) and is sanitised only when
// shown or copied.
type entityRow struct {
	folder  bool
	id      string
	name    string
	website bool      // a website (or a folder of websites) rather than a funnel
	domain  string    // the funnel's host, "" when it has none
	rec     funnelRec // what its step rows are made of when it is shown (stepRows)
	label   string    // the name as listed: folders end in "/"
	note    string    // what it holds: "folder", "5 steps" …

	// stepsMissing: the funnel came without its steps (a folder listing of
	// summaries); they are asked for, and stepsErr says why they could not be had.
	stepsMissing bool
	stepsErr     error
}

// entityRows turns a folder's answer into rows: folders first, then funnels, in the
// order the server gave.
func entityRows(folders []client.Folder, funnels []client.Funnel) []entityRow {
	rows := folderEntities(make([]entityRow, 0, len(folders)+len(funnels)), folders)
	var notes stepNotes
	for i := range funnels {
		f := &funnels[i]
		rows = append(rows, funnelEntity(f.ID, f.Name, f.Type, f.DomainName, f.StepsKnown, funnelRec{live: f}, &notes))
	}
	return rows
}

// folderEntities appends the rows of folders to rows.
func folderEntities(rows []entityRow, folders []client.Folder) []entityRow {
	for _, f := range folders {
		r := entityRow{folder: true, id: f.ID, name: displayName(f.Name, f.ID), website: f.Type == "website"}
		r.label, r.note = r.name+"/", "folder"
		rows = append(rows, r)
	}
	return rows
}

// funnelEntity is the row of a funnel, from what the server sent or the index kept.
func funnelEntity(id, name, typ, domain string, known bool, rec funnelRec, notes *stepNotes) entityRow {
	r := entityRow{
		id: id, name: displayName(name, id), website: typ == "website",
		domain: sanitize(strings.TrimSpace(domain)), rec: rec, stepsMissing: !known,
	}
	r.label, r.note = r.name, notes.of(&r)
	return r
}

// stepRows are the funnel's steps as the steps pane shows them, in sequence order.
func (r *entityRow) stepRows() []stepRow { return r.rec.appendStepRows(nil, r.domain, r.name) }

// stepsNote is what a funnel's row says it holds: "5 steps", or that its steps are
// still coming or could not be had — never "0 steps" for steps not known.
func (r *entityRow) stepsNote() string {
	switch {
	case r.stepsMissing && r.stepsErr != nil:
		return pick(r.website, "pages ?", "steps ?")
	case r.stepsMissing:
		return pick(r.website, "pages …", "steps …")
	}
	return plural(r.rec.steps(), pick(r.website, "page", "step"))
}

// stepNotes hands out the notes of a folder's funnels, each text made once: most
// funnels of a folder hold as many steps as the next.
type stepNotes struct {
	last  string
	steps int
	web   bool
}

func (n *stepNotes) of(r *entityRow) string {
	if r.stepsMissing {
		return r.stepsNote()
	}
	if k := r.rec.steps(); n.last == "" || k != n.steps || r.website != n.web {
		n.last, n.steps, n.web = r.stepsNote(), k, r.website
	}
	return n.last
}

// errStepsNotListed is why a funnel has no steps to show when the funnel list of its
// folder did not have it either.
var errStepsNotListed = errors.New("the funnel list of this folder does not list this funnel")

// crumb is one folder of the path from the root to the current folder.
type crumb struct{ id, name string }

// folderState is what is known of one folder: its rows once loaded, the request
// under way, and the row that was selected when the user left it.
type folderState struct {
	rows     []entityRow
	loaded   bool
	state    loadState
	err      error
	seq      uint64  // the request whose reply is awaited; 0 = none
	req      loadCtx // its context, cancelled when the folder is left
	stepsSeq uint64  // the request for the steps its funnels came without; 0 = none
	cursorID string
	fallback bool // listed from the funnel list: folders are grouped by id
	// stepW is the widest steps of its funnels, once measured (step_widths.go):
	// stepWSeq is the request measuring them (0: none), stepWDone says they are in.
	stepW     stepWidths
	stepWSeq  uint64
	stepWDone bool
	// partial: the rows are the listing read so far, the rest on its way (seq).
	partial bool
	// cachedAt: the rows are the local index's, fetched then, until the server
	// answers again (pane_cached.go).
	cachedAt time.Time
}

// entitiesPane lists the folders and funnels of the current folder. Folders open in
// place; the path from the root is kept for the breadcrumb and for going up.
type entitiesPane struct {
	paneBase
	path    []crumb
	folders map[string]*folderState
	cols    []column          // natural widths of the current folder's rows
	pending map[string]string // folder id → the row to select when its next answer arrives (a new folder)
}

func newEntitiesPane(sh *shared) *entitiesPane {
	return &entitiesPane{
		paneBase: newPaneBase(sh),
		path:     []crumb{{id: "", name: "Root"}},
		folders:  map[string]*folderState{},
		pending:  map[string]string{},
	}
}

// folderID is the current folder ("" = root).
func (p *entitiesPane) folderID() string { return p.path[len(p.path)-1].id }

// current is the state of the current folder.
func (p *entitiesPane) current() *folderState {
	id := p.folderID()
	fs := p.folders[id]
	if fs == nil {
		fs = &folderState{}
		p.folders[id] = fs
	}
	return fs
}

// selected is the row under the cursor, or nil.
func (p *entitiesPane) selected() *entityRow {
	i := p.list.Selected()
	rows := p.current().rows
	if i < 0 || i >= len(rows) {
		return nil
	}
	return &rows[i]
}

// selectedFunnel is the funnel under the cursor, or nil (a folder, or nothing).
func (p *entitiesPane) selectedFunnel() *entityRow {
	if r := p.selected(); r != nil && !r.folder {
		return r
	}
	return nil
}

// load marks the current folder as loading under request seq and returns the load's
// context (a load still under way for it is cancelled). Rows already there stay on
// screen until the answer replaces them.
func (p *entitiesPane) load(seq uint64) context.Context {
	fs := p.current()
	fs.seq = seq
	fs.state = stateLoading
	return fs.req.start(p.sh.loads)
}

// loading reports whether the current folder waits for an answer (its listing, or
// its funnels' steps).
func (p *entitiesPane) loading() bool { fs := p.current(); return fs.seq != 0 || fs.stepsSeq != 0 }

// applySteps takes the steps of a folder's funnels that came without them; a reply
// nobody waits for is dropped. Funnels still without steps say why.
func (p *entitiesPane) applySteps(msg folderStepsMsg) bool {
	fs := p.folders[msg.folderID]
	if fs == nil || fs.stepsSeq != msg.seq || msg.seq == 0 {
		return false
	}
	fs.stepsSeq = 0
	byID := make(map[string]*entityRow, len(msg.rows))
	for i := range msg.rows {
		byID[msg.rows[i].id] = &msg.rows[i]
	}
	rows := make([]entityRow, len(fs.rows))
	copy(rows, fs.rows)
	for i := range rows {
		r := &rows[i]
		if r.folder || !r.stepsMissing {
			continue
		}
		if got := byID[r.id]; got != nil && !got.stepsMissing {
			name := r.name
			*r = *got
			r.name, r.label = name, name
		} else if msg.err != nil {
			r.stepsErr = msg.err
		} else {
			r.stepsErr = errStepsNotListed
		}
		r.note = r.stepsNote()
	}
	fs.setRows(rows)
	if msg.folderID == p.folderID() {
		keep := ""
		if r := p.selected(); r != nil {
			keep = r.id
		}
		p.showCurrent(keep)
	}
	return true
}

// showCurrent puts the current folder's rows into the list, selecting the row with id
// selectID when it is there.
func (p *entitiesPane) showCurrent(selectID string) {
	fs := p.current()
	keys := make([]string, len(fs.rows))
	nameW, noteW := 0, 0
	for i := range fs.rows {
		r := &fs.rows[i]
		keys[i] = strings.ToLower(r.name)
		nameW = max(nameW, textWidth(r.label))
		noteW = max(noteW, textWidth(r.note))
	}
	p.cols = []column{{natural: nameW, min: 12, fill: true}, {natural: noteW, min: noteW, optional: true, rank: rankCount}}
	p.setKeys(keys)
	if p.query != "" {
		p.list.SetQuery(p.input.Value())
	}
	if selectID != "" {
		for i := range fs.rows {
			if fs.rows[i].id == selectID {
				p.list.SelectItem(i)
				break
			}
		}
	}
}

// apply takes a folder's answer. A reply for a request that is no longer awaited (the
// user left the folder, or refreshed again) is dropped; it reports whether the reply
// was taken.
func (p *entitiesPane) apply(msg entitiesMsg) bool {
	fs := p.folders[msg.folderID]
	if fs == nil || fs.seq != msg.seq || msg.seq == 0 {
		return false
	}
	fs.seq = 0
	fs.req.stop()
	if msg.err != nil && msg.rows == nil {
		fs.state, fs.err = stateFailed, msg.err
		return true
	}
	fs.setRows(msg.rows)
	fs.loaded, fs.state, fs.err = true, stateReady, nil
	if msg.err != nil {
		// A funnel list stopped early: what was read shows, and under it why the
		// folder is not whole.
		fs.state, fs.err = stateFailed, msg.err
	}
	fs.fallback = msg.note != ""
	fs.stepsSeq = 0 // steps asked for an older listing are not these rows'
	if msg.folderID == p.folderID() {
		keep := ""
		if want := p.pending[msg.folderID]; want != "" {
			keep = want
			delete(p.pending, msg.folderID)
		} else if r := p.selected(); r != nil {
			keep = r.id
		} else if fs.cursorID != "" {
			keep = fs.cursorID
		}
		p.showCurrent(keep)
	}
	return true
}

// enter opens the folder under the cursor: its cached rows show at once; it reports
// whether the folder still needs loading.
func (p *entitiesPane) enter(r entityRow) (needsLoad bool) {
	p.leave()
	p.path = append(p.path, crumb{id: r.id, name: r.name})
	p.clearFilter()
	fs := p.current()
	p.showCurrent(fs.cursorID)
	return !fs.loaded && fs.seq == 0
}

// up goes to the parent folder; it reports false at the root.
func (p *entitiesPane) up() (moved, needsLoad bool) {
	if len(p.path) == 1 {
		return false, false
	}
	p.leave()
	from := p.folderID()
	p.path = p.path[:len(p.path)-1]
	p.clearFilter()
	fs := p.current()
	sel := fs.cursorID
	if sel == "" {
		sel = from
	}
	p.showCurrent(sel)
	return true, !fs.loaded && fs.seq == 0
}

// leave remembers the selection of the folder being left and calls off its listing
// (a late reply is then dropped).
func (p *entitiesPane) leave() {
	fs := p.current()
	if r := p.selected(); r != nil {
		fs.cursorID = r.id
	}
	if fs.seq != 0 {
		fs.seq = 0
		fs.req.stop()
		if !fs.loaded {
			fs.state = stateIdle
		}
	}
}

// breadcrumb names the path of folders: "Root", "Archive", "2025 Campaigns".
func (p *entitiesPane) breadcrumb() []string {
	out := make([]string, len(p.path))
	for i, c := range p.path {
		out[i] = c.name
	}
	return out
}

// view renders the pane's title, body and position.
func (p *entitiesPane) view(focused bool) paneView {
	fs := p.current()
	title := "Funnels"
	info := ""
	switch {
	case len(p.path) > 1:
		info = p.path[len(p.path)-1].name
	case fs.fallback:
		info = "folders by id"
	}
	if fs.seq != 0 && p.list.Total() > 0 {
		title += " " + p.sh.spinner.View()
	}
	body := p.renderBody(p.width-2, p.height-2, fs.state, fs.err, "funnels", "No funnels in this folder", p.cols, p.row, focused)
	pos := p.position()
	if fs.partial && pos != "" {
		pos += "+" // the first rows of the folder: more are on their way
	}
	return paneView{title: title, info: p.staleInfo(fs.state, fs.err, info), body: body, pos: pos}
}

// row draws one folder or funnel: the name, and at the right what it holds.
func (p *entitiesPane) row(i, width int, selected, focused bool, widths []int) string {
	r := &p.current().rows[i]
	st := &p.sh.styles
	return markedRow(st, width, selected, focused, widths, []cell{
		{text: r.label, style: pick(r.folder, st.Folder, st.Row)},
		{text: r.note, style: st.RowMuted, right: true},
	}, p.sh.markOf(r.id))
}

// entitiesMsg is what one folder holds.
type entitiesMsg struct {
	folderID  string
	seq       uint64
	rows      []entityRow     // sanitised, folders first
	note      string          // why the folders look different (a fallback), sanitised; "" when they do not
	summaries []client.Funnel // the funnels, when some came without their steps
	err       error

	// What the server answered, for the local index.
	folders []client.Folder
	funnels []client.Funnel
}

// folderStepsMsg is the funnels of a folder completed with their steps.
type folderStepsMsg struct {
	folderID string
	seq      uint64
	rows     []entityRow // the funnels, sanitised
	err      error
	funnels  []client.Funnel // as the server answered, for the local index
}

func (entitiesMsg) forBody()    {}
func (folderStepsMsg) forBody() {}
