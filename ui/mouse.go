package ui

import tea "charm.land/bubbletea/v2"

// wheel scrolls what is under the pointer in the body on top.
func (m *Model) wheel(ms tea.Mouse) {
	if !m.mouse || m.overlay != nil {
		return
	}
	delta := 0
	switch ms.Button {
	case tea.MouseWheelUp:
		delta = -3
	case tea.MouseWheelDown:
		delta = 3
	default:
		return
	}
	m.top().wheel(ms.X, delta)
}

// click selects the row clicked in the body on top (in the panes, focusing the one
// under the pointer).
func (m *Model) click(ms tea.Mouse) {
	if !m.mouse || m.overlay != nil || ms.Button != tea.MouseLeft {
		return
	}
	if row := ms.Y - m.lay.bodyTop - 1; row >= 0 && row < m.lay.bodyHeight-2 { // below the top border
		m.top().click(ms.X, row)
	}
}

// toggleMouse captures the mouse or gives it back to the terminal.
func (m *Model) toggleMouse() tea.Cmd {
	m.mouse = !m.mouse
	if m.mouse {
		m.status.setInfo("mouse on: wheel scrolls, click selects (hold shift to select text)")
	} else {
		m.status.setInfo("mouse off: the terminal selects text again")
	}
	return nil
}
