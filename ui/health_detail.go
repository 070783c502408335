package ui

import (
	"slices"
	"strings"

	"github.com/funnelsdev/funnels/client/check"
)

// The strip under the Health view's list: the selected finding whole — its
// sub-account, where, what and the fix — wrapped to the width, since at 80 columns
// the list's columns cut what and leave the fix out. It is drawn again only when the
// selection, the width or the findings change (one finding's text, never the list).

// healthDetailLines is the strip's height: a rule and three lines of text.
const healthDetailLines = 4

// healthDetailMin is the least height of the view that still has room for the strip
// under a few rows.
const healthDetailMin = healthDetailLines + 8

// healthDetail is the strip as drawn last, keyed by what it shows.
type healthDetail struct {
	item, width int
	gen         uint64 // the findings' generation (healthView.gen)
	styles      uint64 // the styles' generation
	lines       []string
	blank       string   // a blank row of the width
	frame       []string // the body with the strip, reused frame to frame
}

// under is body padded to rows rows, then strip: the view's body, in a slice kept
// from frame to frame.
func (d *healthDetail) under(body []string, rows int, strip []string) []string {
	if textWidth(d.blank) != d.width {
		d.blank = strings.Repeat(" ", max(0, d.width))
	}
	out := append(d.frame[:0], body...)
	for len(out) < rows {
		out = append(out, d.blank)
	}
	d.frame = append(out, strip...)
	return d.frame
}

// stripShown reports whether the view is tall enough for the strip.
func (v *healthView) stripShown() bool { return v.height >= healthDetailMin }

// setSize sizes the list to leave the strip its room.
func (v *healthView) setSize(w, h int) {
	v.listBody.setSize(w, h)
	if v.stripShown() {
		v.list.SetHeight(max(1, h-2-healthDetailLines))
	}
}

// strip is the strip's lines for the selected finding, width wide.
func (v *healthView) strip(width int) []string {
	i := v.list.Selected()
	d := &v.detail
	if d.lines != nil && d.item == i && d.width == width && d.gen == v.gen && d.styles == v.sh.styles.gen {
		return d.lines
	}
	d.item, d.width, d.gen, d.styles = i, width, v.gen, v.sh.styles.gen
	pt := v.sh.styles.paints()
	lines := make([]string, 0, healthDetailLines)
	lines = append(lines, pt.rowFaint.render(strings.Repeat("─", max(0, width))))
	if i >= 0 && i < len(v.findings) {
		lines = append(lines, healthDetailText(v.findings[i], v.all, width-2, pt)...)
	}
	d.lines = detailLines(lines, width)
	return d.lines
}

// detailLines is a detail's lines made healthDetailLines tall, each exactly width
// cells.
func detailLines(lines []string, width int) []string {
	for len(lines) < healthDetailLines {
		lines = append(lines, "")
	}
	for k := range lines {
		lines[k] = fit(lines[k], width)
	}
	return lines
}

// healthDetailText is finding f in words, at most three lines of width: where and
// what (with its sub-account across sub-accounts), then the fix. What does not fit
// ends in "…"; `funnels check` prints it whole.
func healthDetailText(f healthFinding, all bool, width int, pt *paints) []string {
	const room = healthDetailLines - 1
	width = max(1, width)
	head := findingWhere(f.Finding) + ": " + f.Message
	if all && f.account.LocationName != "" {
		head = f.account.LocationName + " · " + head
	}
	what := wrapText(head, width)
	var fix []string
	switch {
	case f.Fix != nil:
		fix = wrapText("Fix: "+f.Fix.Text, width)
	case f.Severity == check.Error && f.Subject.Type != check.SubjectDomain:
		fix = []string{"No fix is known: enter goes to it."}
	}
	what = clipLines(what, room-min(len(fix), 1), width)
	fix = clipLines(fix, room-len(what), width)
	out := make([]string, 0, room)
	for _, l := range what {
		out = append(out, " "+pt.rowMuted.render(l))
	}
	for _, l := range fix {
		out = append(out, " "+pt.hint.render(l))
	}
	return out
}

// clipLines keeps the first n of lines, the last kept ending in "…" when some are
// left out.
func clipLines(lines []string, n, width int) []string {
	if len(lines) <= n {
		return lines
	}
	if n <= 0 {
		return nil
	}
	kept := slices.Clone(lines[:n])
	kept[n-1] = strings.TrimRight(fit(kept[n-1]+" "+lines[n], width), " ")
	return kept
}
