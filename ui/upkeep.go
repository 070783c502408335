package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"
)

// What the root keeps up as messages come: the frame's geometry, the styles, the
// spinner while anything waits and the status bar's clock while anything counts down.

// relayout works the frame out again for the terminal's size and the status bar's
// lines, and sizes every body to it.
func (m *Model) relayout() {
	m.lay = computeLayout(m.sh.width, m.sh.height, m.status.rows(m.sh.width))
	m.sh.bodyRows = m.lay.bodyHeight
	for _, b := range m.bodies {
		b.setSize(m.sh.width, m.lay.bodyHeight)
	}
}

// fitPanes lays the frame out again when the status bar takes another number of
// lines, and the panes when what their rows need changed (new data, another folder):
// after every update, at the cost of comparing a few numbers.
func (m *Model) fitPanes() {
	if m.sh.width == 0 {
		return
	}
	if !m.lay.tooSmall && m.status.rows(m.sh.width) != m.lay.barRows {
		m.relayout()
	}
	m.browser.fit()
}

// restyle rebuilds the styles after the theme or the colour profile changed.
func (m *Model) restyle() {
	m.sh.restyle()
	for _, b := range m.bodies {
		b.restyle()
	}
}

// busy reports whether anything shown waits for an answer (the spinner runs then).
func (m *Model) busy() bool {
	switch ov := m.overlay.(type) {
	case *formOverlay:
		if ov.Sending() {
			return true
		}
	case *textView:
		if ov.seq != 0 {
			return true
		}
	}
	return slices.ContainsFunc(m.bodies, body.busy)
}

// spin starts the spinner when something waits and it is not running yet.
func (m *Model) spin() tea.Cmd {
	if m.spinning || !m.busy() {
		return nil
	}
	m.spinning = true
	return m.sh.spinner.Tick
}

// clock starts the status bar's one-second tick when something counts down.
func (m *Model) clock() tea.Cmd {
	if m.status.ticking || !m.status.needsClock() {
		return nil
	}
	m.status.ticking = true
	return clockTick()
}
