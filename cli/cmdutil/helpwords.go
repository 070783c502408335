package cmdutil

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// word is a piece of help text that is never broken, and its style.
type word struct {
	text  string
	style *lipgloss.Style
}

// width is how many cells w takes.
func (w word) width() int { return ansi.StringWidth(w.text) }

// wordsOf splits plain text at spaces into words of one style.
func wordsOf(text string, style *lipgloss.Style) []word {
	var out []word
	for _, f := range strings.Fields(text) {
		out = append(out, word{f, style})
	}
	return out
}

// wrapWords lays words out in lines of at most width cells, a space between two
// words. The lines after the first take indent cells less (the caller indents
// them); cont, when set, ends every line but the last (a shell's " \\"), so each
// line keeps room for it. A word longer than a line is broken into whole lines of
// it, as termtext.Wrap breaks one: help never runs past the terminal's edge, and
// nothing of it is lost.
func wrapWords(words []word, width, indent int, cont string) [][]word {
	var lines [][]word
	var line []word
	used := 0
	room := func() int {
		r := width - ansi.StringWidth(cont)
		if len(lines) > 0 {
			r -= indent
		}
		return max(r, 1)
	}
	flush := func() {
		lines = append(lines, line)
		line, used = nil, 0
	}
	for _, w := range words {
		if len(line) > 0 && used+1+w.width() > room() {
			flush()
		}
		for len(line) == 0 && w.width() > room() {
			part := ansi.Truncate(w.text, room(), "")
			if part == "" {
				break // narrower than one character: drawn as it is
			}
			line, used = append(line, word{part, w.style}), ansi.StringWidth(part)
			flush()
			w.text = ansi.TruncateLeft(w.text, ansi.StringWidth(part), "")
		}
		if w.text == "" {
			continue
		}
		if len(line) > 0 {
			used++
		}
		line = append(line, w)
		used += w.width()
	}
	if len(line) > 0 || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

// lineWidth is how many cells a line of words takes, a space between two.
func lineWidth(line []word) int {
	n := max(0, len(line)-1)
	for _, w := range line {
		n += w.width()
	}
	return n
}

// render draws a line of words, the spaces between them in gap; words of one style
// side by side are drawn as one.
func render(line []word, gap *lipgloss.Style) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		if i > 0 {
			b.WriteString(gap.Render(" "))
		}
		j := i + 1
		for j < len(line) && line[j].style == line[i].style {
			j++
		}
		texts := make([]string, 0, j-i)
		for _, w := range line[i:j] {
			texts = append(texts, w.text)
		}
		b.WriteString(line[i].style.Render(strings.Join(texts, " ")))
		i = j
	}
	return b.String()
}
