package ui

import "slices"

// How the panes share the width. Each pane says what its rows need across (a
// paneWant, worked out from its columns when its data changes): the frame, the
// selection marker and every required column whole — names that tell rows apart —
// and, beyond that, each optional column (a split, a step's path and type, a date)
// with the room it takes. The panes first get what their required columns need; when
// that does not fit, the room is water-filled, so the pane that needs least is whole
// and the widest is cut. What is left goes to the optional columns of every pane by
// rank (the split of a running test, then step paths, then step types, then counts,
// then dates), each whole where it fits — a path that does not, but fits at its
// minimum, takes all that is left, cut in the middle — and the rest is spread in
// proportion.

// Ranks of the optional columns of the panes, lowest first to get room.
const (
	rankSplit = iota // a step's running split test: "50/50"
	rankPath         // a step's path: "/spring-sale-opt-in"
	rankKind         // a step's type: "opt-in"
	rankCount        // a funnel's number of steps
	rankDate         // a page's last change
)

// emptyPaneWidth is what a pane without rows asks for: room for its note ("Select a
// funnel's step to see its pages") in two or three lines.
const emptyPaneWidth = 22

// maxExtras bounds the optional columns of a pane (keeping paneWant comparable).
const maxExtras = 4

// paneWant is what a pane's rows need across.
type paneWant struct {
	essential int // the frame, the marker, the padding and every required column whole
	extras    [maxExtras]extra
	n         int // extras used
}

// extra is one optional column of a pane.
type extra struct {
	size int // the cells it takes whole, its gap included
	min  int // the fewest cells it is shown in, its gap included (a path cut in the middle)
	rank int
}

// wantOf is the want of a pane whose rows have cols; rows says whether there are
// any (a pane without rows shows a note).
func wantOf(cols []column, rows bool) paneWant {
	var pw paneWant
	if !rows {
		pw.essential = emptyPaneWidth
		return pw
	}
	need, shown := 0, 0
	for _, c := range cols {
		if !c.optional && c.natural > 0 {
			need += c.natural
			shown++
		}
	}
	need += cellGap * max(0, shown-1)
	for _, c := range cols {
		if !c.optional || c.natural <= 0 || pw.n == maxExtras {
			continue
		}
		g := pick(shown > 0, cellGap, 0)
		pw.extras[pw.n] = extra{size: c.natural + g, min: min(c.min, c.natural) + g, rank: c.rank}
		pw.n++
	}
	// Inside the border: the marker before the columns and a space after them.
	pw.essential = max(emptyPaneWidth, 2+markerWidth+need+1)
	return pw
}

// shareWidth gives the panes of wants widths that add up to w exactly.
func shareWidth(wants []paneWant, w int) []int {
	out := make([]int, len(wants))
	if len(wants) == 0 {
		return out
	}
	need := 0
	for _, pw := range wants {
		need += pw.essential
	}
	if need >= w {
		waterFill(out, wants, w)
		return out
	}
	for i, pw := range wants {
		out[i] = pw.essential
	}
	room := w - need
	// The optional columns of every pane, by rank (ties: the left pane first).
	type cand struct{ pane, size, min, rank int }
	var cands []cand
	for p, pw := range wants {
		for _, e := range pw.extras[:pw.n] {
			cands = append(cands, cand{p, e.size, e.min, e.rank})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return a.rank - b.rank })
	// As fitColumns does within a pane: whole where it fits, or all that is left
	// where its minimum fits.
	for _, c := range cands {
		switch {
		case c.size <= room:
			out[c.pane] += c.size
			room -= c.size
		case c.min <= room:
			out[c.pane] += room
			room = 0
		}
	}
	// The rest in proportion to what each has.
	if room > 0 {
		total := 0
		for _, x := range out {
			total += x
		}
		left := room
		for i := range out {
			n := room * out[i] / total
			out[i] += n
			left -= n
		}
		out[len(out)-1] += left
	}
	return out
}

// waterFill shares w among panes that need more in all: each gets its need up to a
// level that rises until w is used, so the panes that need least are whole.
func waterFill(out []int, wants []paneWant, w int) {
	for i := range out {
		out[i] = 0
	}
	left := w
	for left > 0 {
		raised := false
		for i := range out {
			if left > 0 && out[i] < wants[i].essential {
				out[i]++
				left--
				raised = true
			}
		}
		if !raised {
			out[len(out)-1] += left
			return
		}
	}
}
