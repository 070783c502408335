package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// browser is the body at the bottom of the stack: the three panes. They are the
// root's own (loads, the selection's sync, go to anything and the forms' effects
// write them directly), so the browser reaches them through the root.
type browser struct{ m *Model }

func (b browser) key(_ host, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	m, k := b.m, b.m.sh.keys
	p := m.focused()
	if p.typing {
		return p.filterKey(msg), keyUsed
	}
	switch {
	case key.Matches(msg, k.NextPane):
		m.setFocus((m.focus + 1) % paneCount)
	case key.Matches(msg, k.PrevPane):
		m.setFocus((m.focus + paneCount - 1) % paneCount)
	case key.Matches(msg, k.Filter):
		return p.startFilter(), keyUsed
	case key.Matches(msg, k.Open):
		return m.open(), keyUsed
	case key.Matches(msg, k.Back):
		return m.back(), keyUsed
	case p.navigate(msg):
	default:
		return nil, keyPassed
	}
	return nil, keyUsed
}

// actionScope: the keys passed on run the table's actions of the panes.
func (b browser) actionScope() scope { return inPanes }

func (b browser) paste(msg tea.PasteMsg) tea.Cmd {
	if p := b.m.focused(); p.typing {
		return p.filterPaste(msg)
	}
	return nil
}

func (b browser) wheel(x, delta int) {
	if p := b.m.lay.paneAt(x); p >= 0 {
		b.m.pane(p).list.Scroll(delta)
	}
}

func (b browser) click(x, row int) {
	if p := b.m.lay.paneAt(x); p >= 0 {
		b.m.setFocus(p)
		b.m.pane(p).list.SelectRow(row)
	}
}

// view is the panes side by side, for an overlay to be drawn over (alone on the
// screen they are written straight into the frame: renderPanes).
func (b browser) view() []string {
	m := b.m
	blocks := make([][]string, 0, len(m.lay.slots))
	for _, s := range m.lay.slots {
		blocks = append(blocks, m.paneLines(s))
	}
	return joinColumns(blocks, m.lay.bodyHeight)
}

func (b browser) setSize(_, h int) {
	for _, s := range b.m.lay.slots {
		b.m.pane(s.pane).setSize(s.w, h)
	}
}

func (b browser) restyle() {
	for i := 0; i < paneCount; i++ {
		b.m.pane(i).restyle()
	}
}

func (b browser) keys() []key.Binding {
	m := b.m
	if m.focused().typing {
		return m.sh.markRefused(m.sh.keys.filterHelp(), false)
	}
	return m.sh.markRefused(m.sh.keys.paneHelp(m.focus, len(m.entities.path) == 1, m.archiveHelp()), false)
}

func (b browser) busy() bool {
	m := b.m
	if m.entities.loading() {
		return true
	}
	ps := m.pages.current()
	return ps != nil && ps.seq != 0
}

// reload reads the focused pane again.
func (b browser) reload(host) tea.Cmd {
	m := b.m
	if m.focus == panePages {
		if m.pages.key == (stepKey{}) {
			return nil
		}
		seq := m.next()
		return loadPages(m.pages.load(seq), m.client, m.pages.key, m.pages.step, seq)
	}
	// The steps live in the funnel records, so refreshing them is reading the
	// folder again.
	return m.loadFolder()
}

func (browser) close() {}
