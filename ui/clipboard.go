package ui

import tea "charm.land/bubbletea/v2"

// copyToClipboard sets the system clipboard with OSC 52, which the terminal carries
// to the user's own machine — over SSH and through tmux (with set-clipboard on) too,
// where a local clipboard tool would copy to the server's.
func copyToClipboard(text string) tea.Cmd {
	return tea.SetClipboard(text)
}
