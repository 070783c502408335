package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// overlay draws box over base (both lists of lines; base is w cells wide) with its
// top-left corner at x, y. Each line of the box takes the cells it covers of the line
// under it; the base line's own escape sequences run on past the box, so its styles
// on either side survive, and the lines above and below are base's as they were. It
// splices only the box's lines: the cell compositor of Lip Gloss this replaced parsed
// and drew the whole screen for every frame an overlay showed (3–4.5 ms and 0.76 MB a
// frame at 120×40 with go to anything open over a million items, measured in
// process; 0.3 ms and 0.18 MB now).
func overlay(base []string, w int, box string, x, y int) []string {
	x, y = max(0, x), max(0, y)
	out := make([]string, len(base))
	copy(out, base)
	if x >= w {
		return out
	}
	var b strings.Builder
	for i, line := range strings.Split(box, "\n") {
		row := y + i
		if row >= len(out) {
			break
		}
		lw := textWidth(line)
		if lw > w-x {
			line = ansi.Truncate(line, w-x, "")
			lw = textWidth(line)
		}
		if lw <= 0 {
			continue
		}
		under := out[row]
		left := cellsBefore(under, x)
		b.Reset()
		b.WriteString(left)
		// A wide character cut by the box's left edge leaves its cell blank.
		b.WriteString(strings.Repeat(" ", max(0, x-textWidth(left))))
		b.WriteString(ansi.ResetStyle)
		b.WriteString(line)
		b.WriteString(ansi.ResetStyle)
		if rest := w - x - lw; rest > 0 {
			right := cellsFrom(under, x+lw, "")
			// A wide character cut by the box's right edge: its cell blank, too.
			if textWidth(right) > rest {
				right = cellsFrom(under, x+lw+1, " ")
			}
			b.WriteString(right)
		}
		out[row] = fit(b.String(), w)
	}
	return out
}

// cellsBefore is the first n cells of s, as ansi.Truncate(s, n, "") gives them. The
// lines of the screen are mostly printable ASCII, box drawing and a few marks between
// SGR sequences (textWidth): those are cut here in one pass without segmenting the
// text into grapheme clusters; anything else goes to ansi.Truncate.
func cellsBefore(s string, n int) string {
	if i, _, ok := cellByte(s, n); ok {
		return s[:i]
	}
	return ansi.Truncate(s, n, "")
}

// cellsFrom is s from cell n on, after the escape sequences before it and prefix,
// as ansi.TruncateLeft(s, n, prefix) gives it: the styles in force at cell n still
// are. The same fast path as cellsBefore.
func cellsFrom(s string, n int, prefix string) string {
	if n <= 0 {
		return s
	}
	if i, esc, ok := cellByte(s, n); ok {
		if i >= len(s) {
			return esc
		}
		return esc + prefix + s[i:]
	}
	return ansi.TruncateLeft(s, n, prefix)
}

// cellByte is the byte of s where cell n begins (len(s) when s is shorter), and the
// escape sequences before it; ok is false where s holds what textWidth's fast path
// does not read.
func cellByte(s string, n int) (at int, esc string, ok bool) {
	var b strings.Builder
	cells := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			end, ok := csiEnd(s, i)
			if !ok {
				return 0, "", false
			}
			b.WriteString(s[i:end])
			i = end
			continue
		case c >= 0x20 && c < 0x7f:
			if cells == n {
				return i, b.String(), true
			}
			i++
		case c >= 0x80:
			// What follows a cut is read too: a mark that joins the character before
			// it would belong to the cell before the cut.
			r, size := utf8.DecodeRuneInString(s[i:])
			if !narrowRune(r) {
				return 0, "", false
			}
			if cells == n {
				return i, b.String(), true
			}
			i += size
		default:
			return 0, "", false
		}
		cells++
	}
	return len(s), b.String(), true
}
