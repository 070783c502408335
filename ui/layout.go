package ui

import "strings"

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

// layout is the geometry of one frame: the rows of the body between the header and
// the footer, above a status bar of one or two lines.
type layout struct {
	tooSmall   bool
	bodyTop    int // first row of the body
	bodyHeight int
	barRows    int // lines of the status bar: 2 while a long message shows
}

// computeLayout is the frame of a terminal of w×h above a status bar of barRows
// lines.
func computeLayout(w, h, barRows int) layout {
	if w < minWidth || h < minHeight {
		return layout{tooSmall: true}
	}
	barRows = max(1, min(2, barRows))
	return layout{bodyTop: 1, bodyHeight: h - chromeRows - (barRows - 1), barRows: barRows}
}

// placePanes places the visible panes across w cells with pane focus focused,
// sharing the width by what each pane's rows need (widths.go). Widths add up to w
// exactly.
func placePanes(w, focus int, wants [paneCount]paneWant) []slot {
	switch {
	case w >= threePaneWidth:
		ws := shareWidth(wants[:], w)
		a, b := ws[0], ws[1]
		return []slot{{paneEntities, 0, a}, {paneSteps, a, b}, {panePages, a + b, w - a - b}}
	case w >= twoPaneWidth:
		// The focused pane and the neighbour that shows what it leads to (or, for the
		// last pane, what it came from).
		left := focus
		if focus == panePages {
			left = paneSteps
		}
		ws := shareWidth(wants[left:left+2], w)
		a := ws[0]
		return []slot{{left, 0, a}, {left + 1, a, w - a}}
	}
	return []slot{{focus, 0, w}}
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
