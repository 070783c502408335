package ui

import (
	"context"
	"errors"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// redirectRow is one URL redirect, ready to draw: every string sanitised once, when
// the answer arrives.
type redirectRow struct {
	id     string
	host   string // the domain as the API has it (punycode), for the forms
	domain string // the domain as a person reads it
	path   string
	target string
	arrow  string // "→ " + target, the column as drawn
	action string
	oldURL string // https://host/path: what a visitor types
}

// record is the redirect as the row holds it, for an audit's record before a write.
func (r redirectRow) record() client.Redirect {
	return client.Redirect{ID: r.id, Domain: r.host, Path: r.path, Target: r.target, Action: r.action}
}

// newRedirectRow turns a record into a row.
func newRedirectRow(r *client.Redirect) redirectRow {
	host := sanitize(client.Host(r.Domain))
	row := redirectRow{
		id: sanitize(r.ID), host: host, domain: sanitize(validate.DisplayHost(host)),
		path: sanitize(r.Path), target: sanitize(r.Target), action: sanitize(r.Action),
	}
	if row.path == "" || row.path[0] != '/' {
		row.path = "/" + row.path
	}
	row.arrow = "→ " + row.target
	row.oldURL = client.PublicURL(host, row.path)
	return row
}

// place is what tells two redirects apart for the service: the domain and the path
// without case.
func (r *redirectRow) place() string { return r.host + strings.ToLower(r.path) }

// redirectRows turns a list into rows sorted by domain, then path.
func redirectRows(list []client.Redirect) []redirectRow {
	rows := make([]redirectRow, 0, len(list))
	for i := range list {
		rows = append(rows, newRedirectRow(&list[i]))
	}
	slices.SortStableFunc(rows, compareRedirects)
	return rows
}

func compareRedirects(a, b redirectRow) int {
	if c := strings.Compare(a.domain, b.domain); c != 0 {
		return c
	}
	if c := strings.Compare(strings.ToLower(a.path), strings.ToLower(b.path)); c != 0 {
		return c
	}
	return strings.Compare(a.id, b.id)
}

// redirectsMsg is the location's redirects, or why they could not all be read (the
// rows read before a walk stopped come with its error).
type redirectsMsg struct {
	seq  uint64
	rows []redirectRow
	err  error
	list []client.Redirect // as the server answered, for the local index
}

func (redirectsMsg) forBody() {}

// loadRedirects reads every redirect of the location.
func loadRedirects(ctx context.Context, c *client.Client, seq uint64) tea.Cmd {
	return func() tea.Msg {
		list, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
		return redirectsMsg{seq: seq, rows: redirectRows(list), err: err, list: list}
	}
}

// redirectsView is the Redirects view (U): every URL redirect of the location in
// one list over the whole body, filtered like a pane (the same virtual list, fuzzy
// filter and row cache), with n, e and d for the forms and y, Y for the addresses.
// Closing it keeps what was read, so opening it again is instant; r reads again.
type redirectsView struct {
	paneBase
	location string // the location the title names
	rows     []redirectRow
	byPlace  map[string]int // place() → index in rows
	cols     []column
	state    loadState
	err      error
	info     string // "8 redirects", for the title
	seq      uint64 // the load awaited; 0 = none
	cancel   context.CancelFunc
	pending  string       // the id to select once it is listed
	idx      *localIndex  // the local index the list read is kept in; nil: none
	fix      *redirectFix // a check's fix to open the edit form with once its redirect is listed
}

// redirectFix is a check's fix of a redirect: the target and action to give it, and
// the fix in words.
type redirectFix struct {
	id, target, action, text string
}

func newRedirectsView(sh *shared) *redirectsView {
	return &redirectsView{paneBase: newPaneBase(sh), byPlace: map[string]int{}}
}

// load starts reading the list again; what is shown stays until the answer.
func (v *redirectsView) load(parent context.Context, c *client.Client, seq uint64) tea.Cmd {
	v.stop()
	ctx, cancel := context.WithCancel(parent)
	v.seq, v.cancel, v.state = seq, cancel, stateLoading
	return loadRedirects(ctx, c, seq)
}

// stop gives up a load under way (the view was closed): it is read again next time.
func (v *redirectsView) stop() {
	if v.cancel != nil {
		v.cancel()
		v.cancel = nil
	}
	if v.seq != 0 {
		v.seq = 0
		if v.state == stateLoading {
			v.state = stateIdle
		}
	}
}

// apply takes a load's answer; one for another request is dropped.
func (v *redirectsView) apply(msg redirectsMsg) bool {
	if msg.seq != v.seq || v.seq == 0 {
		return false
	}
	v.seq, v.cancel = 0, nil
	v.state, v.err = stateReady, msg.err
	switch {
	case msg.err == nil:
	case errors.Is(msg.err, client.ErrIncompleteList):
		// What was read is good: show it, and say why the rest is missing.
		v.state = stateFailed
	default:
		v.state = stateFailed
		if len(msg.rows) == 0 {
			return true // keep the rows of the last good read
		}
	}
	v.setRows(msg.rows)
	return true
}

// setRows shows rows (sorted) and keeps the filter, and the cursor on the redirect it
// was on, or on the one waited for.
func (v *redirectsView) setRows(rows []redirectRow) {
	keep := ""
	if r := v.selected(); r != nil {
		keep = r.id
	}
	at := v.list.Cursor()
	v.rows = rows
	clear(v.byPlace)
	keys := make([]string, len(rows))
	var domainW, pathW, targetW, actionW int
	for i := range rows {
		r := &rows[i]
		v.byPlace[r.place()] = i
		keys[i] = strings.ToLower(r.domain + " " + r.path + " " + r.target + " " + r.action)
		domainW = max(domainW, ansi.StringWidth(r.domain))
		pathW = max(pathW, ansi.StringWidth(r.path))
		targetW = max(targetW, ansi.StringWidth(r.arrow))
		actionW = max(actionW, len(r.action))
	}
	v.cols = []column{
		{natural: domainW, min: 12},
		{natural: pathW, min: 8},
		{natural: targetW, min: 12, fill: true},
		{natural: actionW, min: actionW, optional: true},
	}
	v.info = plural(len(rows), "redirect")
	v.setKeys(keys)
	if v.input.Value() != "" {
		v.list.SetQuery(v.input.Value())
	}
	want := pick(v.pending != "", v.pending, keep)
	if i := v.indexOf(want); i < 0 || !v.list.SelectItem(i) {
		v.list.SetCursor(at)
	} else if want == v.pending {
		v.pending = ""
	}
}

// indexOf is the row of the redirect id, or -1.
func (v *redirectsView) indexOf(id string) int {
	if id == "" {
		return -1
	}
	for i := range v.rows {
		if v.rows[i].id == id {
			return i
		}
	}
	return -1
}

// put shows a redirect the service made or changed, in its sorted place, and
// selects it. The filter is kept; when it hides the redirect, it is cleared.
func (v *redirectsView) put(r redirectRow) {
	rows := slices.Clone(v.rows)
	if i := v.indexOf(r.id); i >= 0 {
		rows = slices.Delete(rows, i, i+1)
	}
	at, _ := slices.BinarySearchFunc(rows, r, compareRedirects)
	rows = slices.Insert(rows, at, r)
	v.pending = r.id
	v.setRows(rows)
	if v.pending != "" && v.list.Filtering() {
		v.clearFilter()
		v.list.SelectItem(v.indexOf(r.id))
		v.pending = ""
	}
}

// remove drops a deleted redirect; the cursor stays where it was.
func (v *redirectsView) remove(id string) {
	i := v.indexOf(id)
	if i < 0 {
		return
	}
	at := v.list.Cursor()
	v.setRows(slices.Delete(slices.Clone(v.rows), i, i+1))
	v.list.SetCursor(at)
}

// selected is the redirect under the cursor, or nil.
func (v *redirectsView) selected() *redirectRow {
	i := v.list.Selected()
	if i < 0 || i >= len(v.rows) {
		return nil
	}
	return &v.rows[i]
}

// at returns the redirect that redirects place, if it is listed.
func (v *redirectsView) at(host, path string) *redirectRow {
	if i, ok := v.byPlace[host+strings.ToLower(path)]; ok && i < len(v.rows) {
		return &v.rows[i]
	}
	return nil
}

// hosts are the domains of the redirects listed, for the new-redirect form.
func (v *redirectsView) hosts() []string {
	var out []string
	for i := range v.rows {
		if h := v.rows[i].host; len(out) == 0 || out[len(out)-1] != h {
			out = append(out, h)
		}
	}
	return out
}

// lines draws the view as a framed pane of the size setSize gave. The lines belong
// to the view's frame cache: read them before the next draw.
func (v *redirectsView) lines(location string) []string {
	w, h := v.width, v.height
	empty := "No redirects yet: n makes one (a path of a domain sent to another address)"
	body := v.renderBody(w-2, h-2, v.state, v.err, "redirects", empty, v.cols, v.row, true)
	info := location
	if v.info != "" {
		info = pick(location != "", location+" · ", "") + v.info
	}
	pv := paneView{title: "Redirects", info: v.staleInfo(v.state, v.err, info), body: body, pos: v.position()}
	return v.drawn.draw(v.sh, w, h, true, pv, v.filterView())
}

// row draws one redirect: domain, path, → target, action.
func (v *redirectsView) row(i, width int, selected, focused bool, widths []int) string {
	r := &v.rows[i]
	st := &v.sh.styles
	return markedRow(st, width, selected, focused, widths, []cell{
		{text: r.domain, style: st.RowMuted},
		{text: r.path, style: st.Row, middle: true},
		{text: r.arrow, style: st.RowFaint, middle: true},
		{text: r.action, style: st.Badge},
	}, v.sh.health[r.id])
}

// keys are the footer's keys while the view is shown.
func (v *redirectsView) keys() []key.Binding {
	k := v.sh.keys
	if v.typing {
		return v.sh.markRefused(k.filterHelp(), true)
	}
	return v.sh.markRefused([]key.Binding{k.Arrows, as(k.of(actNewRedirect), "new"), as(k.of(actEditRedirect), "edit"), as(k.of(actDeleteRedirect), "delete"),
		k.of(actCopyOldURL), k.of(actCopyTarget), k.Filter, as(k.Cancel, "close"), k.Palette, k.Help, as(k.Refresh, "reload"), k.of(actOpenOldURL),
		as(k.of(actImportRedirects), "import"), as(k.of(actExportRedirects), "export"), as(k.of(actRedirectsCSV), "CSV")}, true)
}
