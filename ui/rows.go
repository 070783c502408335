package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// column describes one column of a pane's rows for fitColumns.
type column struct {
	natural  int  // the widest value in the column (over every row, so rows align)
	min      int  // never narrower than this while the column is shown
	optional bool // shown only when there is room once the required ones are whole
	rank     int  // of an optional column: lower ranks get room first (ties: left first)
	fill     bool // takes the room left once every column has its natural width
}

// cell is one value of a row, drawn in its column.
type cell struct {
	text  string // plain, sanitised text
	style lipgloss.Style
	// paint, when set, draws the text instead of style: its pieces drawn once, for
	// rows drawn anew every frame (go to anything's).
	paint  *paint
	right  bool // align right in its column
	middle bool // too long, cut in the middle: its end tells rows apart (a URL path)
}

const (
	markerWidth = 3 // " ▸ " or three spaces
	cellGap     = 2 // spaces between columns
)

// fitColumns gives each column a width within avail cells; dropped columns get -1,
// and so does a column with nothing in it (natural 0), which takes no gap either.
//
// The required columns come first. When their natural widths do not all fit, they
// share the room by what they hold: each gets at least its minimum, and the room
// above that goes to the narrowest first (water-filling), so short values stay whole
// and only the longest are cut, never a short one while a long one has room to
// spare. Below their minimums they are cut from the right. Optional columns are
// shown only once every required one is whole — a shown name matters more than a
// path — by rank: each whole where it fits, or, when it does not but its minimum
// does, with all that is left (a path cut in the middle). The room left over goes to
// the fill column, if any.
//
// It is called with the same columns and width frame after frame, so it keeps to
// the slice it returns: out is reused when it has room (pass nil for a new one).
func fitColumns(cols []column, avail int) []int { return fitColumnsInto(nil, cols, avail) }

func fitColumnsInto(out []int, cols []column, avail int) []int {
	w := out[:0]
	for range cols {
		w = append(w, -1)
	}
	gap := func(shown int) int { return cellGap * max(0, shown-1) }
	// Required columns at their minimum (never above their natural width).
	req, need := 0, 0
	for i, c := range cols {
		if !c.optional && c.natural > 0 {
			w[i] = min(c.min, c.natural)
			need += w[i]
			req++
		}
	}
	room := avail - gap(req)
	if need > room {
		// Not even the minimums fit: cut from the right.
		over := need - room
		for i := len(cols) - 1; i >= 0 && over > 0; i-- {
			if w[i] > 0 {
				cut := min(over, w[i])
				w[i] -= cut
				over -= cut
			}
		}
		return w
	}
	room -= need
	// The required columns share the room (termtext.FillColumns, the water level of
	// every table): the optional ones are still -1 and take none of it.
	room = termtext.FillColumns(w, func(i int) int { return cols[i].natural }, room)
	whole := true
	for i, c := range cols {
		if w[i] >= 0 && !c.optional && w[i] < c.natural {
			whole = false
		}
	}
	shown := req
	if whole {
		// Optional columns by rank: whole where they fit; one that does not but fits
		// at its minimum (a path, cut in the middle) takes all that is left.
		for i := range byRank(cols) {
			c := cols[i]
			g := pick(shown > 0, cellGap, 0)
			switch {
			case c.natural+g <= room:
				w[i] = c.natural
			case min(c.min, c.natural)+g <= room:
				w[i] = room - g
			default:
				continue
			}
			room -= w[i] + g
			shown++
		}
	}
	for i, c := range cols {
		if room > 0 && c.fill && w[i] >= 0 {
			w[i] += room
			room = 0
		}
	}
	return w
}

// byRank yields the indexes of the optional columns with something in them, lowest
// rank first, ties left first.
func byRank(cols []column) func(yield func(int) bool) {
	return func(yield func(int) bool) {
		lo, hi := 1<<30, -1
		for _, c := range cols {
			if c.optional && c.natural > 0 {
				lo, hi = min(lo, c.rank), max(hi, c.rank)
			}
		}
		for r := lo; r <= hi; r++ {
			for i, c := range cols {
				if c.optional && c.natural > 0 && c.rank == r && !yield(i) {
					return
				}
			}
		}
	}
}

// listRow draws one row of exactly width cells: the selection marker, then the cells
// in their columns. The selected row is drawn as one plain string under one style, so
// its highlight is unbroken where inner styles would reset it (and, without colour,
// reverse video spans the whole row).
func listRow(st *Styles, width int, selected, focused bool, widths []int, cells []cell) string {
	return markedRow(st, width, selected, focused, widths, cells, rowPlain)
}

// rowMark is what a row's marker says besides the selection: nothing, that the item
// is new or changed since the crawl before the last (changes_marks.go), or that the
// last check found it broken or worth a look (health_marks.go), which says more.
type rowMark uint8

const (
	rowPlain rowMark = iota
	rowNew
	rowChanged
	rowWarning
	rowBroken
)

// markOf is the mark of the row of item id: the last check's, else the last crawl's.
func (sh *shared) markOf(id string) rowMark {
	if m := sh.health[id]; m != rowPlain {
		return m
	}
	return sh.changed[id]
}

// glyph is the mark's glyph, drawn.
func (p *paints) glyph(mark rowMark) string {
	switch mark {
	case rowNew:
		return p.markNew
	case rowChanged:
		return p.markChanged
	case rowWarning:
		return p.markWarning
	}
	return p.markBroken
}

// markedRow is listRow with mark's glyph in the first cell of the marker, where it
// takes no room from the columns.
func markedRow(st *Styles, width int, selected, focused bool, widths []int, cells []cell, mark rowMark) string {
	if width < markerWidth+1 {
		return fit("", width)
	}
	// The selected row is drawn from the plain text alone; the others from the styled.
	var b strings.Builder
	first := true
	for i, c := range cells {
		if i >= len(widths) || widths[i] < 0 {
			continue
		}
		if !first {
			b.WriteString("  ")
		}
		first = false
		var txt string
		if c.middle {
			txt = fitCellMiddle(c.text, widths[i])
		} else {
			txt = fitCell(c.text, widths[i], c.right)
		}
		switch {
		case selected:
			b.WriteString(txt)
		case c.paint != nil:
			b.WriteString(c.paint.render(txt))
		default:
			b.WriteString(c.style.Render(txt))
		}
	}
	rest := width - markerWidth
	if mark != rowPlain {
		p := st.paints()
		glyph := p.glyph(mark)
		switch {
		case selected && focused:
			return glyph + p.markerFocusedTail + p.selected.render(fit(b.String()+" ", rest))
		case selected:
			return glyph + p.markerBlurredTail + p.selectedBlur.render(fit(b.String()+" ", rest))
		}
		return glyph + "  " + fit(b.String(), rest)
	}
	switch {
	case selected && focused:
		p := st.paints()
		return p.markerFocused + p.selected.render(fit(b.String()+" ", rest))
	case selected:
		p := st.paints()
		return p.markerBlurred + p.selectedBlur.render(fit(b.String()+" ", rest))
	}
	return "   " + fit(b.String(), rest)
}

// rowAvail is the width the columns of a row may take in a pane whose inside is
// inner cells wide (the marker and one space of right padding take the rest).
func rowAvail(inner int) int { return max(1, inner-markerWidth-1) }

// fitCell truncates text (styles too) to w cells with "…" or pads it with spaces to
// exactly w cells, aligned left or right.
func fitCell(s string, w int, right bool) string {
	if w <= 0 {
		return ""
	}
	sw := textWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		pad := strings.Repeat(" ", w-sw)
		if right {
			return pad + s
		}
		return s + pad
	}
	return s
}

// fitCellMiddle is fitCell, left-aligned, for a value whose end tells rows apart:
// too long, it keeps a third of the room for its head and the rest for its tail,
// around one "…" ("/spring-sale-opt-in" in 10 cells is "/sp…opt-in").
func fitCellMiddle(s string, w int) string {
	if textWidth(s) > w && w >= 5 {
		s = termtext.CutMiddle(s, w)
	}
	return fitCell(s, w, false)
}

// textWidth is ansi.StringWidth(s), the cells s takes on screen. Most of what is
// drawn is printable ASCII, Latin-1, box drawing and a few marks ("▸", "…", "›"),
// each one cell and none joining its neighbour into one grapheme, with SGR escape
// sequences between: those it counts directly, as StringWidth would, without
// segmenting the text into grapheme clusters. Anything else (wide or combining
// characters, emoji, other escape sequences, control characters) goes to
// ansi.StringWidth.
func textWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c == 0x1b:
			end, ok := csiEnd(s, i)
			if !ok {
				return ansi.StringWidth(s)
			}
			i = end
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !narrowRune(r) {
				return ansi.StringWidth(s)
			}
			n++
			i += size
		default:
			return ansi.StringWidth(s)
		}
	}
	return n
}

// csiEnd is the byte after the CSI sequence (ESC [, parameter bytes, intermediate
// bytes, one final byte) that begins at s[i]; ok is false when none does.
func csiEnd(s string, i int) (end int, ok bool) {
	j := i + 1
	if j >= len(s) || s[j] != '[' {
		return 0, false
	}
	j++
	for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
		j++
	}
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++
	}
	if j >= len(s) || s[j] < 0x40 || s[j] > 0x7e {
		return 0, false
	}
	return j + 1, true
}

// narrowRune reports whether r is one cell wide and never part of a longer grapheme
// cluster (TestTextWidth checks each against ansi.StringWidth).
func narrowRune(r rune) bool {
	switch {
	case r >= 0xa1 && r <= 0xff:
		return r != 0xad // the soft hyphen is a format character
	case r >= 0x2500 && r <= 0x257f: // box drawing
		return true
	}
	switch r {
	case '…', '›', '‹', '▸', '–', '—', '•', '×', '✗', '✓', '●', '○':
		return true
	}
	return false
}

// pick returns a when cond holds, else b.
func pick[T any](cond bool, a, b T) T {
	if cond {
		return a
	}
	return b
}

// displayName is a record's name for a row, or its id when it has none.
func displayName(name, id string) string {
	if n := strings.TrimSpace(sanitize(name)); n != "" {
		return n
	}
	return "(unnamed " + sanitize(id) + ")"
}

// plural says "1 step", "5 steps".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// fit truncates s (which may hold styles) to w cells with "…" and pads it with spaces
// to exactly w cells, so no line of the view is ever too long or ragged.
func fit(s string, w int) string { return fitCell(s, w, false) }

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
