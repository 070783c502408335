package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Focus, the panes' places and the panes following the selection.

// focused is the list machinery of the focused pane.
func (b *browser) focused() *paneBase { return b.pane(b.focus) }

func (b *browser) pane(i int) *paneBase {
	switch i {
	case paneSteps:
		return &b.steps.paneBase
	case panePages:
		return &b.pages.paneBase
	}
	return &b.entities.paneBase
}

// setFocus moves the focus to pane i; on narrow terminals this changes which panes
// are shown.
func (b *browser) setFocus(i int) {
	if i < 0 || i >= paneCount || i == b.focus {
		return
	}
	b.focus = i
	b.place()
}

// place puts the panes the width shows side by side, sharing it by what their rows
// need (widths.go), and sizes them; nothing is placed while the terminal is too
// small for any body.
func (b *browser) place() {
	b.wants = b.paneWants()
	if b.height <= 0 {
		b.slots = nil
		return
	}
	b.slots = placePanes(b.width, b.focus, b.wants)
	for _, s := range b.slots {
		b.pane(s.pane).setSize(s.w, b.height)
	}
}

// paneWants is what each pane's rows need across (widths.go).
func (b *browser) paneWants() [paneCount]paneWant {
	var out [paneCount]paneWant
	out[paneEntities] = wantOf(b.entities.cols, b.entities.list.Total() > 0)
	out[paneSteps] = wantOf(b.steps.wantCols(), b.steps.hasColumns())
	out[panePages] = wantOf(b.pages.wantCols(), b.pages.hasColumns())
	return out
}

// fit places the panes again when what their rows need changed (new data, another
// folder): after every update, at the cost of comparing a few numbers.
func (b *browser) fit() {
	if b.paneWants() != b.wants {
		b.place()
	}
}

// paneAt returns the pane under column x, or -1.
func (b *browser) paneAt(x int) int {
	for _, s := range b.slots {
		if x >= s.x && x < s.x+s.w {
			return s.pane
		}
	}
	return -1
}

// sync makes the second and third panes follow the selection: the steps of the
// funnel selected in the first pane (no request: they are in the funnel record), and
// the pages of the selected step, cached or asked for after a short debounce.
func (b *browser) sync() tea.Cmd {
	f := b.entities.selectedFunnel()
	note := ""
	if f == nil {
		switch r := b.entities.selected(); {
		case r != nil:
			note = r.name + "/ is a folder — press enter to open it"
		case b.entities.current().state == stateLoading:
			note = "Waiting for the funnels…"
		case b.entities.current().state == stateFailed:
			note = "The funnels could not be loaded"
		default:
			note = "No funnel selected"
		}
	}
	b.steps.setFolder(b.entities.current().stepW)
	b.steps.show(f, note)
	b.pages.setScope(b.entities.folderID())

	s := b.steps.selected()
	var key stepKey
	note = ""
	switch {
	case s != nil:
		key = stepKey{funnelID: b.steps.funnelID, stepID: s.id}
	case f != nil && f.stepsMissing:
		note = "Waiting for the funnel's steps…"
		if f.stepsErr != nil {
			note = "This funnel's steps could not be had"
		}
	case f != nil:
		note = "This funnel has no steps"
	default:
		note = "Select a funnel's step to see its pages"
	}
	if !b.pages.show(key, s, note) {
		return nil
	}
	seq := b.sh.next()
	b.pages.load(seq)
	return debounceLoadPages(b.debounce, key, seq)
}

// screen is the whole screen while the browser has it alone: the header, the panes
// side by side, the footer and the status bar, written into one string without
// joining the panes' lines first.
func (b *browser) screen(header, footer, bar string) string {
	var cols [paneCount][]string
	slots := b.slots[:min(len(b.slots), paneCount)]
	size := len(header) + b.height + 2
	for i, s := range slots {
		cols[i] = b.paneLines(s)
		for _, l := range cols[i] {
			size += len(l)
		}
	}
	size += len(footer) + len(bar)

	var out strings.Builder
	out.Grow(size)
	out.WriteString(header)
	for r := 0; r < b.height; r++ {
		out.WriteByte('\n')
		for i := range slots {
			if r < len(cols[i]) {
				out.WriteString(cols[i][r])
			}
		}
	}
	out.WriteByte('\n')
	out.WriteString(footer)
	out.WriteByte('\n')
	out.WriteString(bar)
	return out.String()
}

// paneLines draws one pane in its slot. The lines belong to the pane's frame cache:
// read them before the next View.
func (b *browser) paneLines(s slot) []string {
	focused := s.pane == b.focus
	var v paneView
	switch s.pane {
	case paneEntities:
		v = b.entities.view(focused)
	case paneSteps:
		v = b.steps.view(focused)
	default:
		v = b.pages.view(focused)
	}
	p := b.pane(s.pane)
	return p.drawn.draw(b.sh, s.w, b.height, focused, v, p.filterView())
}
