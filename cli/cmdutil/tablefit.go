package cmdutil

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// How a table gives when it is wider than the terminal, in this order:
//
//  1. ids shorten to the shortest prefix that is unique among the rows shown (at
//     least minIDPrefix characters, as git shortens commit ids), marked "…";
//  2. the other columns give, the widest first, down to minCell each (minWrap for
//     explanations): names and paths cut in the middle, words and sentences at the
//     end, explanations wrapped onto more lines;
//  3. the column that tells the rows apart (column.telling) gives last, down to
//     minCell;
//  4. then every column gives down to a few cells, and at the very last a line is
//     cut at the terminal's width.
//
// What is cut is whole in --json and in piped output.

// minIDPrefix is the least an id is shortened to; minWrap the least an explanation
// is wrapped to before the telling column gives.
const (
	minIDPrefix = 7
	minWrap     = 20
)

// cellKind is how a column's cells give.
type cellKind int

const (
	giveEnd    cellKind = iota // words and short sentences: cut at the end
	giveID                     // ids: a unique prefix
	giveMiddle                 // names and paths: cut in the middle
	giveWrap                   // explanations: wrapped at spaces onto more lines
)

// Column is a column of a table: its title, how it gives, and whether it is the
// column that tells the rows apart.
type Column struct {
	title   string
	kind    cellKind
	telling bool
}

// TextColumn is a column of words (a kind, a status, a count): cut at the end.
func TextColumn(title string) Column { return Column{title: title, kind: giveEnd} }

// IDColumn is a column of ids: shortened to a unique prefix when room is short.
func IDColumn(title string) Column { return Column{title: title, kind: giveID} }

// NameColumn is a column of names or paths: cut in the middle.
func NameColumn(title string) Column { return Column{title: title, kind: giveMiddle} }

// WrapColumn is a column of explanations: wrapped onto more lines.
func WrapColumn(title string) Column { return Column{title: title, kind: giveWrap} }

// Title is c's title, its header.
func (c Column) Title() string { return c.title }

// Tells marks c as the column that tells the rows apart: it gives last.
func (c Column) Tells() Column { c.telling = true; return c }

// renderTable lays out cols and rows (cells not yet cleaned) in width columns (0:
// unknown, every column at its natural width) and returns the lines, header first.
func renderTable(cols []Column, rows [][]string, width int) []string {
	n := len(cols)
	for _, r := range rows {
		n = max(n, len(r))
	}
	kinds := make([]Column, n)
	copy(kinds, cols)
	cells := make([][]string, 0, len(rows)+1)
	header := make([]string, n)
	for i := range n {
		header[i] = termtext.Line(kinds[i].title)
	}
	for _, r := range rows {
		row := make([]string, n)
		for i, c := range r {
			row[i] = clip(c)
		}
		cells = append(cells, row)
	}
	l := fitTable(kinds, header, cells, width)
	lines := make([]string, 0, len(cells)+1)
	lines = append(lines, l.lines(header, true)...)
	for _, row := range cells {
		lines = append(lines, l.lines(row, false)...)
	}
	if width > 0 {
		for i, line := range lines {
			lines[i] = termtext.CutEnd(line, width)
		}
	}
	return lines
}

// tableLayout is what fitTable decided: each column's width and kind, and the
// prefix ids are shortened to (0: whole).
type tableLayout struct {
	cols   []Column
	widths []int
	prefix []int
}

// fitTable works out the widths of a table's columns for width columns of terminal.
func fitTable(cols []Column, header []string, rows [][]string, width int) tableLayout {
	n := len(cols)
	l := tableLayout{cols: cols, widths: make([]int, n), prefix: make([]int, n)}
	for i := range n {
		w := ansi.StringWidth(header[i])
		for _, r := range rows {
			w = max(w, ansi.StringWidth(r[i]))
		}
		l.widths[i] = min(w, max(MaxCell, ansi.StringWidth(header[i])))
	}
	if width <= 0 {
		return l
	}
	over := l.total() - width
	if over <= 0 {
		return l
	}
	// 1. ids to their unique prefix.
	for i, c := range cols {
		if c.kind != giveID {
			continue
		}
		ids := make([]string, len(rows))
		for j, r := range rows {
			ids[j] = r[i]
		}
		p, longest := uniquePrefix(ids, minIDPrefix)
		if p < longest {
			l.prefix[i] = p
			w := ansi.StringWidth(header[i])
			for _, id := range ids {
				w = max(w, ansi.StringWidth(shortID(id, p)))
			}
			over -= l.widths[i] - w
			l.widths[i] = w
		}
	}
	// 2–4. the other columns, then the telling one, then everything.
	l.shrink(&over, func(c Column) int {
		switch {
		case c.kind == giveID || c.telling:
			return -1
		case c.kind == giveWrap:
			return minWrap
		}
		return minCell
	})
	l.shrink(&over, func(c Column) int {
		if c.telling {
			return minCell
		}
		return -1
	})
	l.shrink(&over, func(Column) int { return 3 })
	return l
}

// total is the width of a line: the columns and two spaces between each.
func (l tableLayout) total() int {
	t := 2 * max(0, len(l.widths)-1)
	for _, w := range l.widths {
		t += w
	}
	return t
}

// shrink narrows the widest of the columns that may give until over is 0 or each is
// at its floor (floor -1: the column does not give): the widest is cut down to the
// next widest, then both, and so on.
func (l tableLayout) shrink(over *int, floor func(Column) int) {
	for *over > 0 {
		widest := -1
		for i, w := range l.widths {
			if f := floor(l.cols[i]); f >= 0 && w > f && (widest < 0 || w > l.widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			return
		}
		next := floor(l.cols[widest])
		for i, w := range l.widths {
			if i != widest && floor(l.cols[i]) >= 0 && w > next && w <= l.widths[widest] {
				next = w
			}
		}
		step := min(*over, max(1, l.widths[widest]-next))
		l.widths[widest] -= step
		*over -= step
	}
}

// lines draws one row (or the header) in as many lines as its wrapped cells need.
func (l tableLayout) lines(row []string, header bool) []string {
	parts := make([][]string, len(row))
	height := 1
	for i, c := range row {
		parts[i] = l.fit(i, c, header)
		height = max(height, len(parts[i]))
	}
	out := make([]string, height)
	for y := range height {
		var b strings.Builder
		for i := range row {
			cell := ""
			if y < len(parts[i]) {
				cell = parts[i][y]
			}
			b.WriteString(cell)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", max(0, l.widths[i]-ansi.StringWidth(cell))+2))
			}
		}
		out[y] = strings.TrimRight(b.String(), " ")
	}
	return out
}

// fit is the lines of one cell of column i in its width.
func (l tableLayout) fit(i int, s string, header bool) []string {
	w := l.widths[i]
	if header {
		return []string{termtext.CutEnd(s, w)}
	}
	switch l.cols[i].kind {
	case giveID:
		if p := l.prefix[i]; p > 0 {
			s = shortID(s, p)
		}
		return []string{termtext.CutEnd(s, w)}
	case giveMiddle:
		return []string{termtext.CutMiddle(s, w)}
	case giveWrap:
		if ansi.StringWidth(s) <= w {
			return []string{s}
		}
		return termtext.Wrap(s, w)
	}
	return []string{termtext.CutEnd(s, w)}
}

// shortID is the first p characters of id and "…", or id when it is no longer.
func shortID(id string, p int) string {
	if r := []rune(id); len(r) > p {
		return string(r[:p]) + "…"
	}
	return id
}

// uniquePrefix is the shortest length, least or more, at which the prefixes of the
// different ids are all different, and the length of the longest id. An id shorter
// than the prefix stands whole.
func uniquePrefix(ids []string, least int) (prefix, longest int) {
	distinct := map[string]bool{}
	for _, id := range ids {
		distinct[id] = true
		longest = max(longest, len([]rune(id)))
	}
	for p := least; p < longest; p++ {
		seen := make(map[string]bool, len(distinct))
		unique := true
		for id := range distinct {
			r := []rune(id)
			key := string(r[:min(p, len(r))])
			if seen[key] {
				unique = false
				break
			}
			seen[key] = true
		}
		if unique {
			return p, longest
		}
	}
	return longest, longest
}
