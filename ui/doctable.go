package ui

import (
	"bytes"
	"encoding/json"
	"strings"

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

// A doc's table (consecutive lineTable rows) is laid out in one of two ways, the one
// that takes fewer lines at the width of the moment:
//
//   - columns, each as wide as its widest cell where all fit, else as the water
//     level of what is left (narrow columns whole, wide ones sharing the rest), with
//     one column tried at each of its cells' widths so the common rows stay on one
//     line;
//   - compact, for a narrow view: a row's first two cells on one line, the others
//     after them when they fit there, else on indented lines under them.
//
// Cells wrap at spaces only; a first cell (a route) may also break after a '/'. A
// word is never cut where a column could be made wide enough for it.

const tableGap = 2

// tableLayout is how a table was laid out at a width, kept so the search runs once
// per width, not per frame.
type tableLayout struct {
	w       int
	first   *docLine // the table's first row: which table this is
	widths  []int    // the columns' widths; nil when compact
	compact bool
}

// naturalTableWidth is the width that puts each of rows' cells on one line.
func naturalTableWidth(rows []docLine) int {
	nat, _ := tableWidths(rows)
	total := 0
	for _, n := range nat {
		total += n
	}
	return total + tableGap*max(0, len(nat)-1)
}

// tableWidths are each column's widest cell and widest piece that cannot break.
func tableWidths(rows []docLine) (natural, least []int) {
	for _, r := range rows {
		for c, cell := range r.cells {
			if c >= len(natural) {
				natural, least = append(natural, 0), append(least, 0)
			}
			natural[c] = max(natural[c], ansi.StringWidth(cell))
			for _, word := range strings.Fields(cell) {
				for _, p := range cellPieces(word, c) {
					least[c] = max(least[c], ansi.StringWidth(p))
				}
			}
		}
	}
	return natural, least
}

// cellPieces splits a word of column c where it may break: after each '/' in the
// first column, nowhere in the others.
func cellPieces(word string, c int) []string {
	if c != 0 || !strings.Contains(word, "/") {
		return []string{word}
	}
	return strings.SplitAfter(word, "/")
}

// wrapCell wraps a cell of column c to w cells: at spaces, and inside a word too long
// for the line where cellPieces allows. A piece wider than w stays whole (it is cut
// when drawn).
func wrapCell(s string, w, c int) []string {
	var out []string
	var line strings.Builder
	lw := 0
	flush := func() {
		out = append(out, line.String())
		line.Reset()
		lw = 0
	}
	for _, word := range strings.Fields(s) {
		pieces := []string{word}
		if ansi.StringWidth(word) > w {
			pieces = cellPieces(word, c)
		}
		for k, p := range pieces {
			pw := ansi.StringWidth(p)
			sep := 0
			if k == 0 && lw > 0 {
				sep = 1
			}
			if lw > 0 && lw+sep+pw > w {
				flush()
				sep = 0
			}
			if sep == 1 {
				line.WriteByte(' ')
			}
			line.WriteString(p)
			lw += sep + pw
		}
	}
	if lw > 0 || len(out) == 0 {
		flush()
	}
	return out
}

// layoutTable chooses the layout of rows at w cells.
func layoutTable(rows []docLine, w int) tableLayout {
	lay := tableLayout{w: w, first: &rows[0]}
	natural, least := tableWidths(rows)
	avail := w - tableGap*max(0, len(natural)-1)
	if sum(natural) <= avail {
		lay.widths = natural
		return lay
	}
	if sum(least) > avail {
		lay.compact = true
		return lay
	}
	best := columnFill(avail, natural, least, -1, 0)
	bestH := columnsHeight(rows, best)
	for c := range natural {
		for _, r := range rows {
			if c >= len(r.cells) {
				continue
			}
			cw := ansi.StringWidth(r.cells[c])
			if cw <= least[c] || cw >= natural[c] || sum(least)-least[c]+cw > avail {
				continue
			}
			try := columnFill(avail, natural, least, c, cw)
			if h := columnsHeight(rows, try); h < bestH {
				best, bestH = try, h
			}
		}
	}
	if compactHeight(rows, w) < bestH {
		lay.compact = true
		return lay
	}
	lay.widths = best
	return lay
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// columnFill shares avail cells among the columns: each at least its least, none
// more than its natural, the rest handed out a cell at a time in turn, so narrow
// columns end whole and wide ones share what is left. Column fixed (≥ 0) is held at
// width at.
func columnFill(avail int, natural, least []int, fixed, at int) []int {
	widths := append([]int(nil), least...)
	if fixed >= 0 {
		widths[fixed] = at
	}
	left := avail - sum(widths)
	for left > 0 {
		gave := false
		for c := range widths {
			if c != fixed && widths[c] < natural[c] && left > 0 {
				widths[c]++
				left--
				gave = true
			}
		}
		if !gave {
			break
		}
	}
	return widths
}

// columnsHeight is how many lines rows take in columns of widths.
func columnsHeight(rows []docLine, widths []int) int {
	h := 0
	for _, r := range rows {
		rh := 1
		for c, cell := range r.cells {
			rh = max(rh, len(wrapCell(cell, widths[c], c)))
		}
		h += rh
	}
	return h
}

// compactHeight is how many lines rows take laid out compact at w cells.
func compactHeight(rows []docLine, w int) int {
	h := 0
	labels := tableLabels(rows)
	for _, r := range rows {
		if r.tone != lineHeading {
			head, rest := compactRow(r, labels, w)
			h += len(head) + len(rest)
		}
	}
	return h
}

// tableLabels are the heading row's cells, lower case ("ask for"), or nil.
func tableLabels(rows []docLine) []string {
	for _, r := range rows {
		if r.tone == lineHeading {
			out := make([]string, len(r.cells))
			for i, c := range r.cells {
				out[i] = strings.ToLower(c)
			}
			return out
		}
	}
	return nil
}

// compactRow lays r out compact: the lines of its first two cells, and the indented
// lines of the others (compactMore), nil when they fit on the head's last line.
func compactRow(r docLine, labels []string, w int) (head, rest []string) {
	first := ""
	if len(r.cells) > 0 {
		first = r.cells[0]
	}
	head = wrapCell(first, w, 0)
	if len(r.cells) > 1 && r.cells[1] != "" {
		last := head[len(head)-1]
		if ansi.StringWidth(last)+tableGap+ansi.StringWidth(r.cells[1]) <= w {
			head[len(head)-1] = last + "  " + r.cells[1]
		} else {
			head = append(head, r.cells[1])
		}
	}
	more := compactMore(r, labels)
	if more == "" || ansi.StringWidth(head[len(head)-1])+tableGap+ansi.StringWidth(more) <= w {
		return head, nil // nothing more, or joined on the head's last line
	}
	return head, wrapCell(more, max(1, w-2), 1)
}

// compactMore is the cells after the first two, joined: a third cell reads alone,
// later ones are named by their column's label; empty cells and "—" are left out.
func compactMore(r docLine, labels []string) string {
	var parts []string
	for c := 2; c < len(r.cells); c++ {
		cell := r.cells[c]
		if cell == "" || cell == "—" {
			continue
		}
		if c > 2 && c < len(labels) {
			cell = labels[c] + " " + cell
		}
		parts = append(parts, cell)
	}
	return strings.Join(parts, " · ")
}
