package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/ui/list"
)

// How go to anything draws its health scope (goto_health.go): the rows of what the
// last checks found, marked ✗ and ⚠ where the panes mark them, in columns sized to
// the rows shown — what a row is about (step, redirect, domain, or health: a
// sub-account's own row), the sub-account, where, what, and the fix where there is room.

// healthBody is the box's lines under the query and its rule in the health scope,
// rows of them at most, appended to body.
func (g *gotoOverlay) healthBody(body []string, l list.List, inner, rows int) []string {
	st := &g.sh.styles
	hs := g.health
	if hs.note != "" && hs.set != nil {
		body = append(body, st.Error.Render(ansi.Truncate(hs.note, inner-1, "…")))
		rows--
	}
	switch {
	case hs.set == nil:
		return append(body, st.Empty.Render("Reading the checks kept beside every sub-account's index…"))
	case len(hs.set.items) == 0:
		return append(body, st.Empty.Render("No check kept: ! in the browser checks this sub-account"))
	case l.Len() == 0:
		return append(body, st.Empty.Render("Nothing matches"))
	}
	l.SetHeight(rows)
	from, to := l.Visible()
	cols := g.hcols // sized to the rows of this frame
	for i := from; i < to; i++ {
		it := &hs.set.items[l.At(i)]
		for c, text := range [5]string{it.kind, it.label, it.where, it.what, it.fix} {
			cols[c].natural = max(cols[c].natural, textWidth(text))
		}
	}
	widths := fitColumns(cols[:], rowAvail(inner-1))
	for i := from; i < to; i++ {
		it := &hs.set.items[l.At(i)]
		body = append(body, markedRow(st, inner-1, i == l.Cursor(), true, widths, []cell{
			{text: it.kind, style: st.Badge},
			{text: it.label, style: st.RowMuted},
			{text: it.where, style: st.Row, middle: true}, // its end names the page
			{text: it.what, style: st.RowMuted},
			{text: it.fix, style: st.RowFaint},
		}, it.mark))
	}
	return body
}

// healthTitle is the box's title in the health scope.
func (g *gotoOverlay) healthTitle() string {
	s := g.health.set
	if s == nil {
		return "Go to anything · health"
	}
	return "Go to anything · health · " + plural(s.errors, "error") + ", " + plural(s.warnings, "warning")
}

// healthFooter says how many rows match, of how many sub-accounts.
func (g *gotoOverlay) healthFooter(l list.List) string {
	s := g.health.set
	if s == nil {
		return ""
	}
	var b strings.Builder
	if l.Filtering() {
		b.WriteString(strconv.Itoa(l.Len()) + " of ")
	}
	b.WriteString(strconv.Itoa(len(s.items)) + " items in " + plural(s.accounts, "sub-account"))
	return b.String()
}
