package termtext

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// CutMiddle cuts clean text (what Line returns) to width cells around one "…" in
// its middle, for a value whose end tells it apart from its neighbours: a third of
// the room for its head, the rest for its tail ("/spring-sale-opt-in" in 10 cells is
// "/sp…opt-in"). Below 5 cells the end is cut instead; text that fits comes back
// as it is.
func CutMiddle(s string, width int) string {
	sw := ansi.StringWidth(s)
	switch {
	case sw <= width:
		return s
	case width <= 0:
		return ""
	case width < 5:
		return ansi.Truncate(s, width, "…")
	}
	head := (width - 1) / 3
	return ansi.Truncate(s, head, "") + "…" + ansi.TruncateLeft(s, sw-(width-1-head), "")
}

// CutEnd cuts clean text to width cells, ending in "…" when it was cut.
func CutEnd(s string, width int) string {
	if width <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= width {
		return s
	}
	return ansi.Truncate(s, width, "…")
}

// Wrap breaks plain text into lines of at most w cells, at spaces only: a host
// name, a path or an id is never split at a hyphen, and one longer than a line is
// cut into whole lines of it.
func Wrap(s string, w int) []string {
	if w < 1 {
		w = 1
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		if ansi.StringWidth(para) <= w {
			out = append(out, para)
			continue
		}
		// The first line keeps the paragraph's indentation (indented JSON).
		body := strings.TrimLeft(para, " ")
		indent := para[:len(para)-len(body)]
		var line strings.Builder
		line.WriteString(indent)
		lw := min(len(indent), w-1)
		if lw < len(indent) {
			line.Reset()
			line.WriteString(indent[:lw])
		}
		started := lw // cells before the first word: a word goes there without a space
		flush := func() {
			out = append(out, line.String())
			line.Reset()
			lw, started = 0, 0
		}
		for _, word := range strings.Split(body, " ") {
			ww := ansi.StringWidth(word)
			if lw > started && lw+1+ww > w {
				flush()
			}
			for ww > w-lw {
				// Longer than a line: whole lines of it, the rest starts the next.
				n := w - lw
				part := ansi.Truncate(word, n, "")
				if part == "" {
					if lw > 0 {
						flush() // a wide character that does not fit in what is left
						continue
					}
					break // narrower than one character: the line is cut when drawn
				}
				line.WriteString(part)
				word = ansi.TruncateLeft(word, ansi.StringWidth(part), "")
				ww = ansi.StringWidth(word)
				flush()
			}
			if lw > started {
				line.WriteByte(' ')
				lw++
			}
			line.WriteString(word)
			lw += ww
		}
		flush()
	}
	return out
}

// WrapPieces wraps clean text to w cells at spaces, as the cells of a table wrap: a
// word too long for a line is split by pieces (a route after each '/', say) and its
// pieces joined again up to the line's width. A piece wider than w stays whole on a
// line of its own, for the caller to cut or break.
func WrapPieces(s string, w int, pieces func(word string) []string) []string {
	var out []string
	var line strings.Builder
	lw := 0
	flush := func() {
		out = append(out, line.String())
		line.Reset()
		lw = 0
	}
	for _, word := range strings.Fields(s) {
		parts := []string{word}
		if ansi.StringWidth(word) > w {
			parts = pieces(word)
		}
		for k, p := range parts {
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
