package ui

import (
	"errors"
	"slices"
	"strconv"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/ui/list"
)

// loadState is where a pane's data stands.
type loadState int

const (
	stateIdle    loadState = iota // nothing asked yet (or nothing to ask)
	stateLoading                  // a request is out and nothing is cached
	stateReady
	stateFailed
)

// paneBase is what the three list panes share: the virtual list, the filter input
// that lives in the pane's title line, and the state of its data.
type paneBase struct {
	sh     *shared
	list   list.List
	input  textinput.Model
	typing bool   // the filter input has focus: every key goes to it
	query  string // the filter as typed, sanitised once for drawing
	width  int    // outer size of the pane, set by the browser's placing (or the view's size)
	height int
	rows   rowCache
	drawn  frameCache // the pane's frame as drawn last (viewcache.go)
	fitted fittedColumns
}

// fittedColumns are the column widths of the rows as last fitted, and what they were
// fitted from: they are worked out again only when the data's columns or the width
// change, not on every frame.
type fittedColumns struct {
	cols   []column
	avail  int
	widths []int
}

// get returns fitColumns(cols, avail), fitting again only when cols or avail
// differ from the last call's.
func (f *fittedColumns) get(cols []column, avail int) []int {
	if f.widths != nil && avail == f.avail && slices.Equal(cols, f.cols) {
		return f.widths
	}
	f.cols = append(f.cols[:0], cols...)
	f.avail = avail
	f.widths = fitColumnsInto(f.widths, cols, avail)
	return f.widths
}

// rowCache keeps the drawn rows that are not selected, so a cursor move redraws two
// rows rather than a screenful, and the selected row while the cursor stays on it. It
// is keyed by item and emptied whenever what a row looks like could change: new items,
// other column widths, another theme.
type rowCache struct {
	lines  map[int]string
	widths []int
	width  int

	dim bool // the rows are drawn faint: they are stale

	sel struct { // the selected row
		ok      bool
		item    int
		focused bool
		line    string
	}
}

// row returns the cached row of item for these widths, clearing the cache first
// when the widths changed.
func (c *rowCache) row(item, width int, widths []int) (string, bool) {
	if !c.check(width, widths) {
		return "", false
	}
	s, ok := c.lines[item]
	return s, ok
}

// selectedRow is row for the selected row, drawn focused or not.
func (c *rowCache) selectedRow(item, width int, widths []int, focused bool) (string, bool) {
	if !c.check(width, widths) || !c.sel.ok || c.sel.item != item || c.sel.focused != focused {
		return "", false
	}
	return c.sel.line, true
}

// check empties the cache when the rows are drawn at other widths than the cached
// ones; it reports whether the cache was kept.
func (c *rowCache) check(width int, widths []int) bool {
	if c.lines == nil || width != c.width || !slices.Equal(widths, c.widths) {
		c.reset()
		c.width, c.widths = width, slices.Clone(widths)
		return false
	}
	return true
}

// storeSelected keeps the selected row.
func (c *rowCache) storeSelected(item int, focused bool, line string) {
	c.sel.ok, c.sel.item, c.sel.focused, c.sel.line = true, item, focused, line
}

// store keeps a row; the cache never grows past a few screens.
func (c *rowCache) store(item int, line string, limit int) {
	if len(c.lines) > limit {
		clear(c.lines)
	}
	c.lines[item] = line
}

// dimmed empties the cache when the rows turn stale or fresh again.
func (c *rowCache) dimmed(dim bool) {
	if dim != c.dim {
		c.reset()
		c.dim = dim
	}
}

func (c *rowCache) reset() {
	if c.lines == nil {
		c.lines = map[int]string{}
	}
	clear(c.lines)
	c.widths = nil
	c.sel.ok, c.sel.line = false, ""
}

// setKeys gives the list new items (and forgets the rows drawn for the old ones).
func (p *paneBase) setKeys(keys []string) {
	p.list.SetKeys(keys)
	p.rows.reset()
}

func newPaneBase(sh *shared) paneBase {
	in := textinput.New()
	in.Prompt = "/"
	in.CharLimit = 200
	p := paneBase{sh: sh, input: in}
	p.restyle()
	return p
}

// restyle applies the theme to the filter input and drops rows drawn in the old one.
func (p *paneBase) restyle() {
	p.rows.reset()
	st := textinput.DefaultStyles(p.sh.theme.Dark)
	st.Focused.Prompt = p.sh.styles.FilterPrompt
	st.Blurred.Prompt = p.sh.styles.FilterPrompt
	st.Focused.Text = p.sh.styles.FilterText
	st.Blurred.Text = p.sh.styles.FilterPrompt
	st.Cursor.Blink = false // a blinking cursor is a timer that never ends; a steady one reads as well
	st.Cursor.Color = p.sh.theme.Accent
	p.input.SetStyles(st)
}

// setSize records the pane's outer size and sizes the list and the filter input to
// fit inside the frame.
func (p *paneBase) setSize(w, h int) {
	p.width, p.height = w, h
	p.list.SetHeight(max(1, h-2))
	p.input.SetWidth(max(1, w-20))
}

// setQuery filters the list by what the input holds.
func (p *paneBase) syncQuery() {
	p.query = sanitize(p.input.Value())
	p.list.SetQuery(p.input.Value())
}

// startFilter gives the filter input the keys, keeping the current query to edit.
func (p *paneBase) startFilter() tea.Cmd {
	p.typing = true
	p.input.CursorEnd()
	return p.input.Focus()
}

// clearFilter drops the query and shows every row again.
func (p *paneBase) clearFilter() {
	p.typing = false
	p.input.Blur()
	p.input.Reset()
	p.syncQuery()
}

// filterFirst is what a list body does with a key before its own: while the filter
// input has focus the key is the filter's, and esc or back with a filter kept clears
// it. handled is false for every other key.
func (p *paneBase) filterFirst(msg tea.KeyPressMsg) (cmd tea.Cmd, handled bool) {
	if p.typing {
		return p.filterKey(msg), true
	}
	if key.Matches(msg, p.sh.keys.Cancel, p.sh.keys.Back) && p.list.Filtering() {
		p.clearFilter()
		return nil, true
	}
	return nil, false
}

// filterKey handles a key while the filter input has focus: enter keeps the filter,
// esc clears it, the arrows move the selection, anything else edits the query, which
// re-filters at once.
func (p *paneBase) filterKey(msg tea.KeyPressMsg) tea.Cmd {
	k := p.sh.keys
	switch {
	case key.Matches(msg, k.Accept):
		p.typing = false
		p.input.Blur()
		return nil
	case key.Matches(msg, k.Cancel):
		p.clearFilter()
		return nil
	case key.Matches(msg, k.ListUp):
		p.list.Move(-1)
		return nil
	case key.Matches(msg, k.ListDown):
		p.list.Move(1)
		return nil
	}
	// What is typed is drawn in the title line: no bidi override or control may
	// reach the terminal through it.
	msg.Text = sanitize(msg.Text)
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	p.syncQuery()
	return cmd
}

// filterPaste puts pasted text, made harmless, into the filter.
func (p *paneBase) filterPaste(msg tea.PasteMsg) tea.Cmd {
	msg.Content = sanitize(msg.Content)
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	p.syncQuery()
	return cmd
}

// navigate applies the list-moving keys; it reports whether msg was one of them.
func (p *paneBase) navigate(msg tea.KeyPressMsg) bool {
	k := p.sh.keys
	switch {
	case key.Matches(msg, k.Up):
		p.list.Move(-1)
	case key.Matches(msg, k.Down):
		p.list.Move(1)
	case key.Matches(msg, k.Top):
		p.list.Top()
	case key.Matches(msg, k.Bottom):
		p.list.Bottom()
	case key.Matches(msg, k.PageUp):
		p.list.PageUp()
	case key.Matches(msg, k.PageDown):
		p.list.PageDown()
	default:
		return false
	}
	return true
}

// renderBody draws the rows of the list, or the pane's state when there are none:
// a spinner while loading, the error with "press r to retry", or the empty text.
func (p *paneBase) renderBody(width, height int, state loadState, err error, what, empty string,
	cols []column, row func(item, width int, selected, focused bool, widths []int) string, focused bool) []string {
	st := &p.sh.styles
	pt := st.paints()
	lines := make([]string, 0, height)
	stale := p.stale(state, err)
	p.rows.dimmed(stale)
	switch {
	case state == stateLoading && p.list.Total() == 0:
		lines = append(lines, fit(" "+p.sh.spinner.View()+" "+pt.loading.render("Loading "+what+"…"), width))
	case state == stateFailed && p.list.Total() == 0:
		lines = append(lines, errorLines(st, err, width)...)
	case p.list.Total() == 0:
		for _, l := range wrapText(empty, max(1, width-2)) {
			lines = append(lines, fit(" "+pt.empty.render(l), width))
		}
	case p.list.Len() == 0:
		lines = append(lines, fit(" "+pt.empty.render("Nothing matches /"+p.query), width))
	default:
		widths := p.fitted.get(cols, rowAvail(width))
		from, to := p.list.Visible()
		for i := from; i < to && len(lines) < height; i++ {
			item := p.list.At(i)
			if i == p.list.Cursor() {
				line, ok := p.rows.selectedRow(item, width, widths, focused)
				if !ok {
					line = row(item, width, true, focused, widths)
					p.rows.storeSelected(item, focused, line)
				}
				lines = append(lines, line)
				continue
			}
			line, ok := p.rows.row(item, width, widths)
			if !ok {
				line = row(item, width, false, focused, widths)
				if stale {
					// A reload failed: the rows are what the server said before.
					line = pt.rowFaint.render(ansi.Strip(line))
				}
				p.rows.store(item, line, 4*height)
			}
			lines = append(lines, line)
		}
	}
	if state == stateFailed && p.list.Total() > 0 && len(lines) < height {
		// The refresh failed but the old rows are still good: say so under them.
		lines = append(lines, fit("", width))
		lines = append(lines, errorLines(st, err, width)...)
	}
	if len(lines) > height {
		lines = lines[:height]
	}
	return lines
}

// stale reports whether the rows shown are what the server said before a reload
// that failed: so from the failure until a reload succeeds, the retry included. A
// list the client stopped early is not stale: what it read is new.
func (p *paneBase) stale(state loadState, err error) bool {
	return err != nil && (state == stateFailed || state == stateLoading) && p.list.Total() > 0 &&
		!errors.Is(err, client.ErrIncompleteList)
}

// staleInfo is the title's context while the rows are stale: "stale — 503, reload
// failed" (the code early: a narrow title cuts the end) before info; info otherwise.
func (p *paneBase) staleInfo(state loadState, err error, info string) string {
	if !p.stale(state, err) {
		return info
	}
	return "stale — " + staleWhy(err) + ", reload failed" + pick(info != "", " · "+info, "")
}

// staleWhy is why a reload failed, in the few words a title has room for: the status
// code, a certificate this machine does not trust (the same on every try, so not
// "no answer"), or no answer.
func staleWhy(err error) string {
	if api, ok := errors.AsType[*client.APIError](err); ok {
		return strconv.Itoa(api.StatusCode)
	}
	if errors.Is(err, client.ErrUntrustedCertificate) {
		return "cert not trusted"
	}
	return "no answer"
}

// errorLines is a failed load in a pane: the status code and message, wrapped, and
// how to try again.
func errorLines(st *Styles, err error, width int) []string {
	var out []string
	p := st.paints()
	for _, l := range wrapText("✗ "+errorText(err), max(1, width-2)) {
		out = append(out, fit(" "+p.errorText.render(l), width))
	}
	return append(out, fit(" "+p.hint.render("press r to retry"), width))
}

// filterView is what the title line shows of the filter: the input while it is
// typed, the kept query after enter, nothing without a filter.
func (p *paneBase) filterView() string {
	switch {
	case p.typing:
		return p.input.View()
	case p.list.Filtering():
		return p.sh.styles.FilterPrompt.Render("/" + p.query)
	}
	return ""
}

// position is the "3/12" of the bottom border (and "3/12 of 40" while filtering).
func (p *paneBase) position() string {
	if p.list.Total() == 0 {
		return ""
	}
	cur := 0
	if p.list.Len() > 0 {
		cur = p.list.Cursor() + 1
	}
	s := strconv.Itoa(cur) + "/" + strconv.Itoa(p.list.Len())
	if p.list.Filtering() {
		s += " of " + strconv.Itoa(p.list.Total())
	}
	return s
}
