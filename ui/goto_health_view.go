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

// gotoHealthWidth is the box's width in the health scope on a terminal w cells wide:
// wider than go to anything's, a finding saying more than an item's name.
func gotoHealthWidth(w int) int { return min(w, 180) }

// healthView draws the box in the health scope: the query, the best matches, the
// selected one whole.
func (g *gotoOverlay) healthView(w, h int) (string, int, int) {
	bw := gotoHealthWidth(w)
	inner := bw - 3
	rows := max(6, h-2) - 4
	l := g.list // a copy sized to this frame; View does not change the model
	body := g.healthBody([]string{g.input.View(), g.sh.styles.RowFaint.Render(strings.Repeat("─", inner-1))}, l, inner, rows)
	return g.sh.box(bw, min(h, len(body)+2), g.healthTitle(), body, g.healthFooter(l)), (w - bw) / 2, 1
}

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
	strip := rows-healthDetailLines >= gotoHealthStripMin
	if strip {
		rows -= healthDetailLines
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
	if !wholeColumns(cols[:], widths) {
		// A long name, address or finding is cut before the fix is left out.
		cols[1].natural = min(cols[1].natural, pick(inner < 120, 16, 24))
		cols[2].natural, cols[3].natural = min(cols[2].natural, 40), min(cols[3].natural, 48)
		widths = fitColumns(cols[:], rowAvail(inner-1))
	}
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
	if strip {
		for len(body) < 2+rows {
			body = append(body, "")
		}
		body = append(body, g.healthStrip(inner-1, l.Selected())...)
	}
	return body
}

// wholeColumns reports whether every required column of cols is as wide as what it
// holds at widths.
func wholeColumns(cols []column, widths []int) bool {
	for i, c := range cols {
		if !c.optional && widths[i] < c.natural {
			return false
		}
	}
	return true
}

// gotoHealthStripMin is the least number of rows the box keeps for the list when it
// shows the selected row whole under it.
const gotoHealthStripMin = 4

// gotoHealthStrip is the selected row of the health scope whole, under the list (at
// 80 columns the columns cut what a finding is and leave its fix out), as drawn last:
// drawn again only when the row, the width, the rows or the styles change.
type gotoHealthStrip struct {
	set         *gotoHealthSet
	item, width int
	styles      uint64
	lines       []string
}

// healthStrip is the strip's lines for row i of the health scope, width wide: a rule,
// then the row in words, as the Health view's strip says a finding.
func (g *gotoOverlay) healthStrip(width, i int) []string {
	d, set := &g.hstrip, g.health.set
	if d.lines != nil && d.set == set && d.item == i && d.width == width && d.styles == g.sh.styles.gen {
		return d.lines
	}
	d.set, d.item, d.width, d.styles = set, i, width, g.sh.styles.gen
	pt := g.sh.styles.paints()
	lines := make([]string, 0, healthDetailLines)
	lines = append(lines, pt.rowFaint.render(strings.Repeat("─", max(0, width))))
	if i >= 0 && i < len(set.items) {
		it := &set.items[i]
		if it.finding != nil {
			lines = append(lines, healthDetailText(*it.finding, true, width-2, pt)...)
		} else {
			text := it.label + " · " + it.where + " · " + it.what + pick(it.fix != "", " · "+it.fix, "")
			for _, l := range clipLines(wrapText(text, max(1, width-2)), healthDetailLines-1, width-2) {
				lines = append(lines, " "+pt.rowMuted.render(l))
			}
		}
	}
	d.lines = detailLines(lines, width)
	return d.lines
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
	if l.Filtering() && l.Query() != gotoHealthPrefix {
		b.WriteString(strconv.Itoa(l.Len()) + " of ")
	}
	b.WriteString(strconv.Itoa(len(s.items)) + " items in " + plural(s.accounts, "sub-account"))
	return b.String()
}
