package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"
)

// The root's stack of bodies: the browser at the bottom, what was pushed over it
// above, the one on top on screen.

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

// closeDetail closes the page detail and calls off the read of its record.
func (m *Model) closeDetail() { m.closeBodies(isDetail) }

// toBodies hands msg to the body it is for: the bodies on the stack, the one on top
// first, then the Redirects view, which the root keeps while it is closed (a read it
// asked for before it closed still lands in its list).
func (m *Model) toBodies(msg bodyMsg) tea.Cmd {
	for i := len(m.bodies) - 1; i >= 0; i-- {
		if cmd, ok := m.bodies[i].update(m, msg); ok {
			return cmd
		}
	}
	if m.redirects != nil && !slices.Contains(m.bodies, body(m.redirects)) {
		cmd, _ := m.redirects.update(m, msg)
		return cmd
	}
	return nil
}
