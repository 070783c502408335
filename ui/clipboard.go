package ui

import (
	"reflect"

	tea "charm.land/bubbletea/v2"
)

// copyText sets the system clipboard with OSC 52, which the terminal carries to the
// user's own machine — over SSH and through tmux (with set-clipboard on) too, where a
// local clipboard tool would copy to the server's.
//
// The copy is a command of its own: the status bar says "copied" at once, but the
// terminal gets the sequence a moment later. Until Update sees it go by (the program
// writes it out before it hands the message on), the copy is kept, so that a quit
// pressed in that moment sends it first instead of losing it.
func (m *Model) copyText(text string) tea.Cmd {
	m.unsentCopy = text
	return tea.SetClipboard(text)
}

// notePassing forgets the kept copy once its message has gone by.
func (m *Model) notePassing(msg tea.Msg) {
	if m.unsentCopy == "" {
		return
	}
	want := tea.SetClipboard(m.unsentCopy)()
	// Compared by type first: some messages (batches) are not comparable.
	if reflect.TypeOf(msg) == reflect.TypeOf(want) && msg == want {
		m.unsentCopy = ""
	}
}

// quit ends the program, after the copy not yet written out, if there is one.
func (m *Model) quit() tea.Cmd {
	if m.unsentCopy == "" {
		return tea.Quit
	}
	return tea.Sequence(tea.SetClipboard(m.unsentCopy), tea.Quit)
}
