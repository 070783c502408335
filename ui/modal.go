package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// modal is a box drawn over the panes that takes every key while it is open: the help
// overlay, the command palette, the forms (package form, shown by formhost.go), the
// result views (textview.go), the request log and the event history.
//
// The root model sends it key presses, pastes and every message the root does not
// handle itself (so a huh form's internal messages reach it), and closes it when
// update reports done — unless update already replaced it with another modal (the
// palette running "Help" opens the help overlay that way). update gets the root model
// as a host (host.go): the selection, the client, the status bar and the overlay
// slot, and nothing else of it.
type modal interface {
	update(h host, msg tea.Msg) (cmd tea.Cmd, done bool)
	// view draws the box for a pane area of w×h and says where it goes.
	view(w, h int) (box string, x, y int)
	// keys are the bindings the footer shows while the modal is open.
	keys() []key.Binding
}
