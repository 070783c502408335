package ui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// Sizes of the layout. At 100 columns or more the three panes sit side by side; from
// 60 the focused pane and its neighbour; below that the focused pane alone; below
// 40×10 nothing fits well enough to be useful, and a notice says so.
const (
	minWidth       = 40
	minHeight      = 10
	threePaneWidth = 100
	twoPaneWidth   = 60
	chromeRows     = 3 // header, footer, status bar
)

// Panes, left to right.
const (
	paneEntities = iota
	paneSteps
	panePages
	paneCount
)

// slot is where one pane is drawn.
type slot struct{ pane, x, w int }

// layout is the geometry of one frame.
type layout struct {
	tooSmall   bool
	slots      []slot
	bodyTop    int // first row of the panes
	bodyHeight int
	barRows    int // lines of the status bar: 2 while a long message shows
}

// computeLayout places the visible panes for a terminal of w×h with pane focus
// focused, sharing the width by what each pane's rows need (widths.go), above a status
// bar of barRows lines. Widths add up to w exactly.
func computeLayout(w, h, focus int, wants [paneCount]paneWant, barRows int) layout {
	if w < minWidth || h < minHeight {
		return layout{tooSmall: true}
	}
	barRows = max(1, min(2, barRows))
	l := layout{bodyTop: 1, bodyHeight: h - chromeRows - (barRows - 1), barRows: barRows}
	switch {
	case w >= threePaneWidth:
		ws := shareWidth(wants[:], w)
		a, b := ws[0], ws[1]
		l.slots = []slot{{paneEntities, 0, a}, {paneSteps, a, b}, {panePages, a + b, w - a - b}}
	case w >= twoPaneWidth:
		// The focused pane and the neighbour that shows what it leads to (or, for the
		// last pane, what it came from).
		left := focus
		if focus == panePages {
			left = paneSteps
		}
		ws := shareWidth(wants[left:left+2], w)
		a := ws[0]
		l.slots = []slot{{left, 0, a}, {left + 1, a, w - a}}
	default:
		l.slots = []slot{{focus, 0, w}}
	}
	return l
}

// paneAt returns the pane under column x, or -1.
func (l layout) paneAt(x int) int {
	for _, s := range l.slots {
		if x >= s.x && x < s.x+s.w {
			return s.pane
		}
	}
	return -1
}

// fit truncates s (which may hold styles) to w cells with "…" and pads it with spaces
// to exactly w cells, so no line of the view is ever too long or ragged.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := textWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// truncLeft keeps the end of s within w cells, marking the cut with "…".
func truncLeft(s string, w int) string {
	sw := ansi.StringWidth(s)
	if sw <= w {
		return s
	}
	if w <= 1 {
		return ansi.Truncate("…", w, "")
	}
	return "…" + ansi.TruncateLeft(s, sw-w+1, "")
}

// wrapText breaks plain text into lines of at most w cells, at spaces only
// (termtext.Wrap): a host name, a path or an id is never split at a hyphen.
func wrapText(s string, w int) []string { return termtext.Wrap(s, w) }

// frame draws a pane of exactly w×h cells: a rounded border in the theme's colour
// (the accent when focused), the title and the filter in the top border, the body
// inside, and pos at the right of the bottom border. The root draws its panes through
// frameCache.draw, which gives the same lines and redraws only what changed.
func (sh *shared) frame(w, h int, focused bool, v paneView, filter string) []string {
	bs := frameBorder(&sh.styles, focused)
	inner := w - 2
	lines := make([]string, 0, h)
	lines = append(lines, frameTop(&sh.styles, focused, inner, v.title, v.info, filter))
	left, right := frameSides(bs)
	blank := strings.Repeat(" ", inner)
	for i := 0; i < h-2; i++ {
		row := blank
		if i < len(v.body) {
			row = v.body[i] // already exactly inner cells wide (renderBody fits every line)
		}
		lines = append(lines, left+row+right)
	}
	return append(lines, frameBottom(&sh.styles, bs, inner, v.pos))
}

// frameBorder is the paint of a pane's border.
func frameBorder(st *Styles, focused bool) *paint {
	if focused {
		return &st.paints().borderFocused
	}
	return &st.paints().border
}

// frameSides are the left and right border of a row.
func frameSides(bs *paint) (left, right string) {
	s := bs.render("│")
	return s, s
}

// frameTop is the top border with the title (in the accent when focused, readable
// in either theme when not), its context and the filter.
func frameTop(st *Styles, focused bool, inner int, title, info, filter string) string {
	bs, tp := frameBorder(st, focused), &st.paints().title
	if focused {
		tp = &st.paints().titleFocused
	}
	room := max(0, inner-3)
	// The filter matters more than the context: when all three do not fit, the
	// context is cut (or left out) first, so what is typed stays in sight.
	if info != "" {
		have := room - textWidth(title) - textWidth(" · ")
		if filter != "" {
			have -= 1 + textWidth(filter)
		}
		switch {
		case have >= textWidth(info):
		case have >= 4:
			info = ansi.Truncate(info, have, "…")
		default:
			info = ""
		}
	}
	styled := tp.render(title)
	if info != "" {
		styled += st.paints().titleInfo.render(" · " + info)
	}
	if filter != "" {
		styled += " " + filter
	}
	tw := textWidth(styled)
	if tw > room {
		styled = ansi.Truncate(styled, room, "…")
		tw = ansi.StringWidth(styled)
	}
	fill := max(0, room-tw)
	return bs.render("╭─ ") + styled + bs.render(" "+strings.Repeat("─", fill)+"╮")
}

// frameBottom is the bottom border with the position at its right.
func frameBottom(st *Styles, bs *paint, inner int, pos string) string {
	if pw := textWidth(pos); pos != "" && pw+4 <= inner {
		pst := &st.paints().position
		if strings.Contains(pos, " of ") {
			pst = &st.paints().positionFiltering
		}
		n := inner - pw - 3
		return bs.render("╰"+strings.Repeat("─", n)+" ") + pst.render(pos) + bs.render(" ─╯")
	}
	return bs.render("╰" + strings.Repeat("─", max(0, inner)) + "╯")
}

// joinColumns puts pane blocks (each a slice of equally long lines) side by side.
func joinColumns(blocks [][]string, height int) []string {
	out := make([]string, height)
	var b strings.Builder
	for i := 0; i < height; i++ {
		b.Reset()
		for _, blk := range blocks {
			if i < len(blk) {
				b.WriteString(blk[i])
			}
		}
		out[i] = b.String()
	}
	return out
}

// overlay draws box over base (both lists of lines; base is w cells wide) with its
// top-left corner at x, y, using Lip Gloss's cell compositor so styles on either
// side of the box survive.
func overlay(base []string, w int, box string, x, y int) []string {
	c := lipgloss.NewCanvas(w, len(base))
	c.Compose(lipgloss.NewCompositor(
		lipgloss.NewLayer(strings.Join(base, "\n")),
		lipgloss.NewLayer(box).X(max(0, x)).Y(max(0, y)).Z(1),
	))
	out := strings.Split(c.Render(), "\n")
	for len(out) < len(base) {
		out = append(out, strings.Repeat(" ", w))
	}
	for i := range out {
		out[i] = fit(out[i], w)
	}
	return out[:len(base)]
}

// box draws a bordered box of exactly w×h cells around body with title in its top
// border, for the overlays.
func (sh *shared) box(w, h int, title string, body []string, footer string) string {
	st := &sh.styles
	bs := st.Box
	inner := w - 2
	t := ansi.Truncate(st.BoxTitle.Render(title), max(0, inner-3), "…")
	fill := max(0, inner-3-ansi.StringWidth(t))
	var b strings.Builder
	b.WriteString(bs.Render("╭─ ") + t + bs.Render(" "+strings.Repeat("─", fill)+"╮"))
	left := bs.Render("│")
	blank := strings.Repeat(" ", inner)
	for i := 0; i < h-2; i++ {
		row := blank
		if i < len(body) {
			row = fit(" "+body[i], inner)
		}
		b.WriteString("\n" + left + row + left)
	}
	if footer != "" && ansi.StringWidth(footer)+4 <= inner {
		n := inner - ansi.StringWidth(footer) - 3
		b.WriteString("\n" + bs.Render("╰"+strings.Repeat("─", n)+" ") + st.Position.Render(footer) + bs.Render(" ─╯"))
	} else {
		b.WriteString("\n" + bs.Render("╰"+strings.Repeat("─", inner)+"╯"))
	}
	return b.String()
}

// tooSmallView is the notice for a terminal below the minimum, centred.
func (sh *shared) tooSmallView(w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	msg := "terminal too small (need " + strconv.Itoa(minWidth) + "×" + strconv.Itoa(minHeight) + ")"
	now := "now " + strconv.Itoa(w) + "×" + strconv.Itoa(h)
	lines := wrapText(msg, w)
	lines = append(lines, wrapText(now, w)...)
	top := max(0, (h-len(lines))/2)
	out := make([]string, h)
	for i := range out {
		out[i] = strings.Repeat(" ", w)
	}
	for i, l := range lines {
		if top+i >= h {
			break
		}
		l = strings.TrimSpace(l)
		pad := max(0, (w-ansi.StringWidth(l))/2)
		st := sh.styles.Notice
		if i >= len(lines)-1 {
			st = sh.styles.Hint
		}
		out[top+i] = fit(strings.Repeat(" ", pad)+st.Render(l), w)
	}
	return strings.Join(out, "\n")
}

// scrollWindow clamps a cursor to n items and moves the first shown row (offset) just
// enough that the cursor is among the rows shown: the scrolling of the log views,
// which are not lists of their own.
func scrollWindow(cursor, offset, n, rows int) (int, int) {
	cursor = max(0, min(cursor, n-1))
	offset = max(0, min(offset, max(0, n-rows)))
	if cursor < offset {
		offset = cursor
	}
	if cursor >= offset+rows {
		offset = cursor - rows + 1
	}
	return cursor, offset
}
