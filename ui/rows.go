package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// column describes one column of a pane's rows for fitColumns.
type column struct {
	natural  int  // the widest value in the column (over every row, so rows align)
	min      int  // never narrower than this while the column is shown
	optional bool // dropped (last first) when even the minimum widths do not fit
	fill     bool // takes the room left once every column has its natural width
}

// cell is one value of a row, drawn in its column.
type cell struct {
	text  string // plain, sanitised text
	style lipgloss.Style
	right bool // align right in its column
}

const (
	markerWidth = 3 // " ▸ " or three spaces
	cellGap     = 2 // spaces between columns
)

// fitColumns gives each column a width within avail cells. Required columns want
// their natural width and optional ones their minimum; optional columns are dropped,
// the last first, until that fits (a shown name matters more than a path). If it still
// does not fit, required columns shrink from the right to their minimum, then are cut.
// Room left over widens the optional columns, in order, up to their natural width,
// and the rest goes to the fill column, if any. Dropped columns get -1.
func fitColumns(cols []column, avail int) []int {
	w := make([]int, len(cols))
	want := func(c column) int {
		if c.optional {
			return min(c.min, c.natural)
		}
		return c.natural
	}
	used := func() int {
		n, k := 0, 0
		for i, c := range cols {
			if w[i] >= 0 {
				n += want(c)
				k++
			}
		}
		return n + cellGap*max(0, k-1)
	}
	for i := len(cols) - 1; i >= 0 && used() > avail; i-- {
		if cols[i].optional {
			w[i] = -1
		}
	}
	extra := avail - used()
	for i, c := range cols {
		if w[i] >= 0 {
			w[i] = want(c)
		}
	}
	for i := len(cols) - 1; i >= 0 && extra < 0; i-- {
		if w[i] > 0 {
			cut := min(-extra, max(0, w[i]-cols[i].min))
			w[i] -= cut
			extra += cut
		}
	}
	for i := len(cols) - 1; i >= 0 && extra < 0; i-- {
		if w[i] > 0 {
			cut := min(-extra, w[i])
			w[i] -= cut
			extra += cut
		}
	}
	for i, c := range cols {
		if w[i] >= 0 && c.optional && extra > 0 {
			grow := min(extra, c.natural-w[i])
			w[i] += grow
			extra -= grow
		}
	}
	for i, c := range cols {
		if extra > 0 && c.fill && w[i] >= 0 {
			w[i] += extra
			extra = 0
		}
	}
	return w
}

// listRow draws one row of exactly width cells: the selection marker, then the cells
// in their columns. The selected row is drawn as one plain string under one style, so
// its highlight is unbroken where inner styles would reset it (and, without colour,
// reverse video spans the whole row).
func listRow(st Styles, width int, selected, focused bool, widths []int, cells []cell) string {
	if width < markerWidth+1 {
		return fit("", width)
	}
	var plain, styled strings.Builder
	first := true
	for i, c := range cells {
		if i >= len(widths) || widths[i] < 0 {
			continue
		}
		if !first {
			plain.WriteString("  ")
			styled.WriteString("  ")
		}
		first = false
		txt := fitCell(c.text, widths[i], c.right)
		plain.WriteString(txt)
		styled.WriteString(c.style.Render(txt))
	}
	rest := width - markerWidth
	switch {
	case selected && focused:
		return st.Marker.Render(" ▸ ") + st.Selected.Render(fit(plain.String()+" ", rest))
	case selected:
		return st.RowMuted.Render(" ▸ ") + st.SelectedBlur.Render(fit(plain.String()+" ", rest))
	}
	return "   " + fit(styled.String(), rest)
}

// rowAvail is the width the columns of a row may take in a pane whose inside is
// inner cells wide (the marker and one space of right padding take the rest).
func rowAvail(inner int) int { return max(1, inner-markerWidth-1) }

// fitCell truncates or pads plain text to w cells, aligned left or right.
func fitCell(s string, w int, right bool) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
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

// pick returns a when cond holds, else b.
func pick[T any](cond bool, a, b T) T {
	if cond {
		return a
	}
	return b
}
