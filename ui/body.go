package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// body is what fills the screen between the header and the footer: the browser's
// panes at the bottom of the root's stack, and above them a page's detail, the
// Redirects view or another view. Only the body on top is drawn and takes keys,
// pastes and the mouse; esc pops it, and the one under it shows again as it was left.
// A body owns what it shows and takes the answers to what it asked for (update), so
// the root routes without knowing what any body holds.
type body interface {
	// update takes a message a body asked for (bodyMsg). ok says the message was this
	// body's, whether or not it still waited for it: the root offers it to no other.
	update(h bodyHost, msg bodyMsg) (cmd tea.Cmd, ok bool)
	// key handles a key press. keyPassed hands it on to the keys every body shares
	// (quit, help, the palette, copy, the forms' keys); keyClose pops the body.
	key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult)
	paste(msg tea.PasteMsg) tea.Cmd
	// wheel scrolls what is under the pointer at column x; click selects the row-th
	// line under the body's top border at column x.
	wheel(x, delta int)
	click(x, row int)
	// view draws the body at the size setSize gave, one string a line. The lines
	// may belong to a frame cache: read them before the next view.
	view() []string
	setSize(w, h int)
	restyle()
	// keys are the footer's keys, already marked where the sign-in is refused.
	keys() []key.Binding
	// copyTarget says what y (wantURL false), Y and o act on: a name for it ("page
	// id"), the text, or why there is none.
	copyTarget(wantURL bool) (what, text, problem string)
	// busy reports whether the body waits for an answer (the spinner runs then).
	busy() bool
	// reload reads what the body shows again (r).
	reload(h bodyHost) tea.Cmd
	// close calls off what the body still waits for, when it is popped.
	close()
	// actionScope is where the body is for the action table (actions.go): the keys
	// it passes on run the table's actions of that scope.
	actionScope() scope
}

// bodyMsg is the answer to what a body asked for: a folder's listing, a page's
// record, a view's list. Its type says which kind of body takes it, and the view it
// names or the number of its request says which one, and whether that one still
// waits for it (a late answer for a selection left is dropped). The root hands it to
// the bodies (toBodies) without a case of its own.
type bodyMsg interface{ forBody() }

// viewMsg is a bodyMsg that names the view that asked for it (to).
type viewMsg interface {
	bodyMsg
	to() body
}

// own hands msg to take when it is a T that names v, and says whether it was v's: a
// view's update is return own(v, msg, v.fill).
func own[T viewMsg](v body, msg bodyMsg, take func(T)) (tea.Cmd, bool) {
	t, ok := msg.(T)
	if !ok || t.to() != v {
		return nil, false
	}
	take(t)
	return nil, true
}

// pushRead shows v over what is on screen and reads what it shows: how a view's
// opener ends.
func pushRead(h bodyHost, v body) tea.Cmd {
	h.push(v)
	return v.reload(h)
}

// bodyHost is what a body may ask of the root: all an overlay may (host), and the
// stack — push a body over it, close bodies — and the status bar's error and notice
// lines. The root Model is the host of every body.
type bodyHost interface {
	host
	push(b body)
	closeBodies(drop func(body) bool)
	setErr(err error)
	setNotice(text string)
}

// keyResult is what a body did with a key.
type keyResult int

const (
	keyUsed   keyResult = iota // the body took the key
	keyPassed                  // the root's shared keys may take it
	keyClose                   // the body is done: pop it
)
