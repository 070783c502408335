package cli

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// Widths of human output on a terminal. A cell longer than maxCell columns is cut
// with "…" (the whole value is in --json, or piped); a table wider than the terminal
// cuts its widest columns further, down to minCell. A "Key: value" line keeps its
// value to the terminal's width (maxField when the width is unknown).
const (
	maxCell  = 60
	minCell  = 12
	maxField = 200
)

// table is rows of cells. print lays them out by the output rules (output.go).
type table struct {
	ios    *IOStreams
	header []string
	rows   [][]string
}

func newTable(ios *IOStreams, header ...string) *table {
	return &table{ios: ios, header: header}
}

// row adds one row; its cells are cleaned when printed.
func (t *table) row(cells ...string) { t.rows = append(t.rows, cells) }

// print writes the table: on a terminal aligned under its header with cells cut to
// fit, piped as tab-separated lines without a header, every value whole.
func (t *table) print() error {
	var b strings.Builder
	if !t.ios.OutTTY {
		for _, row := range t.rows {
			for i, c := range row {
				if i > 0 {
					b.WriteByte('\t')
				}
				b.WriteString(termtext.Line(c))
			}
			b.WriteByte('\n')
		}
		_, err := fmt.Fprint(t.ios.Out, b.String())
		return err
	}
	rows := make([][]string, 0, len(t.rows)+1)
	rows = append(rows, t.header)
	for _, row := range t.rows {
		cells := make([]string, len(row))
		for i, c := range row {
			cells[i] = cut(c, maxCell)
		}
		rows = append(rows, cells)
	}
	widths := columnWidths(rows)
	fixed := make([]bool, len(widths))
	for i, h := range t.header {
		fixed[i] = h == "ID" // an id cut short is of no use
	}
	fitToWidth(widths, fixed, t.ios.Width)
	for _, row := range rows {
		for i, c := range row {
			if w := ansi.StringWidth(c); w > widths[i] {
				c = ansi.Truncate(c, widths[i], "…")
			}
			b.WriteString(c)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(c)+2))
			}
		}
		b.WriteByte('\n')
	}
	_, err := fmt.Fprint(t.ios.Out, b.String())
	return err
}

// columnWidths is the widest cell of each column.
func columnWidths(rows [][]string) []int {
	var widths []int
	for _, row := range rows {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	return widths
}

// fitToWidth narrows the widest columns until the table (two spaces between columns)
// fits in total columns: the widest is cut down to the next widest, then both, and so
// on, none below minCell and none that is fixed. total 0 is unknown: nothing changes.
func fitToWidth(widths []int, fixed []bool, total int) {
	if total <= 0 {
		return
	}
	over := 2*(len(widths)-1) - total
	for _, w := range widths {
		over += w
	}
	for over > 0 {
		widest, next := -1, minCell
		for i, w := range widths {
			if !fixed[i] && (widest < 0 || w > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 || widths[widest] <= minCell {
			return
		}
		for i, w := range widths {
			if i != widest && !fixed[i] && w > next && w <= widths[widest] {
				next = w
			}
		}
		step := min(over, max(1, widths[widest]-next))
		widths[widest] -= step
		over -= step
	}
}

// cut cleans s for one line and cuts it to width columns with "…". Only the start of
// a long value is looked at, so a 10 MB name costs no more than a short one.
func cut(s string, width int) string {
	// A column is at most a few bytes of text, however many combining marks it holds
	// in practice; 64 bytes a column leaves a wide margin.
	if limit := width * 64; len(s) > limit {
		for limit > 0 && !utf8.RuneStart(s[limit]) {
			limit--
		}
		s = s[:limit] + "…" // the end of the value is not shown; say so even if it fits
	}
	s = termtext.Line(s)
	if ansi.StringWidth(s) > width {
		s = ansi.Truncate(s, width, "…")
	}
	return s
}

// kv is one "Key: value" line.
type kv struct{ key, value string }

// printFields writes "Key: value" lines: on a terminal aligned, each value cut to the
// width left; piped, "key<TAB>value" lines with the whole value.
func printFields(ios *IOStreams, fields []kv) error {
	var b strings.Builder
	if !ios.OutTTY {
		for _, f := range fields {
			fmt.Fprintf(&b, "%s\t%s\n", termtext.Line(f.key), termtext.Line(f.value))
		}
		_, err := fmt.Fprint(ios.Out, b.String())
		return err
	}
	keyWidth := 0
	for _, f := range fields {
		keyWidth = max(keyWidth, ansi.StringWidth(cut(f.key, maxCell))+1)
	}
	valueWidth := maxField
	if ios.Width > 0 {
		valueWidth = max(minCell, ios.Width-keyWidth-2)
	}
	for _, f := range fields {
		key := cut(f.key, maxCell) + ":"
		fmt.Fprintf(&b, "%s%s%s\n", key, strings.Repeat(" ", keyWidth-ansi.StringWidth(key)+2), cut(f.value, valueWidth))
	}
	_, err := fmt.Fprint(ios.Out, b.String())
	return err
}
