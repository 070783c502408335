package ui

import tea "charm.land/bubbletea/v2"

// wheel scrolls the list (or the detail) under the pointer.
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
	if m.redirectsShown() {
		m.redirects.list.Scroll(delta)
		return
	}
	if m.detail != nil {
		m.detail.scroll(delta)
		return
	}
	if p := m.lay.paneAt(ms.X); p >= 0 {
		m.pane(p).list.Scroll(delta)
	}
}

// click focuses the pane under the pointer and selects the row clicked.
func (m *Model) click(ms tea.Mouse) {
	if !m.mouse || m.overlay != nil || ms.Button != tea.MouseLeft {
		return
	}
	if m.redirectsShown() {
		if row := ms.Y - m.lay.bodyTop - 1; row >= 0 && row < m.lay.bodyHeight-2 {
			m.redirects.list.SelectRow(row)
		}
		return
	}
	if m.detail != nil {
		return
	}
	p := m.lay.paneAt(ms.X)
	row := ms.Y - m.lay.bodyTop - 1 // below the pane's top border
	if p < 0 || row < 0 || row >= m.lay.bodyHeight-2 {
		return
	}
	m.setFocus(p)
	m.pane(p).list.SelectRow(row)
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
