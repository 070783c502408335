package export

import (
	"fmt"
	"io"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/funneltree"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// diffPrinter writes a diff for a person: on a terminal coloured (as NO_COLOR and
// the terminal allow) and every line cut to the width; piped, plain and whole.
type diffPrinter struct {
	w      io.Writer
	width  int // 0: lines are not cut
	color  bool
	styles cmdutil.ChangeStyles
}

func newDiffPrinter(f *cmdutil.Factory) *diffPrinter {
	p := &diffPrinter{w: f.IO.Out, styles: cmdutil.NewChangeStyles()}
	if f.IO.OutTTY {
		p.width, p.color = f.IO.Width, true
		if p.width <= 0 {
			p.width = cmdutil.DefaultWidth
		}
		p.w = f.ColorWriter(f.IO.Out)
	}
	return p
}

// line writes indent and text, cut to the width, in style when colour is on.
func (p *diffPrinter) line(indent int, style *lipgloss.Style, text string) {
	text = termtext.Line(text)
	if p.width > 0 {
		text = termtext.CutEnd(text, p.width-indent)
	}
	if p.color && style != nil {
		text = style.Render(text)
	}
	fmt.Fprintln(p.w, strings.Repeat(" ", indent)+text)
}

// printDiff writes the summary of the changes from a to b, then each group of them
// (folders, each funnel, domains, redirects) with its fields under each change.
func printDiff(f *cmdutil.Factory, a, b string, changes []funneltree.Change) {
	p := newDiffPrinter(f)
	if len(changes) == 0 {
		p.line(0, nil, "No differences between "+a+" and "+b+".")
		return
	}
	byKind, all := funneltree.Summarise(changes)
	p.line(0, &p.styles.Title, fmt.Sprintf("%s: %d added, %d removed, %d changed", cmdutil.CountOf(all.Total(), "difference"),
		all.Added, all.Removed, all.Changed))
	p.line(2, &p.styles.Dim, "from "+a)
	p.line(2, &p.styles.Dim, "to   "+b)
	var parts []string
	for _, k := range funneltree.Kinds() {
		if t := byKind[k]; t.Total() > 0 {
			parts = append(parts, tallyWords(string(k), t))
		}
	}
	p.line(2, &p.styles.Dim, strings.Join(parts, " · "))
	group := "\x00"
	for _, c := range changes {
		if g := groupOf(c); g != group {
			group = g
			fmt.Fprintln(p.w)
			p.line(0, &p.styles.Title, g)
		}
		mark, style := "~", &p.styles.Changed
		switch c.Op {
		case funneltree.Added:
			mark, style = "+", &p.styles.Added
		case funneltree.Removed:
			mark, style = "-", &p.styles.Removed
		}
		p.line(2, style, mark+" "+changeTitle(c))
		for _, fl := range c.Fields {
			p.line(6, nil, fieldWords(c.Op, fl))
		}
	}
}

// tallyWords is "steps 2 changed, 1 added".
func tallyWords(kind string, t funneltree.Tally) string {
	var bits []string
	for _, e := range []struct {
		n    int
		word string
	}{{t.Added, "added"}, {t.Removed, "removed"}, {t.Changed, "changed"}} {
		if e.n > 0 {
			bits = append(bits, fmt.Sprintf("%d %s", e.n, e.word))
		}
	}
	return kind + "s " + strings.Join(bits, ", ")
}

// groupOf is the title of the group a change is shown under.
func groupOf(c funneltree.Change) string {
	switch c.Kind {
	case funneltree.KindFolder:
		return "Folders"
	case funneltree.KindDomain:
		return "Domains"
	case funneltree.KindRedirect:
		return "Redirects"
	}
	return "Funnel " + cmdutil.OrDash(c.Funnel)
}

// changeTitle names the record changed: `step "Opt-in" /spring-sale-opt-in`.
func changeTitle(c funneltree.Change) string {
	switch c.Kind {
	case funneltree.KindRedirect:
		return "redirect " + c.Name + c.Path
	case funneltree.KindDomain, funneltree.KindFolder:
		return string(c.Kind) + " " + c.Name
	case funneltree.KindPage:
		where := " in step " + fmt.Sprintf("%q", c.Step)
		if c.Step == "" {
			where = " outside any step"
		}
		return fmt.Sprintf("page %q%s", c.Name, where)
	}
	s := fmt.Sprintf("%s %q", c.Kind, c.Name)
	if c.Path != "" {
		s += " " + c.Path
	}
	return s
}

// fieldWords is "name: Opt-in → Opt-in v2", or the one value of a record added or
// removed.
func fieldWords(op funneltree.Op, f funneltree.Field) string {
	switch op {
	case funneltree.Added:
		return f.Name + ": " + f.New
	case funneltree.Removed:
		return f.Name + ": " + f.Old
	}
	return f.Name + ": " + cmdutil.OrDash(f.Old) + " → " + cmdutil.OrDash(f.New)
}
