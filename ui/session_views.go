package ui

import tea "charm.land/bubbletea/v2"

// Opening the session's views: the request log, the event history and the messages.

// openRequestLog shows every request of the session.
func (m *Model) openRequestLog() tea.Cmd {
	m.overlay = newLogView(m.sh, &m.reqlog)
	return nil
}

// openMessages shows the status bar's messages of the session, whole.
func (m *Model) openMessages() tea.Cmd {
	m.overlay = newMessagesView(m.sh, &m.status.said)
	return nil
}

// openEventHistory shows the test events sent.
func (m *Model) openEventHistory() tea.Cmd {
	m.overlay = newHistoryView(m.sh, &m.history)
	return nil
}
