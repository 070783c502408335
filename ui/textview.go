package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// textView is a scrollable result in an overlay: what a lookup found, what a form's
// request answered. It may open before its answer (a lookup without input) and is
// filled when the answer comes.
type textView struct {
	sh      *shared
	doc     doc
	seq     uint64  // the request it waits for; 0 = none
	req     loadCtx // its context, cancelled when the view closes first
	offset  int
	keyW    int // width of the pair keys
	tableW  int // the widest table's rows on one line each, 0 without a table
	table   tableLayout
	waiting string
	back    modal  // what esc goes back to (the log a request was opened from); nil closes
	curl    string // a request as curl, copied by c; "" = nothing to copy
	curlOf  string // the request it is ("GET /funnels/page")
}

func newTextView(sh *shared, d doc) *textView {
	v := &textView{sh: sh}
	v.fill(d)
	return v
}

// newWaitingView is a view whose answer is on its way.
func newWaitingView(sh *shared, title string, seq uint64) *textView {
	v := &textView{sh: sh, doc: doc{title: title}, seq: seq, waiting: "Asking the server…"}
	v.req.start(sh.loads)
	return v
}

// fill shows d.
func (v *textView) fill(d doc) {
	v.doc, v.seq, v.waiting, v.offset = d, 0, "", 0
	v.req.stop()
	v.keyW = 0
	for _, l := range d.lines {
		if l.kind == linePair {
			v.keyW = max(v.keyW, ansi.StringWidth(l.key))
		}
	}
	v.keyW = min(v.keyW, 22)
	v.tableW, v.table = 0, tableLayout{}
	for i := 0; i < len(d.lines); i++ {
		j := i
		for j < len(d.lines) && d.lines[j].kind == lineTable {
			j++
		}
		if j > i {
			v.tableW = max(v.tableW, naturalTableWidth(d.lines[i:j]))
			i = j
		}
	}
}

func (v *textView) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	k := v.sh.keys
	page := max(1, v.sh.bodyHeight()-4)
	switch {
	case key.Matches(km, k.Cancel, k.Back, k.Quit):
		if v.back != nil {
			h.show(v.back)
			return nil, false
		}
		return nil, true
	case v.curl != "" && key.Matches(km, k.CopyCurl):
		return copyCurl(h, v.curl, v.curlOf), false
	case key.Matches(km, k.Up):
		v.offset = max(0, v.offset-1)
	case key.Matches(km, k.Down):
		v.offset++
	case key.Matches(km, k.PageUp):
		v.offset = max(0, v.offset-page)
	case key.Matches(km, k.PageDown):
		v.offset += page
	case key.Matches(km, k.Top):
		v.offset = 0
	case key.Matches(km, k.Bottom):
		v.offset = 1 << 30
	}
	v.offset = min(v.offset, v.maxOffset())
	return nil, false
}

// maxOffset is the furthest the view scrolls on the terminal of the moment.
func (v *textView) maxOffset() int {
	visible := max(1, v.sh.bodyHeight()-2)
	return max(0, len(v.render(v.width(v.sh.width)-4))-visible)
}

func (v *textView) keys() []key.Binding {
	if v.back != nil {
		out := []key.Binding{as(v.sh.keys.Arrows, "scroll")}
		if v.curl != "" {
			out = append(out, as(v.sh.keys.CopyCurl, "copy as curl"))
		}
		return append(out, as(v.sh.keys.Cancel, "back"))
	}
	return v.sh.keys.viewHelp()
}

// viewWidth is the width of a result view on a terminal w cells wide.
func viewWidth(w int) int { return min(w, 100) }

// width is v's width on a terminal w cells wide: a table may take more than prose,
// up to what puts each of its rows on one line.
func (v *textView) width(w int) int {
	return min(w, max(viewWidth(w), v.tableW+4))
}

// render draws the lines wrapped to w cells.
func (v *textView) render(w int) []string {
	st := &v.sh.styles
	if v.waiting != "" {
		return []string{st.Loading.Render(v.sh.spinner.View() + " " + v.waiting)}
	}
	var out []string
	for i := 0; i < len(v.doc.lines); i++ {
		l := v.doc.lines[i]
		switch l.kind {
		case lineTable:
			j := i
			for j < len(v.doc.lines) && v.doc.lines[j].kind == lineTable {
				j++
			}
			out = append(out, v.renderTable(v.doc.lines[i:j], w)...)
			i = j - 1
			continue
		case linePair:
			kw := v.keyW
			valW := max(8, w-kw-2)
			vals := wrapText(l.text, valW)
			for i, part := range vals {
				k := ""
				if i == 0 {
					k = l.key
				}
				out = append(out, st.DetailKey.Render(fitCell(k, kw, false))+"  "+st.DetailValue.Render(part))
			}
			continue
		}
		style := st.Row
		switch l.kind {
		case lineHeading:
			style = st.DetailSection
		case lineOK:
			style = st.Status
		case lineBad:
			style = st.Error
		case lineMuted:
			style = st.RowMuted
		}
		if l.text == "" {
			out = append(out, "")
			continue
		}
		for _, part := range wrapText(l.text, w) {
			out = append(out, style.Render(part))
		}
	}
	return out
}

func (v *textView) view(w, h int) (string, int, int) {
	bw := v.width(w)
	body := v.render(bw - 4) // a space either side inside the border
	visible := max(1, h-2)
	offset := min(v.offset, max(0, len(body)-visible))
	footer := pick(v.back != nil, "esc back", "esc close")
	if len(body) > visible {
		footer = "↑↓ scroll · " + footer
	}
	bh := min(h, len(body)+2)
	return v.sh.box(bw, bh, v.doc.title, body[offset:], footer), (w - bw) / 2, max(0, min(1, (h-bh)/3))
}

// copyCurl copies a request as a curl command, which reads the token from
// $FUNNELS_TOKEN instead of holding it, and says so.
func copyCurl(h host, curl, what string) tea.Cmd {
	h.setInfo("copied curl for " + what + " — token from $FUNNELS_TOKEN")
	return h.copyText(curl)
}

// renderTable draws rows at w cells in the layout chosen for that width.
func (v *textView) renderTable(rows []docLine, w int) []string {
	if v.table.w != w || v.table.first != &rows[0] {
		v.table = layoutTable(rows, w)
	}
	if v.table.compact {
		return v.compactTable(rows, w)
	}
	return v.columnTable(rows, v.table.widths)
}

// cellStyle is how cell c of row r is drawn: the heading as a heading, the answer in
// its tone, the rest muted.
func (v *textView) cellStyle(r docLine, c int) lipgloss.Style {
	st := &v.sh.styles
	switch {
	case r.tone == lineHeading:
		return st.DetailSection
	case c == 1 && r.tone == lineOK:
		return st.Status
	case c == 1 && r.tone == lineBad:
		return st.Error
	case c == 1 && r.tone == lineMuted, c >= 2:
		return st.RowMuted
	}
	return st.DetailValue
}

// columnTable draws rows in columns of widths, every cell wrapped within its column.
func (v *textView) columnTable(rows []docLine, widths []int) []string {
	var out []string
	gap := strings.Repeat(" ", tableGap)
	for _, r := range rows {
		cols := make([][]string, len(widths))
		height := 1
		for c := range widths {
			cell := ""
			if c < len(r.cells) {
				cell = r.cells[c]
			}
			cols[c] = wrapCell(cell, widths[c], c)
			height = max(height, len(cols[c]))
		}
		for line := range height {
			var b strings.Builder
			for c := range widths {
				part := ""
				if line < len(cols[c]) {
					part = cols[c][line]
				}
				if c > 0 {
					b.WriteString(gap)
				}
				b.WriteString(v.cellStyle(r, c).Render(fitCell(part, widths[c], false)))
			}
			out = append(out, strings.TrimRight(b.String(), " "))
		}
	}
	return out
}

// compactTable draws rows compact (compactRow): the first cell, the answer in its
// tone, the rest muted after them or indented under them.
func (v *textView) compactTable(rows []docLine, w int) []string {
	st := &v.sh.styles
	labels := tableLabels(rows)
	var out []string
	for _, r := range rows {
		if r.tone == lineHeading {
			continue
		}
		head, rest := compactRow(r, labels, w)
		for i, l := range head {
			s := st.DetailValue.Render(l)
			if i == len(head)-1 && len(r.cells) > 1 && r.cells[1] != "" {
				// The answer ends the head's last line (alone on it, or after the route).
				cut := len(l) - len(r.cells[1])
				s = st.DetailValue.Render(l[:cut]) + v.cellStyle(r, 1).Render(r.cells[1])
			}
			if i == len(head)-1 && rest == nil {
				if more := compactMore(r, labels); more != "" {
					s += "  " + st.RowMuted.Render(more)
				}
			}
			out = append(out, s)
		}
		for _, l := range rest {
			out = append(out, "  "+st.RowMuted.Render(l))
		}
	}
	return out
}
