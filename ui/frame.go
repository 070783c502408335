package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// How a framed thing is drawn: a pane's rounded border with its title, filter and
// position, an overlay's box, and the notice for a terminal too small to use.

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

// paneView is what a pane hands the frame: its title, the context after it, the body
// rows (exactly as wide as the inside of the frame) and the position for the bottom
// border.
type paneView struct {
	title, info string
	body        []string
	pos         string
}
