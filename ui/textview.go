package ui

import (
	"bytes"
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// doc is what a result view shows: lines of a few kinds, every string from the
// server sanitised when the doc is made (in the command, off the render path).
type doc struct {
	title string
	lines []docLine
}

type lineKind int

const (
	lineText    lineKind = iota
	lineHeading          // a section title
	linePair             // key and value, keys aligned
	lineOK               // ✓ what worked
	lineBad              // ✗ what did not
	lineMuted            // raw JSON, hints
	lineTable            // a row of a table: cells in columns, wrapped within them
)

type docLine struct {
	kind  lineKind
	key   string
	text  string
	cells []string // lineTable
	tone  lineKind // lineTable: how the second cell is drawn (lineOK, lineBad, lineMuted); lineHeading for the header
}

func (d *doc) heading(s string) { d.lines = append(d.lines, docLine{kind: lineHeading, text: s}) }
func (d *doc) text(s string)    { d.lines = append(d.lines, docLine{kind: lineText, text: s}) }
func (d *doc) ok(s string)      { d.lines = append(d.lines, docLine{kind: lineOK, text: "✓ " + s}) }
func (d *doc) bad(s string)     { d.lines = append(d.lines, docLine{kind: lineBad, text: "✗ " + s}) }
func (d *doc) muted(s string)   { d.lines = append(d.lines, docLine{kind: lineMuted, text: s}) }
func (d *doc) blank()           { d.lines = append(d.lines, docLine{}) }
func (d *doc) pair(k, v string) { d.lines = append(d.lines, docLine{kind: linePair, key: k, text: v}) }

// row adds a row of a table; consecutive rows are one table, laid out together.
func (d *doc) row(tone lineKind, cells ...string) {
	d.lines = append(d.lines, docLine{kind: lineTable, cells: cells, tone: tone})
}

func (d *doc) pairIf(k, v string) {
	if v != "" {
		d.pair(k, v)
	}
}

// json adds a JSON body, indented, one sanitised line per line, at most maxJSONLines.
func (d *doc) json(raw []byte) {
	const maxJSONLines = 400
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return
	}
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		b.Reset()
		b.Write(raw)
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		if i == maxJSONLines {
			d.muted("… " + plural(len(lines)-i, "more line"))
			break
		}
		d.muted(sanitize(l))
	}
}

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
	waiting string
	back    modal // what esc goes back to (the log a request was opened from); nil closes
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
}

func (v *textView) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	k := v.sh.keys
	page := max(1, v.sh.height-chromeRows-4)
	switch {
	case key.Matches(km, k.Cancel, k.Back, k.Quit):
		if v.back != nil {
			h.show(v.back)
			return nil, false
		}
		return nil, true
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
	visible := max(1, v.sh.height-chromeRows-2)
	return max(0, len(v.render(viewWidth(v.sh.width)-4))-visible)
}

func (v *textView) keys() []key.Binding {
	if v.back != nil {
		return []key.Binding{as(v.sh.keys.Arrows, "scroll"), as(v.sh.keys.Cancel, "back")}
	}
	return v.sh.keys.viewHelp()
}

// viewWidth is the width of a result view on a terminal w cells wide.
func viewWidth(w int) int { return min(w, 100) }

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
	bw := viewWidth(w)
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

// renderTable lays rows out in columns at w cells: each column as wide as its widest
// cell where that fits, the last columns sharing what is left, every cell wrapped
// within its column. Too narrow for columns, each row is stacked: its first cells on
// one line, the others indented under them.
func (v *textView) renderTable(rows []docLine, w int) []string {
	st := &v.sh.styles
	n := 0
	for _, r := range rows {
		n = max(n, len(r.cells))
	}
	natural := make([]int, n)
	for _, r := range rows {
		for c, cell := range r.cells {
			natural[c] = max(natural[c], ansi.StringWidth(cell))
		}
	}
	const gap = 2
	widths := make([]int, n)
	used := 0
	for c := 0; c < min(2, n); c++ {
		widths[c] = min(natural[c], []int{40, 20}[c])
		used += widths[c] + gap
	}
	rest := w - used - gap*max(0, n-3)
	shareable := n - min(2, n)
	if shareable > 0 && rest < 16*shareable {
		return v.stackTable(rows, w)
	}
	for c := 2; c < n; c++ {
		left := n - c
		widths[c] = min(natural[c], rest/left)
		if c == n-1 {
			widths[c] = rest
		}
		rest -= widths[c]
	}
	style := func(r docLine, c int) lipgloss.Style {
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
	var out []string
	for _, r := range rows {
		cols := make([][]string, n)
		height := 1
		for c := range n {
			cell := ""
			if c < len(r.cells) {
				cell = r.cells[c]
			}
			cols[c] = wrapText(cell, max(1, widths[c]))
			height = max(height, len(cols[c]))
		}
		for line := range height {
			var b strings.Builder
			for c := range n {
				part := ""
				if line < len(cols[c]) {
					part = cols[c][line]
				}
				if c > 0 {
					b.WriteString(strings.Repeat(" ", gap))
				}
				b.WriteString(style(r, c).Render(fitCell(part, widths[c], false)))
			}
			out = append(out, b.String())
		}
	}
	return out
}

// stackTable is renderTable for a narrow view: the first two cells of a row on one
// line, each other cell on lines of its own, indented.
func (v *textView) stackTable(rows []docLine, w int) []string {
	st := &v.sh.styles
	var out []string
	for _, r := range rows {
		if r.tone == lineHeading {
			continue
		}
		head := strings.Join(r.cells[:min(2, len(r.cells))], "  ")
		for _, l := range wrapText(head, w) {
			out = append(out, st.DetailValue.Render(l))
		}
		for _, cell := range r.cells[min(2, len(r.cells)):] {
			if cell == "" {
				continue
			}
			for _, l := range wrapText(cell, max(1, w-2)) {
				out = append(out, "  "+st.RowMuted.Render(l))
			}
		}
	}
	return out
}
