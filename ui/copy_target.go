package ui

import tea "charm.land/bubbletea/v2"

// What y, Y and o act on: the body on screen says (in the Redirects view y and Y
// copy the selected redirect's old URL and target).

// copySelected copies the selection's id (or public URL) with OSC 52 and says so.
func (m *Model) copySelected(url bool) tea.Cmd {
	what, text, problem := m.top().copyTarget(url)
	if problem != "" {
		m.status.setWarn(problem)
		return nil
	}
	return copyOf(m, what, text)
}

// openInBrowser opens the selection's public URL, when a browser can be shown.
func (m *Model) openInBrowser() tea.Cmd {
	_, url, problem := m.top().copyTarget(true)
	if problem != "" {
		m.status.setWarn(problem)
		return nil
	}
	return m.browse(url, "Y copies the URL")
}
