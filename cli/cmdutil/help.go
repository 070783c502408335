package cmdutil

import (
	"cmp"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/fang/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/config"
)

// Help is fang's layout in fang's colours — the description, USAGE and EXAMPLES in
// code blocks, the commands by group and the flags, each with its description beside
// it — laid out at the width of this run's own streams. fang takes its width once
// per process from os.Stdout, which is neither a pipe's nor a team server session's
// terminal, pads every line of a description with spaces to that width and never
// wraps a command's or a flag's description: help is drawn here instead.

// maxHelpWidth is the widest help is laid out: longer lines of prose read badly.
const maxHelpWidth = 120

// minDescription is the least room a description keeps beside its command or flag;
// a command line too long for the rest is on a line of its own, its description
// under it.
const minDescription = 30

// Help writes cmd's help on standard output.
func (f *Factory) Help(cmd *cobra.Command) error {
	colours := f.colorProfile(f.IO.Out) > colorprofile.Ascii
	dark := true
	if colours {
		dark = f.darkBackground()
	}
	p := helpPage{width: f.helpWidth(), st: newHelpStyles(fang.DefaultColorScheme(lipgloss.LightDark(dark)), colours)}
	p.description(cmp.Or(cmd.Long, cmd.Short))
	p.title("usage")
	p.block([][]word{usageWords(cmd, &p.st.code, true)}, []bool{false})
	if lines, goesOn := exampleLines(cmd, &p.st.code); len(lines) > 0 {
		p.title("examples")
		p.block(lines, goesOn)
	}
	p.lists(cmd)
	p.b.WriteString("\n")
	_, err := io.WriteString(f.ColorWriter(f.IO.Out), p.b.String())
	return err
}

// helpWidth is the width help is laid out in: standard output's terminal's, else
// COLUMNS (a session of the team server without a terminal has the person's), else
// DefaultWidth; never more than maxHelpWidth.
func (f *Factory) helpWidth() int {
	w := 0
	if f.IO.OutTTY {
		w = f.IO.Width
	}
	if w <= 0 {
		w, _ = strconv.Atoi(strings.TrimSpace(f.Getenv("COLUMNS")))
	}
	if w <= 0 {
		w = DefaultWidth
	}
	return min(w, maxHelpWidth)
}

// darkBackground is whether help is drawn for a dark background: the config's
// ui.theme when it names one, else what this process's own terminal answers (as fang
// asks it), else dark.
func (f *Factory) darkBackground() bool {
	if cfg, err := config.Load(f.Getenv, f.Flags); err == nil && cfg.Theme != "auto" {
		return cfg.Theme != "light"
	}
	in, inFile := f.IO.In.(term.File)
	out, outFile := f.IO.Out.(term.File)
	if !inFile || !outFile || !term.IsTerminal(in.Fd()) || !term.IsTerminal(out.Fd()) {
		return true
	}
	return lipgloss.HasDarkBackground(in, out)
}

// helpStyles are fang's styles of help, for a colour scheme.
type helpStyles struct {
	text, title, description, defaults lipgloss.Style
	block                              lipgloss.Style // a code block's background
	code, list                         program        // a command line in a code block, in a list
	blocks                             bool           // code blocks are drawn (colours are shown)
}

func newHelpStyles(cs fang.ColorScheme, colours bool) helpStyles {
	plain := lipgloss.NewStyle()
	in := plain.Background(cs.Codeblock)
	return helpStyles{
		text:        plain.Foreground(cs.Base),
		title:       plain.Bold(true).Foreground(cs.Title),
		description: plain.Foreground(cs.Description),
		defaults:    plain.Foreground(cs.FlagDefault),
		block:       in,
		code: program{name: in.Foreground(cs.Program), command: in.Foreground(cs.Command), flag: in.Foreground(cs.Flag),
			argument: in.Foreground(cs.Argument), dimmed: in.Foreground(cs.DimmedArgument), quoted: in.Foreground(cs.QuotedString),
			comment: in.Foreground(cs.Comment)},
		list: program{name: plain.Foreground(cs.Program), command: plain.Foreground(cs.Command), flag: plain.Foreground(cs.Flag),
			argument: plain.Foreground(cs.Argument), dimmed: plain.Foreground(cs.DimmedArgument), quoted: plain.Foreground(cs.QuotedString),
			comment: plain.Foreground(cs.Comment)},
		blocks: colours,
	}
}

// helpPage is help being drawn at a width.
type helpPage struct {
	width int
	st    helpStyles
	b     strings.Builder
}

// line writes one line, never with spaces at its end.
func (p *helpPage) line(s string) {
	p.b.WriteString(strings.TrimRight(s, " "))
	p.b.WriteByte('\n')
}

// title is a section's title between blank lines, as fang draws it.
func (p *helpPage) title(name string) {
	p.line("")
	p.line("  " + p.st.title.Render(strings.ToUpper(name)))
	p.line("")
}

// description is the command's description, two cells in, each paragraph wrapped to
// the width (descriptionLines).
func (p *helpPage) description(text string) {
	if text == "" {
		return
	}
	p.line("")
	for _, l := range descriptionLines(text, p.width-2) {
		if l == "" {
			p.line("")
			continue
		}
		p.line("  " + p.st.text.Render(l))
	}
}

// block draws command lines in a code block: with colours on a background, a cell of
// it above and below and two on each side, as fang does; without, indented. A line too
// long for the block goes on under itself after a " \", as a shell reads it.
func (p *helpPage) block(lines [][]word, goesOn []bool) {
	const margin, pad = "  ", 2
	type drawn struct {
		text  string
		width int
	}
	var rows []drawn
	inner := 0
	for i, l := range lines {
		first := ""
		if goesOn[i] {
			first = "  "
		}
		wrapped := wrapWords(l, p.width-len(margin)-2*pad-len(first), 2-len(first), " \\")
		for j, wl := range wrapped {
			indent := first
			if j > 0 {
				indent = "  "
			}
			r := drawn{p.st.code.dimmed.Render(indent) + render(wl, &p.st.code.dimmed), len(indent) + lineWidth(wl)}
			if j < len(wrapped)-1 {
				r.text += p.st.code.dimmed.Render(" \\")
				r.width += 2
			}
			inner = max(inner, r.width)
			rows = append(rows, r)
		}
	}
	side := strings.Repeat(" ", pad)
	if !p.st.blocks {
		for _, r := range rows {
			p.line(margin + side + r.text)
		}
		return
	}
	edge := margin + p.st.block.Render(strings.Repeat(" ", inner+2*pad))
	p.line(edge)
	for _, r := range rows {
		p.line(margin + p.st.block.Render(side) + r.text + p.st.block.Render(strings.Repeat(" ", inner-r.width+pad)))
	}
	p.line(edge)
}

// helpItem is one row of a list: a command line or a flag, and its description.
type helpItem struct {
	key   []word
	about []word
}

// helpSection is a list under its title.
type helpSection struct {
	title string
	items []helpItem
}

// listIndent is where a list's keys begin, listGap the least room between a key and
// its description.
const listIndent, listGap = 4, 2

// lists are cmd's commands, by group (those of no group first), and its flags, each
// row a command line or a flag with its description beside it.
func (p *helpPage) lists(cmd *cobra.Command) {
	sections := []helpSection{{title: "commands"}}
	at := map[string]int{"": 0}
	for _, g := range cmd.Groups() {
		at[g.ID] = len(sections)
		sections = append(sections, helpSection{title: g.Title})
	}
	for _, c := range cmd.Commands() {
		if c.Hidden {
			continue
		}
		i, ok := at[c.GroupID]
		if !ok {
			i = 0
		}
		sections[i].items = append(sections[i].items, helpItem{usageWords(c, &p.st.list, false), wordsOf(firstUpper(c.Short), &p.st.description)})
	}
	flags := helpSection{title: "flags"}
	cmd.Flags().VisitAll(func(fl *pflag.Flag) {
		if fl.Hidden {
			return
		}
		key := "--" + fl.Name
		if fl.Shorthand != "" {
			key = "-" + fl.Shorthand + " " + key
		}
		about := wordsOf(firstUpper(fl.Usage), &p.st.description)
		if !zeroDefault(fl) {
			about = append(about, wordsOf("("+fl.DefValue+")", &p.st.defaults)...)
		}
		flags.items = append(flags.items, helpItem{[]word{{key, &p.st.list.flag}}, about})
	})
	// The commands share one column for their descriptions, and the flags one.
	commands := listColumn(sections, p.width)
	for _, s := range sections {
		p.section(s, commands)
	}
	p.section(flags, listColumn([]helpSection{flags}, p.width))
}

// section draws a list under its title, its descriptions from column on; nothing
// for an empty list.
func (p *helpPage) section(s helpSection, column int) {
	if len(s.items) == 0 {
		return
	}
	p.title(s.title)
	pad := func(n int) string { return strings.Repeat(" ", max(n, 0)) }
	plain := lipgloss.NewStyle()
	for _, it := range s.items {
		keys, about, apart := itemLayout(it, column, p.width)
		head := pad(column)
		if apart {
			for i, k := range keys {
				p.line(pad(listIndent+min(i, 1)*2) + render(k, &plain))
			}
		} else {
			head = pad(listIndent) + render(keys[0], &plain) + pad(column-listIndent-lineWidth(keys[0]))
		}
		for i, a := range about {
			if i > 0 {
				head = pad(column)
			}
			p.line(head + render(a, &plain))
		}
	}
}

// itemLayout lays one row of a list out: its key's lines, its description's, and
// whether the key is on lines of its own (too long for the room before column),
// the description under it.
func itemLayout(it helpItem, column, width int) (keys, about [][]word, apart bool) {
	keys = wrapWords(it.key, width-listIndent, 2, "")
	about = wrapWords(it.about, max(width-column, 1), 0, "")
	apart = len(keys) > 1 || listIndent+lineWidth(keys[0])+listGap > column
	return keys, about, apart
}

// listColumn is where the descriptions of lists begin at width: after the key that
// makes their rows take the fewest lines, each description keeping minDescription
// cells; a longer key is on lines of its own, which counts as a line more, so keys
// stay beside their descriptions unless that costs lines. On a tie, the narrower
// column.
func listColumn(lists []helpSection, width int) int {
	best, bestLines := listIndent+10, -1
	for _, l := range lists {
		for _, it := range l.items {
			column := listIndent + max(lineWidth(it.key)+listGap, 10)
			if column+minDescription > width {
				continue
			}
			lines := 0
			for _, m := range lists {
				for _, it := range m.items {
					keys, about, apart := itemLayout(it, column, width)
					if apart {
						lines += len(keys) + 1
					}
					lines += len(about)
				}
			}
			if bestLines < 0 || lines < bestLines || (lines == bestLines && column < best) {
				best, bestLines = column, lines
			}
		}
	}
	return best
}

// firstUpper is s with its first letter upper case, as fang shows a description.
func firstUpper(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// zeroDefault is whether a flag's default is its type's zero value (nothing worth
// showing): false, 0, 0s, empty.
func zeroDefault(fl *pflag.Flag) bool {
	switch fl.DefValue {
	case "", "false", "0", "0s", "[]", "<nil>":
		return true
	}
	return false
}
