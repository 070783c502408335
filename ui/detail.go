package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
)

// field is one key of a record and its value, sanitised and compact.
type field struct{ key, value string }

// pageDetail is GET /funnels/page/{id}, ready to draw: every field the server sent,
// sorted by key, nested objects and arrays as compact JSON.
type pageDetail struct {
	id       string
	name     string
	archived bool
	fields   []field
	partial  string // why only the page list's fields are here; "" for the page's own record
}

// newPageDetail flattens a page's raw record into fields.
func newPageDetail(p *client.Page) *pageDetail {
	d := &pageDetail{id: p.ID, name: displayName(p.Name, p.ID), archived: p.Deleted}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(p.Raw, &obj); err != nil {
		if len(bytes.TrimSpace(p.Raw)) > 0 {
			d.fields = []field{{"record", compactJSON(p.Raw)}}
		}
		return d
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		d.fields = append(d.fields, field{key: sanitize(k), value: compactJSON(obj[k])})
	}
	return d
}

// compactJSON renders a JSON value in one line: strings without their quotes,
// anything else as compact JSON.
func compactJSON(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return sanitize(s)
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return sanitize(string(raw))
	}
	return sanitize(b.String())
}

// detailView shows one page: whether it is live or archived, its public URL, where it
// sits, and every field of its record. It scrolls; esc closes it.
type detailView struct {
	sh       *shared
	pageID   string
	funnelID string // the page's funnel, whose page list stands in where the page's route is refused
	seq      uint64
	req      loadCtx // the context of request seq, cancelled when the detail closes
	state    loadState
	err      error
	page     *pageDetail
	row      pageRow // what the list knew, shown until the record arrives
	step     stepRow
	lines    []string // rendered for the current size (setSize), so View only slices them
	boxW     int
	boxH     int
	offset   int
	height   int // visible lines

	docs map[string]*pageDetail // the browser's page records read, by id: the record read is kept there
}

func newDetailView(sh *shared, funnelID string, row pageRow, step stepRow, seq uint64, docs map[string]*pageDetail) *detailView {
	d := &detailView{sh: sh, pageID: row.id, funnelID: funnelID, row: row, step: step, seq: seq, state: stateLoading, docs: docs}
	if seq != 0 {
		d.req.start(sh.loads)
	}
	return d
}

// update takes the page's record, and keeps it for the browser (going back to the
// page shows it at once); a failure goes to the status bar.
func (d *detailView) update(h bodyHost, msg bodyMsg) (tea.Cmd, bool) {
	pm, ok := msg.(pageMsg)
	if !ok || !d.apply(pm) {
		return nil, false
	}
	if pm.err != nil {
		h.setErr(pm.err)
	} else {
		d.docs[pm.pageID] = pm.detail
	}
	return nil, true
}

// apply takes the page's record; a reply for another request is dropped.
func (d *detailView) apply(msg pageMsg) bool {
	if msg.pageID != d.pageID || msg.seq != d.seq || d.seq == 0 {
		return false
	}
	d.seq = 0
	d.req.stop()
	if msg.err != nil {
		d.state, d.err = stateFailed, msg.err
	} else {
		d.state, d.err, d.page = stateReady, nil, msg.detail
	}
	d.relayout()
	return true
}

// reload reads the page's record again (r).
func (d *detailView) reload(h bodyHost) tea.Cmd {
	seq := h.next()
	d.seq, d.state = seq, stateLoading
	d.relayout()
	return loadPage(d.req.start(d.sh.loads), h.api(), d.funnelID, d.pageID, seq)
}

// close calls off the read of the page's record.
func (d *detailView) close() { d.req.stop() }

func (d *detailView) busy() bool { return d.seq != 0 }

// A detail takes no paste and no click; the wheel scrolls it.
func (d *detailView) paste(tea.PasteMsg) tea.Cmd { return nil }
func (d *detailView) wheel(_, delta int)         { d.scroll(delta) }
func (d *detailView) click(_, _ int)             {}
func (d *detailView) restyle()                   { d.relayout() }

// keys are what the footer shows while the detail is open.
func (d *detailView) keys() []key.Binding { return d.sh.markRefused(d.sh.keys.detailHelp(), false) }

// copyTarget is the page: its id, or its public URL.
func (d *detailView) copyTarget(wantURL bool) (what, text, problem string) {
	switch {
	case !wantURL:
		return "page id", d.pageID, ""
	case d.url() == "":
		return "", "", noDomain(d.step.funnel)
	}
	return "URL", d.url(), ""
}

// setSize fits the detail to a pane area of w×h.
func (d *detailView) setSize(w, h int) {
	d.boxW, d.boxH = w, h
	d.height = max(1, h-2)
	d.relayout()
}

// relayout renders the lines again (after a resize, a load or a theme change).
func (d *detailView) relayout() {
	if d.boxW <= 4 {
		d.lines = nil
		return
	}
	d.lines = d.render(d.boxW - 4)
	d.scroll(0)
}

// url is the page's public URL, or "".
func (d *detailView) url() string { return d.step.url }

// key closes the detail (esc) or scrolls it; any other key is the shared keys'.
func (d *detailView) key(_ bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	k := d.sh.keys
	switch {
	case key.Matches(msg, k.Cancel, k.Back):
		return nil, keyClose
	case d.scrollKey(msg):
		return nil, keyUsed
	}
	return nil, keyPassed
}

// actionScope: the keys passed on run the table's actions of a page's detail.
func (d *detailView) actionScope() scope { return inDetail }

// scrollKey moves the view; it reports whether msg was a scrolling key.
func (d *detailView) scrollKey(msg tea.KeyPressMsg) bool {
	k := d.sh.keys
	switch {
	case key.Matches(msg, k.Up):
		d.scroll(-1)
	case key.Matches(msg, k.Down):
		d.scroll(1)
	case key.Matches(msg, k.PageUp):
		d.scroll(-max(1, d.height-1))
	case key.Matches(msg, k.PageDown):
		d.scroll(max(1, d.height-1))
	case key.Matches(msg, k.Top):
		d.offset = 0
	case key.Matches(msg, k.Bottom):
		d.offset = max(0, len(d.lines)-d.height)
	default:
		return false
	}
	return true
}

func (d *detailView) scroll(delta int) {
	d.offset = min(max(0, d.offset+delta), max(0, len(d.lines)-d.height))
}

// view draws the detail over the whole pane area.
func (d *detailView) view() []string { return strings.Split(d.frame(), "\n") }

func (d *detailView) frame() string {
	body := d.lines[min(d.offset, len(d.lines)):]
	if d.state == stateLoading && len(body) < d.height {
		body = append(body[:len(body):len(body)], " "+d.sh.spinner.View()+" "+d.sh.styles.Loading.Render("Loading every field of the page…"))
	}
	pos := ""
	if len(d.lines) > d.height {
		pos = strconv.Itoa(d.offset+1) + "–" + strconv.Itoa(min(len(d.lines), d.offset+d.height)) + " of " + strconv.Itoa(len(d.lines))
	}
	return d.sh.box(d.boxW, d.boxH, "Page · "+d.title(), body, pos)
}

func (d *detailView) title() string {
	if d.page != nil {
		return d.page.name
	}
	return d.row.name
}

// render lays out every line of the detail for a width.
func (d *detailView) render(width int) []string {
	st := &d.sh.styles
	archived := d.row.archived
	if d.page != nil {
		archived = d.page.archived
	}
	status := st.Status.Render("● live")
	if archived {
		status = st.Archived.Render("archived")
	} else if d.row.role != "" {
		status += st.Split.Render(" · " + d.row.role + " of the split test")
	}
	url := st.DetailValue.Render(d.step.url)
	if d.step.url == "" {
		url = st.Empty.Render("no domain attached — attach one to the funnel to publish it")
	}
	stepText := strconv.Itoa(d.step.seq) + " · " + d.step.name
	if d.step.kind != "" {
		stepText += " (" + d.step.kind + ")"
	}
	if d.step.split != "" {
		stepText += " · split " + d.step.split
	}
	head := []field{
		{"Status", status},
		{"Public URL", url},
		{"Funnel", st.DetailValue.Render(d.step.funnel)},
		{"Step", st.DetailValue.Render(stepText)},
		{"Page id", st.DetailValue.Render(sanitize(d.pageID))},
	}
	var lines []string
	lines = appendFields(lines, st, head, 12, width, false)
	lines = append(lines, "")
	switch d.state {
	case stateLoading:
		return lines // the spinner line is added at view time
	case stateFailed:
		lines = append(lines, errorLines(st, d.err, width)...)
	default:
		if d.page.partial != "" {
			lines = append(lines, st.DetailSection.Render("Fields")+st.DetailKey.Render("  from the page list (GET /funnels/page)"))
			for _, l := range wrapText("Partial: "+d.page.partial+".", max(1, width-2)) {
				lines = append(lines, "  "+st.Notice.Render(l))
			}
		} else {
			lines = append(lines, st.DetailSection.Render("Fields")+st.DetailKey.Render("  GET /funnels/page/"+sanitize(d.pageID)))
		}
		keyW := 0
		for _, f := range d.page.fields {
			keyW = max(keyW, ansi.StringWidth(f.key))
		}
		fields := appendFields(nil, st, d.page.fields, min(keyW+2, max(8, width/3)), width-2, true)
		for _, f := range fields {
			lines = append(lines, "  "+f) // indented under their heading
		}
	}
	return lines
}

// appendFields lays out key/value rows: keys in a column, long values wrapped under
// their own start.
func appendFields(lines []string, st *Styles, fields []field, keyW, width int, plain bool) []string {
	valW := max(8, width-keyW)
	for _, f := range fields {
		k := st.DetailKey.Render(fitCell(f.key, keyW, false))
		if !plain {
			lines = append(lines, fit(k+f.value, width))
			continue
		}
		parts := wrapText(f.value, valW)
		if f.value == "" {
			parts = []string{""}
		}
		for i, p := range parts {
			if i > 0 {
				k = strings.Repeat(" ", keyW)
			}
			lines = append(lines, k+st.DetailValue.Render(p))
		}
	}
	return lines
}

// pageMsg is one page's full record, for the detail view.
type pageMsg struct {
	pageID string
	seq    uint64
	detail *pageDetail
	err    error
}

func (pageMsg) forBody() {}

// loadPage reads one page with every field the server sends; where the page's own
// route is refused to this sign-in, the page list of its funnel stands in, marked
// partial.
func loadPage(ctx context.Context, c *client.Client, funnelID, pageID string, seq uint64) tea.Cmd {
	return func() tea.Msg {
		read, _, err := c.PageDetail(ctx, funnelID, pageID)
		msg := pageMsg{pageID: pageID, seq: seq, err: err}
		if err == nil {
			msg.detail = newPageDetail(&read.Page)
			if read.Partial {
				msg.detail.partial = partialReason(read.Refusal)
			}
		}
		return msg
	}
}

// partialReason says why a page's detail holds only what the page list gave.
func partialReason(refusal *client.APIError) string {
	if refusal == nil {
		return "GET /funnels/page/{id} is not open to this sign-in"
	}
	if refusal.Refusal == client.RefusedMissing {
		return "GET /funnels/page/{id} is " + client.NotOnServer + " (" + strconv.Itoa(refusal.StatusCode) + ")"
	}
	return "GET /funnels/page/{id} answered " + sanitize(strconv.Itoa(refusal.StatusCode)+" "+refusal.Message()) +
		" — it needs " + sanitize(refusal.Need())
}

// noDomain is why name has no public URL.
func noDomain(name string) string {
	return name + " has no domain attached, so it has no public URL yet"
}

// isDetail reports whether b is a page's detail.
func isDetail(b body) bool { _, ok := b.(*detailView); return ok }
