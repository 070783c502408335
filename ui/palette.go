package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/ui/form"
	"github.com/funnelsdev/funnels/ui/list"
)

// palette is the command palette (":"): every action by name, fuzzy-searched as you
// type; enter runs the one under the cursor, esc closes.
type palette struct {
	sh      *shared
	actions []paletteEntry
	refused []bool // the actions whose route is refused to this sign-in
	list    list.List
	input   textinput.Model
	cols    []column
	need    int // the width that shows every name, description and key whole
	fitted  fittedColumns
}

func newPalette(sh *shared, actions []paletteEntry) *palette {
	// An action whose route is refused to this sign-in says so, and why, in place of
	// what it does (a copy: the caller's list is not changed).
	actions = append([]paletteEntry(nil), actions...)
	refused := make([]bool, len(actions))
	for i, a := range actions {
		if r := sh.refusal(a.needs); r != "" {
			actions[i].desc, refused[i] = "unavailable: "+r, true
		}
	}
	p := &palette{sh: sh, actions: actions, refused: refused}
	keys := make([]string, len(actions))
	var nameW, descW, keyW int
	for i, a := range actions {
		keys[i] = strings.ToLower(a.name + " " + a.desc)
		nameW = max(nameW, ansi.StringWidth(a.name))
		descW = max(descW, ansi.StringWidth(a.desc))
		keyW = max(keyW, ansi.StringWidth(a.key))
	}
	p.cols = []column{{natural: nameW, min: 10}, {natural: descW, min: 12, optional: true, fill: true}, {natural: keyW, min: keyW}}
	// The box's border and leading space, the marker, the gaps and a space of padding.
	p.need = nameW + descW + keyW + 2*cellGap + markerWidth + 1 + 4
	p.input = newPickerInput(sh, ": ", "type to search actions", p.width(sh.width)-8)
	p.list.SetKeys(keys)
	p.list.SetHeight(len(actions))
	return p
}

func (p *palette) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	out, cmd := pickerUpdate(&p.sh.keys, &p.input, &p.list, true, msg)
	switch out {
	case pickerClosed:
		return nil, true
	case pickerChosen:
		// The palette closes first; the action may open another modal.
		h.show(nil)
		return p.actions[p.list.Selected()].run(h), true
	}
	return cmd, false
}

func (p *palette) keys() []key.Binding { return p.sh.keys.paletteHelp() }

// view draws the palette in the upper part of the pane area.
func (p *palette) view(w, h int) (string, int, int) {
	st := &p.sh.styles
	bw := p.width(w)
	inner := bw - 3
	rows := min(len(p.actions), max(1, h-5))
	l := p.list // a copy sized to this frame; View does not change the model
	l.SetHeight(rows)
	body := []string{p.input.View(), st.RowFaint.Render(strings.Repeat("─", inner-1))}
	if l.Len() == 0 {
		body = append(body, st.Empty.Render("No action matches"))
	}
	widths := p.fitted.get(p.cols, rowAvail(inner-1))
	from, to := l.Visible()
	for i := from; i < to; i++ {
		a := p.actions[l.At(i)]
		name, desc := st.Row, st.RowMuted
		if p.refused[l.At(i)] {
			name, desc = st.RowFaint, st.Error
		}
		body = append(body, listRow(st, inner-1, i == l.Cursor(), true, widths, []cell{
			{text: a.name, style: name},
			{text: a.desc, style: desc},
			{text: a.key, style: st.HelpKey, right: true},
		}))
	}
	bh := min(h, len(body)+2)
	y := max(0, min(2, (h-bh)/3))
	return p.sh.box(bw, bh, "Commands", body, ""), (w - bw) / 2, y
}

// width is the palette's width on a terminal w cells wide: as wide as its widest
// entry needs, within the terminal (a margin either side when there is room), and
// never narrower than a form.
func (p *palette) width(w int) int {
	return min(w, max(form.Width(w), min(p.need, w-4)))
}

// paletteEntry is one line of the command palette, made from an action of the table
// (the root's paletteEntries).
type paletteEntry struct {
	name  string // "Copy URL"
	desc  string // one line on what it does
	key   string // the key shown at the right ("" when it has none here)
	needs client.Family
	run   func(h host) tea.Cmd // runs the action on the palette's host (the root)
}
