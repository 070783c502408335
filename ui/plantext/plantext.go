// Package plantext lays out a plan of redirects (package client/redirectplan) for a
// width, the same way on the command line and in the browser: the command line
// prints its lines, the browser styles each span by its role.
//
// A plan is read before it is approved, so no address or target in it is ever cut:
// a step is one line when the width allows it; otherwise its row wraps — a change's
// old target on one line and "→ new" on the next, a note under it — and only a
// value longer than a whole line is broken, into whole lines of it. When the
// address and the targets cannot sit side by side, every row is stacked: the sign
// and the address, then the targets and the note under the address. A value past
// redirectplan.MaxShownBytes shows its start and its length
// (redirectplan.Shown); --json and piped output have every value whole.
package plantext

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// Role is what a span of a line shows, for a caller that styles it.
type Role uint8

const (
	Title   Role = iota // a column's title, in the header
	Lead                // the sub-account a step is for, across a set
	Sign                // what the step does: "+ add", "! refused" …
	Address             // where the redirect answers
	Target              // where it goes: old → new
	Note                // why a row is refused, or what an add risks
)

// Span is text starting at a column of a line.
type Span struct {
	Col  int
	Text string
	Role Role
}

// Line is spans in the order of their columns.
type Line []Span

// String is the line as text: each span at its column, spaces between, none after.
func (l Line) String() string { return l.Render(func(s Span) string { return s.Text }) }

// Render is the line with each span drawn by paint (its text styled, say) at its
// column, spaces between, none after.
func (l Line) Render(paint func(Span) string) string {
	var b strings.Builder
	at := 0
	for _, s := range l {
		if s.Col > at {
			b.WriteString(strings.Repeat(" ", s.Col-at))
			at = s.Col
		}
		b.WriteString(paint(s))
		at += ansi.StringWidth(s.Text)
	}
	return b.String()
}

// Row is one step of a plan and, across a set, the sub-account it is for.
type Row struct {
	Lead string
	Step redirectplan.Step
}

// Layout is a plan laid out: its header, and each row's lines.
type Layout struct {
	Header Line
	Rows   [][]Line
	// Stacked says the targets are under the addresses rather than beside them.
	Stacked bool
}

// Lines is the whole layout, header first.
func (l Layout) Lines() []Line {
	out := []Line{l.Header}
	for _, r := range l.Rows {
		out = append(out, r...)
	}
	return out
}

const (
	// MinWidth is the narrowest a layout is made for: a narrower width is taken as
	// this one.
	MinWidth = 20
	// The room the address and the targets need to sit side by side: the longest
	// of each, up to these (a longer one wraps in its column).
	addrNeedMax  = 60
	pieceNeedMax = 100
	// noteWant is the room notes beside the targets need (or their widest, when
	// narrower); with less, a note goes under its row.
	noteWant = 60
	// minAddr is the least room for the address beside the sign in a stacked
	// layout; with less, it goes under the sign.
	minAddr = 16
	gap     = 2
)

// cells are a row's texts, cleaned for one line each.
type cells struct {
	lead, sign, addr, from, to, note string
}

// one is the targets on one line.
func (c cells) one() string {
	if c.from == "" {
		return c.to
	}
	return c.from + " → " + c.to
}

// Lay lays out rows for width columns (0: unknown, each row on one line at its
// natural width). leadTitle names the column of Row.Lead, first ("SUB-ACCOUNT");
// "" leaves it out.
func Lay(rows []Row, leadTitle string, width int) Layout {
	cs := make([]cells, len(rows))
	leadW, signW, addrW := ansi.StringWidth(leadTitle), ansi.StringWidth("PLAN"), ansi.StringWidth("ADDRESS")
	oneW, pieceNeed, noteW := ansi.StringWidth("TARGET"), 0, 0
	for i, r := range rows {
		from, to := r.Step.Targets()
		c := cells{lead: termtext.Line(r.Lead), sign: r.Step.Kind.Sign(), addr: termtext.Line(r.Step.Address()),
			from: termtext.Line(from), to: termtext.Line(to), note: termtext.Line(r.Step.Note())}
		cs[i] = c
		leadW = max(leadW, ansi.StringWidth(c.lead))
		signW = max(signW, ansi.StringWidth(c.sign))
		addrW = max(addrW, ansi.StringWidth(c.addr))
		oneW = max(oneW, ansi.StringWidth(c.one()))
		pieceNeed = max(pieceNeed, min(pieceNeedMax, pieceWidth(c)))
		noteW = max(noteW, ansi.StringWidth(c.note))
	}
	if width > 0 {
		width = max(width, MinWidth)
	}
	g := grid{width: width}
	if leadTitle != "" {
		if width > 0 {
			leadW = min(leadW, max(8, width/4)) // a name: cut in its middle past a quarter of the line
		}
		g.leadW, g.signCol = leadW, leadW+gap
	}
	g.addrCol = g.signCol + signW + gap
	if width <= 0 || g.addrCol+min(addrW, addrNeedMax)+gap+pieceNeed <= width {
		g.columns(addrW, oneW, pieceNeed, noteW)
	} else {
		g.stack(pieceNeed)
	}
	l := Layout{Stacked: g.stacked, Header: g.header(leadTitle)}
	l.Rows = make([][]Line, len(cs))
	for i, c := range cs {
		l.Rows[i] = g.row(c)
	}
	return l
}

// pieceWidth is the room a row's targets need when they wrap: the wider of the
// old target and "→ new", or the target.
func pieceWidth(c cells) int {
	if c.from == "" {
		return ansi.StringWidth(c.to)
	}
	return max(ansi.StringWidth(c.from), ansi.StringWidth(c.to)) + gap
}

// grid is where each column starts and how wide it is.
type grid struct {
	width              int // 0: unknown
	leadW, signCol     int // leadW 0: no lead column
	addrCol, addrW     int // addrW 0: to the end of the line
	targetCol, targetW int
	noteCol, noteW     int // noteCol 0: notes go under their row, from noteUnder
	noteUnder          int
	titleCol           int // the stacked header's second title
	stacked, addrUnder bool
}

// columns places the address, the targets and the notes side by side: the address
// column as wide as the widest address (narrower when that leaves the targets too
// little room), the targets as wide as the widest on one line or the rest of the
// line, and the notes beside them when what is left holds the widest (up to
// noteWant), else under their row, where they have the whole line but the sign.
func (g *grid) columns(addrW, oneW, pieceNeed, noteW int) {
	if g.width <= 0 {
		g.addrW = addrW
		g.targetCol = g.addrCol + addrW + gap
		g.targetW = oneW
		if noteW > 0 {
			g.noteCol = g.targetCol + oneW + gap
		}
		return
	}
	g.addrW = min(addrW, g.width-g.addrCol-gap-pieceNeed)
	g.targetCol = g.addrCol + g.addrW + gap
	g.targetW = min(oneW, g.width-g.targetCol)
	if noteW == 0 {
		return
	}
	if col := g.targetCol + g.targetW + gap; col+min(noteW, noteWant) <= g.width {
		g.noteCol, g.noteW = col, g.width-col
		return
	}
	g.noteUnder, g.noteW = g.addrCol, g.width-g.addrCol
}

// stack puts the targets and the note under the address: from the address's
// column when the targets fit there (up to pieceNeedMax), else from near the left
// edge; the address goes under the sign too when less than minAddr is left beside
// it.
func (g *grid) stack(pieceNeed int) {
	g.stacked = true
	under := g.addrCol
	if g.width-under < pieceNeed {
		under = gap
	}
	g.titleCol = g.addrCol
	g.addrW = g.width - g.addrCol
	if g.addrW < minAddr {
		g.addrUnder = true
		g.addrCol, g.addrW = under, g.width-under
	}
	g.targetCol, g.targetW = under, g.width-under
	g.noteUnder, g.noteW = under, g.width-under
}

func (g *grid) header(leadTitle string) Line {
	var l Line
	if g.leadW > 0 {
		l = append(l, Span{0, termtext.CutEnd(leadTitle, g.leadW), Title})
	}
	l = append(l, Span{g.signCol, "PLAN", Title})
	if g.stacked {
		for _, t := range []string{"ADDRESS / TARGET", "ADDRESS"} {
			if g.titleCol+ansi.StringWidth(t) <= g.width {
				return append(l, Span{g.titleCol, t, Title})
			}
		}
		return l
	}
	l = append(l, Span{g.addrCol, "ADDRESS", Title}, Span{g.targetCol, "TARGET", Title})
	switch col := g.targetCol + g.targetW + gap; {
	case g.noteCol > 0:
		l = append(l, Span{g.noteCol, "NOTE", Title})
	case g.noteW == 0 && (g.width <= 0 || col+len("NOTE") <= g.width):
		l = append(l, Span{col, "NOTE", Title}) // the column is there, empty
	}
	return l
}

// row lays out one step: the sign and the address on its first line, the targets
// beside the address (or under it, stacked) and the note beside them or under them.
func (g *grid) row(c cells) []Line {
	var first Line
	if g.leadW > 0 {
		first = append(first, Span{0, termtext.CutMiddle(c.lead, g.leadW), Lead})
	}
	first = append(first, Span{g.signCol, c.sign, Sign})
	var columns [][]Span
	addr := wrapped(c.addr, g.addrCol, g.addrW, Address)
	if !g.addrUnder {
		columns = append(columns, addr)
	}
	targets := g.targets(c)
	var notes []Span
	if c.note != "" {
		notes = wrapped(c.note, g.noteCol, g.noteW, Note)
	}
	if !g.stacked {
		columns = append(columns, targets)
		if g.noteCol > 0 {
			columns = append(columns, notes)
		}
	}
	lines := merge(first, columns)
	if g.addrUnder {
		lines = appendUnder(lines, addr)
	}
	if g.stacked {
		lines = appendUnder(lines, targets)
	}
	if c.note != "" && g.noteCol == 0 {
		for i := range notes {
			notes[i].Col = g.noteUnder
		}
		lines = appendUnder(lines, notes)
	}
	return lines
}

// targets are the row's targets as spans of the target column, one a line: on
// one line when they fit, else the old target over "→ new", each wrapped.
func (g *grid) targets(c cells) []Span {
	col, w := g.targetCol, g.targetW
	if one := c.one(); g.width <= 0 || ansi.StringWidth(one) <= w {
		return []Span{{col, one, Target}}
	}
	if c.from == "" {
		return wrapped(c.to, col, w, Target)
	}
	out := wrapped(c.from, col+gap, w-gap, Target)
	to := wrapped(c.to, col+gap, w-gap, Target)
	to[0].Col, to[0].Text = col, "→ "+to[0].Text
	return append(out, to...)
}

// wrapped is text wrapped to w columns from col, a span a line; whole when w is 0.
func wrapped(text string, col, w int, role Role) []Span {
	if w <= 0 {
		return []Span{{col, text, role}}
	}
	parts := termtext.Wrap(text, w)
	out := make([]Span, len(parts))
	for i, p := range parts {
		out[i] = Span{col, p, role}
	}
	return out
}

// merge is the lines of columns side by side: line i holds the i-th span of each,
// first starting the first line.
func merge(first Line, columns [][]Span) []Line {
	n := 1
	for _, c := range columns {
		n = max(n, len(c))
	}
	lines := make([]Line, n)
	lines[0] = first
	for i := range lines {
		for _, c := range columns {
			if i < len(c) {
				lines[i] = append(lines[i], c[i])
			}
		}
	}
	return lines
}

// appendUnder adds a line for each span, under lines.
func appendUnder(lines []Line, spans []Span) []Line {
	for _, s := range spans {
		lines = append(lines, Line{s})
	}
	return lines
}
