package cmdutil

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// How a table gives when it is wider than the terminal, in this order:
//
//  1. ids shorten to the shortest prefix that is unique among the rows shown (at
//     least minIDPrefix characters, as git shortens commit ids), marked "…";
//  2. the columns the table says give first (Column.GivesFirst: a note, a base URL
//     every row shares) give down to half of minCell each (of minWrap for
//     explanations);
//  3. then the other columns, the same way: names and paths cut in the middle, words
//     and sentences at the end, explanations wrapped onto more lines;
//  4. the column that tells the rows apart (Column.Tells) gives last, down to
//     minCell;
//  5. the columns that must stay whole (Column.Whole: the name a person copies into
//     the next command, a route, the time of day of a log) are never cut while
//     anything else can give. When all the others are as narrow as they go, they
//     and the explanations share what is left, each wrapping (at spaces, and after
//     a '/' inside a route or a path) down to its longest piece that cannot break,
//     every character still shown, in the widths that take the fewest lines
//     (tablewrap.go);
//  6. only then does every column give down to a few cells, and at the very last
//     a line is cut at the terminal's width.
//
// At each step the columns giving share what is left as every table of funnels
// does (termtext.FillColumns): the narrow ones stay whole, the widest are cut.
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

// Column is a column of a table: its title, how it gives, and when (first, with
// the others, last as the column that tells the rows apart, or never).
type Column struct {
	title   string
	kind    cellKind
	telling bool
	first   bool
	whole   bool
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

// Whole marks c as a column that must stay whole: what a person reads off the table
// to type or copy (a name another command takes, a route, a time of day).
func (c Column) Whole() Column { c.whole = true; return c }

// GivesFirst marks c as a column that gives before the others: what the rows share
// or what is only a note beside them.
func (c Column) GivesFirst() Column { c.first = true; return c }

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
		if !cols[i].whole {
			w = min(w, max(MaxCell, ansi.StringWidth(header[i])))
		}
		l.widths[i] = w
	}
	natural := slices.Clone(l.widths)
	if width <= 0 {
		return l
	}
	over := l.total() - width
	if over <= 0 {
		return l
	}
	// 1. ids to their unique prefix.
	for i, c := range cols {
		if c.kind != giveID || c.whole {
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
	// 2–5. the columns that give first, the others, the telling one, then all.
	cuts := func(c Column) bool { return !c.whole && !c.telling && c.kind != giveID }
	l.give(&over, func(_ int, c Column) int {
		if c.first && cuts(c) {
			return floorOf(c) / 2
		}
		return -1
	})
	l.give(&over, func(_ int, c Column) int {
		if cuts(c) {
			return floorOf(c)
		}
		return -1
	})
	l.give(&over, func(_ int, c Column) int {
		if c.telling && !c.whole {
			return minCell
		}
		return -1
	})
	// 5. the columns that wrap (the explanations, and the whole columns, which
	// wrap rather than lose a character) share what is left, as takes the fewest
	// lines; 6. then every column gives, cut.
	if over > 0 {
		over = l.shareWrapping(natural, rows, width)
	}
	l.give(&over, func(int, Column) int { return 3 })
	return l
}

// floorOf is the least a column that gives is cut to: an explanation keeps more,
// as it wraps.
func floorOf(c Column) int {
	if c.kind == giveWrap {
		return minWrap
	}
	return minCell
}

// total is the width of a line: the columns and two spaces between each.
func (l tableLayout) total() int {
	t := 2 * max(0, len(l.widths)-1)
	for _, w := range l.widths {
		t += w
	}
	return t
}

// give narrows the columns that may give (floor ≥ 0; -1 for one that does not)
// until over is 0 or each is at its floor: what they keep of their widths is shared
// among them by the water level (termtext.FillColumns), so the narrow ones stay
// whole and the widest are cut.
func (l tableLayout) give(over *int, floor func(i int, c Column) int) {
	if *over <= 0 {
		return
	}
	before := slices.Clone(l.widths)
	at := make([]int, len(l.widths))
	freed := 0
	for i, c := range l.cols {
		at[i] = -1
		if f := floor(i, c); f >= 0 && l.widths[i] > f {
			at[i] = f
			freed += l.widths[i] - f
		}
	}
	if freed > *over {
		termtext.FillColumns(at, func(i int) int { return before[i] }, freed-*over)
	}
	for i, w := range at {
		if w >= 0 {
			l.widths[i] = w
		}
	}
	*over = max(0, *over-freed)
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
	if ansi.StringWidth(s) <= w {
		return []string{s}
	}
	c := l.cols[i]
	if c.whole || c.kind == giveWrap {
		return wrapCell(s, w)
	}
	switch c.kind {
	case giveID:
		if p := l.prefix[i]; p > 0 {
			s = shortID(s, p)
		}
		return []string{termtext.CutEnd(s, w)}
	case giveMiddle:
		return []string{termtext.CutMiddle(s, w)}
	}
	return []string{termtext.CutEnd(s, w)}
}

// wrapPieces are the pieces of a cell that a line never breaks: its words, and in
// a word the parts ending at each '/' (a route, a path, a scope).
func wrapPieces(s string) []string {
	var out []string
	for _, word := range strings.Fields(s) {
		out = append(out, strings.SplitAfter(word, "/")...)
	}
	return out
}

// wrapCell wraps a cell to w cells at spaces and, inside a word too long for the
// line, after a '/' (termtext.WrapPieces, as the browser's documents wrap a route);
// a piece longer than a line is broken into whole lines of it (termtext.Wrap), so
// nothing of the cell is lost.
func wrapCell(s string, w int) []string {
	var lines []string
	for _, l := range termtext.WrapPieces(s, w, func(word string) []string { return strings.SplitAfter(word, "/") }) {
		lines = append(lines, termtext.Wrap(l, w)...)
	}
	return lines
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
