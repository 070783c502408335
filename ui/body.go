package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// body is what fills the screen between the header and the footer: the browser's
// panes at the bottom of the root's stack, and above them a page's detail or the
// Redirects view. Only the body on top is drawn and takes keys, pastes and the
// mouse; esc pops it, and the one under it shows again as it was left.
type body interface {
	// key handles a key press. keyPassed hands it on to the keys every body shares
	// (quit, help, the palette, copy, the forms' keys); keyClose pops the body.
	key(h host, msg tea.KeyPressMsg) (tea.Cmd, keyResult)
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
	reload(h host) tea.Cmd
	// close calls off what the body still waits for, when it is popped.
	close()
	// actionScope is where the body is for the action table (actions.go): the keys
	// it passes on run the table's actions of that scope.
	actionScope() scope
}

// keyResult is what a body did with a key.
type keyResult int

const (
	keyUsed   keyResult = iota // the body took the key
	keyPassed                  // the root's shared keys may take it
	keyClose                   // the body is done: pop it
)

// top is the body on screen.
func (m *Model) top() body { return m.bodies[len(m.bodies)-1] }

// onTop reports whether b is the body on screen.
func (m *Model) onTop(b body) bool { return m.top() == b }

// push shows b over what is on screen, sized to the body's area and in the styles of
// now (a body kept while closed may have missed a resize or a theme); a body already
// on the stack moves to the top.
func (m *Model) push(b body) {
	m.bodies = slices.DeleteFunc(m.bodies, func(o body) bool { return o == b })
	b.setSize(m.sh.width, m.lay.bodyHeight)
	b.restyle()
	m.bodies = append(m.bodies, b)
}

// closeBodies pops and closes every body for which drop says so; the browser at the
// bottom stays.
func (m *Model) closeBodies(drop func(body) bool) {
	kept := m.bodies[:1]
	for _, b := range m.bodies[1:] {
		if drop(b) {
			b.close()
			continue
		}
		kept = append(kept, b)
	}
	clear(m.bodies[len(kept):])
	m.bodies = kept
}

// bodyKey gives a key to the body on top, then to the shared keys.
func (m *Model) bodyKey(msg tea.KeyPressMsg) tea.Cmd {
	b := m.top()
	cmd, r := b.key(m, msg)
	switch r {
	case keyClose:
		m.closeBodies(func(o body) bool { return o == b })
	case keyPassed:
		cmd, _ = m.sharedKey(msg, b.actionScope())
	}
	return cmd
}

// anyBusy reports whether a body on the stack waits for an answer.
func (m *Model) anyBusy() bool {
	return slices.ContainsFunc(m.bodies, body.busy)
}
