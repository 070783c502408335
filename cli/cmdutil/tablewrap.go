package cmdutil

import (
	"slices"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// shareWrapping gives the columns that wrap (explanations, and whole columns, which
// wrap rather than lose a character) the room the others leave in width, and
// returns by how much the table is still too wide. Each keeps at least its longest
// piece that cannot break and takes no more than its natural width; the widths
// tried are the water level of them all (termtext.FillColumns), and each whole
// column held at each of its cells' widths with the water level for the rest, so a
// route of 70 cells among routes of 40 wraps rather than starve the explanation
// beside it. The widths that take the fewest lines win; on a tie, the one that
// leaves the whole columns widest.
func (l tableLayout) shareWrapping(natural []int, rows [][]string, width int) int {
	var wrapping []int
	room := width - 2*max(0, len(l.widths)-1)
	for i, c := range l.cols {
		if c.whole || c.kind == giveWrap {
			wrapping = append(wrapping, i)
		} else {
			room -= l.widths[i]
		}
	}
	least := make([]int, len(l.widths))
	for _, i := range wrapping {
		for _, r := range rows {
			for _, p := range wrapPieces(r[i]) {
				least[i] = max(least[i], ansi.StringWidth(p))
			}
		}
		least[i] = min(least[i], natural[i])
	}
	// Held at a width (or none: -1 for i), the others by the water level.
	layout := func(held, at int) []int {
		try := slices.Repeat([]int{-1}, len(l.widths))
		left := room
		for _, i := range wrapping {
			try[i] = least[i]
			if i == held {
				try[i] = at
			}
			left -= try[i]
		}
		if left < 0 {
			return nil
		}
		termtext.FillColumns(try, func(i int) int {
			if i == held {
				return at
			}
			return natural[i]
		}, left)
		return try
	}
	best := layout(-1, 0)
	if best == nil {
		for _, i := range wrapping {
			l.widths[i] = least[i]
		}
		return l.total() - width
	}
	bestLines := wrappedLines(rows, wrapping, best)
	for _, i := range wrapping {
		if !l.cols[i].whole {
			continue
		}
		for _, r := range rows {
			at := ansi.StringWidth(r[i])
			if at <= least[i] || at > natural[i] {
				continue
			}
			try := layout(i, at)
			if try == nil {
				continue
			}
			if n := wrappedLines(rows, wrapping, try); n < bestLines || n == bestLines && try[i] > best[i] {
				best, bestLines = try, n
			}
		}
	}
	for _, i := range wrapping {
		l.widths[i] = best[i]
	}
	return l.total() - width
}

// wrappedLines is how many lines rows take with the columns wrapping at widths.
func wrappedLines(rows [][]string, wrapping, widths []int) int {
	n := 0
	for _, r := range rows {
		h := 1
		for _, i := range wrapping {
			if ansi.StringWidth(r[i]) > widths[i] {
				h = max(h, len(wrapCell(r[i], widths[i])))
			}
		}
		n += h
	}
	return n
}
