package form

import (
	"charm.land/bubbles/v2/key"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
)

// Host is all a form asks of the browser that opened it: the room it has (the
// terminal's width and the rows of the body, which change with every resize), how
// it looks (which changes when the terminal says its background is light), the keys
// it answers to, the spinner frame of the moment, a number for each request it sends
// and the status bar. A form keeps its host and reads these when it lays itself out
// or draws, so it follows a resize or a new theme at once. The browser's root is the
// host of every form; a test builds a host of its own.
type Host interface {
	// Width is the terminal's width in cells.
	Width() int
	// BodyHeight is the rows between the browser's header and footer.
	BodyHeight() int
	// Look is the styles of the current theme.
	Look() *Look
	// Keys are the browser's keys a form answers to.
	Keys() Keys
	// Spinner is the spinner's frame of the moment, styled.
	Spinner() string
	// Next is the number of a new request.
	Next() uint64
	// SetInfo puts a message in the status bar.
	SetInfo(text string)
}

// Look is how a form is drawn: the huh styles of its fields and the styles of its
// own lines (notes, problems, "sending…"). The host builds it once per theme.
type Look struct {
	Huh *huh.Styles
	// Hint draws the notes above the fields; Error a problem or a refusal; Notice
	// the question before discarding; Loading "sending…"; Status a check that
	// passed (the forms' live notes use it).
	Hint, Error, Notice, Loading, Status lipgloss.Style
}

// Keys are the browser's keys a form answers to: Cancel closes it (after asking when
// something was typed), Send sends from any field, Yes and No answer the question
// before discarding.
type Keys struct {
	Cancel, Send, Yes, No key.Binding
}

// named is b with another description in the help.
func named(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}
