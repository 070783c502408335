package cmdutil

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// Widths of human output on a terminal. A cell is at most maxCell columns (the whole
// value is in --json, or piped); a table wider than the terminal gives by its
// columns' kinds (tablefit.go), each cut column first down to minCell. A "Key: value"
// line on a terminal of unknown width keeps its value to maxField.
const (
	MaxCell  = 60
	minCell  = 12
	maxField = 200
)

// Table is rows of cells under columns. print lays them out by the output rules
// (output.go): fitted to the terminal's width, or tab-separated when piped.
type Table struct {
	ios  *IOStreams
	cols []Column
	Rows [][]string
}

func NewTable(ios *IOStreams, cols ...Column) *Table {
	return &Table{ios: ios, cols: cols}
}

// Row adds one row; its cells are cleaned when printed.
func (t *Table) Row(cells ...string) { t.Rows = append(t.Rows, cells) }

// Print writes the table: on a terminal aligned under its header and never wider
// than the terminal, piped as tab-separated lines without a header, every value whole.
func (t *Table) Print() error {
	var b strings.Builder
	if !t.ios.OutTTY {
		for _, row := range t.Rows {
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
	for _, line := range renderTable(t.cols, t.Rows, t.ios.Width) {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	_, err := fmt.Fprint(t.ios.Out, b.String())
	return err
}

// clip cleans s for one line. Only the start of a long value is looked at, so a
// 10 MB name costs no more than a short one.
func clip(s string) string {
	// A column is at most a few bytes of text, however many combining marks it holds
	// in practice; 64 bytes a column leaves a wide margin.
	if limit := MaxCell * 64; len(s) > limit {
		for limit > 0 && !utf8.RuneStart(s[limit]) {
			limit--
		}
		s = s[:limit] + "…" // the end of the value is not shown; say so even if it fits
	}
	return termtext.Line(s)
}

// Cut cleans s for one line and cuts it to width columns with "…".
func Cut(s string, width int) string {
	return termtext.CutEnd(clip(s), width)
}

// KV is one "Key: value" line.
type KV struct{ Key, Value string }

// PrintFields writes "Key: value" lines: on a terminal aligned, a value too long for
// the width left wrapped under the value column (never cut: a scope list is read
// whole); piped, "key<TAB>value" lines with the whole value.
func PrintFields(ios *IOStreams, fields []KV) error {
	var b strings.Builder
	if !ios.OutTTY {
		for _, f := range fields {
			fmt.Fprintf(&b, "%s\t%s\n", termtext.Line(f.Key), termtext.Line(f.Value))
		}
		_, err := fmt.Fprint(ios.Out, b.String())
		return err
	}
	keyWidth := 0
	for _, f := range fields {
		keyWidth = max(keyWidth, ansi.StringWidth(Cut(f.Key, MaxCell))+1)
	}
	valueWidth := 0 // unknown: each value on one line
	if ios.Width > 0 {
		keyWidth = min(keyWidth, max(1, ios.Width/3))
		valueWidth = max(1, ios.Width-keyWidth-2)
	}
	indent := strings.Repeat(" ", keyWidth+2)
	for _, f := range fields {
		key := Cut(f.Key, keyWidth-1) + ":"
		lines := []string{Cut(f.Value, maxField)}
		if valueWidth > 0 {
			lines = termtext.Wrap(clip(f.Value), valueWidth)
		}
		for i, l := range lines {
			if i == 0 {
				b.WriteString(key + strings.Repeat(" ", keyWidth-ansi.StringWidth(key)+2))
			} else {
				b.WriteString(indent)
			}
			b.WriteString(strings.TrimRight(l, " "))
			b.WriteByte('\n')
		}
	}
	_, err := fmt.Fprint(ios.Out, b.String())
	return err
}
