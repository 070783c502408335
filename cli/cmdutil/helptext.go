package cmdutil

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// descriptionLines are a command's description laid out at width: the lines of a
// paragraph (lines between blank ones) are one text, wrapped at spaces, so the
// breaks of the source do not show; a line that starts with a space (a table of
// values, a command to copy) stays a line of its own and, when too long, goes on
// under its second column (hangingLines).
func descriptionLines(text string, width int) []string {
	var out, para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, termtext.Wrap(strings.Join(para, " "), width)...)
			para = nil
		}
	}
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		l = strings.TrimRight(strings.ReplaceAll(l, "\t", "    "), " ")
		switch {
		case l == "":
			flush()
			out = append(out, "")
		case l[0] == ' ':
			flush()
			out = append(out, hangingLines(l, width)...)
		default:
			para = append(para, l)
		}
	}
	flush()
	return out
}

// hangingLines wraps one indented line to width, its lines after the first under
// its second column ("  @live    this location, crawled now": under "this") when it
// has one that leaves room, else two cells under its own start.
func hangingLines(l string, width int) []string {
	body := strings.TrimLeft(l, " ")
	indent := len(l) - len(body)
	under := indent + 2
	if gap := strings.Index(body, "  "); gap > 0 {
		rest := strings.TrimLeft(body[gap:], " ")
		if col := indent + ansi.StringWidth(body[:len(body)-len(rest)]); col < width/2 {
			under = col
		}
	}
	return wrapHanging(l, width, under)
}
