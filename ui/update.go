package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/funnelsdev/funnels/client"
)

// How a message travels: a key to the overlay or else the body on top, then to the
// keys every body shares; the answer a body asked for to that body (toBodies); the
// terminal's size and colours, the client's events, the answers of forms, the index,
// a bulk apply and a switch to what the root keeps itself; anything else to the
// overlay (a huh form's own messages).

// Update routes a message, then keeps the screen up: the panes following the
// selection, the spinner, the status bar's cache badge and the layout.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	cmd = tea.Batch(cmd, m.browser.sync(), m.spin())
	m.status.cache = m.browser.cacheBadge()
	m.fitPanes()
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	m.notePassing(msg)
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		first := m.sh.width == 0 && m.sh.height == 0
		m.sh.width, m.sh.height = msg.Width, msg.Height
		m.relayout()
		settle := m.resized(first)
		if f := m.shownForm(); f != nil {
			return tea.Batch(f.Resize(), settle)
		}
		return settle
	case resizeSettledMsg:
		return m.settled(msg)
	case tea.BackgroundColorMsg:
		m.sh.bgDark = msg.IsDark()
		m.restyle()
	case tea.ColorProfileMsg:
		m.sh.noColor = msg.Profile == colorprofile.NoTTY || msg.Profile == colorprofile.ASCII
		m.restyle()
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		return m.paste(msg)
	case tea.MouseWheelMsg:
		m.wheel(tea.Mouse(msg))
	case tea.MouseClickMsg:
		m.click(tea.Mouse(msg))
	case spinner.TickMsg:
		if !m.busy() {
			m.spinning = false
			return nil
		}
		var cmd tea.Cmd
		m.sh.spinner, cmd = m.sh.spinner.Update(msg)
		return cmd
	case cacheMsg:
		return m.cacheUpdate(msg)
	case bodyMsg:
		return m.toBodies(msg)
	case eventMsg:
		return m.event(msg)
	case answerMsg:
		return m.answered(msg)
	case bulkMsg:
		return m.bulkUpdate(msg)
	case switchedMsg:
		return m.switched(msg)
	case clockMsg:
		m.status.ticking = false
		return m.clock()
	case openedMsg:
		if msg.err != nil {
			m.status.setWarn("could not open a browser: " + sanitize(msg.err.Error()))
		}
	default:
		if m.overlay != nil {
			return m.updateOverlay(msg)
		}
	}
	return nil
}

// event takes an event of the client shown: the status bar's rate limit and
// requests, the access record, the request log. A client switched away from keeps
// only its requests in the session's log: its rate limit, access and work in flight
// are not this location's.
func (m *Model) event(msg eventMsg) tea.Cmd {
	f, finished := msg.ev.(client.RequestFinished)
	if finished {
		m.reqlog.add(f.Record) // the crawl's too, marked as its
	}
	if msg.from != nil && msg.from != m.client {
		return nil
	}
	if a, ok := msg.ev.(client.AccessEvent); ok {
		m.sh.setAccess(a.Access)
	}
	m.status.event(msg.ev)
	return m.clock()
}

// key handles a key press.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.sh.keys
	if msg.String() == "ctrl+c" {
		return m.quit()
	}
	if key.Matches(msg, k.Redraw) {
		return redrawWhole()
	}
	m.status.keyPressed()
	if m.overlay != nil {
		return m.updateOverlay(msg)
	}
	return m.bodyKey(msg)
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

// sharedKey runs a key the body on top passed on: the plain keys that work alike in
// every body (quit, help, palette, switch, go to, refresh), then the keys of the
// action table where the screen is (at: the body's actionScope). ok says msg was one.
func (m *Model) sharedKey(msg tea.KeyPressMsg, at scope) (cmd tea.Cmd, ok bool) {
	k := m.sh.keys
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit(), true
	case key.Matches(msg, k.Help):
		m.overlay = newHelpOverlay(m.sh)
		return nil, true
	case key.Matches(msg, k.Palette):
		return m.openPalette(), true
	case key.Matches(msg, k.Switch):
		return m.openSwitcher(), true
	case key.Matches(msg, k.GoTo):
		return m.openGoto(), true
	case key.Matches(msg, k.Refresh):
		return m.refresh(), true
	}
	return m.actionKey(msg, at)
}

// updateOverlay gives msg to the overlay and closes it when it is done.
func (m *Model) updateOverlay(msg tea.Msg) tea.Cmd {
	ov := m.overlay
	cmd, done := ov.update(m, msg)
	if done && m.overlay == ov {
		m.overlay = nil
	}
	if v, ok := ov.(*textView); ok && done {
		v.req.stop() // closed before its answer came: the request is no longer needed
	}
	return cmd
}

// paste goes to whatever input has focus.
func (m *Model) paste(msg tea.PasteMsg) tea.Cmd {
	if m.overlay != nil {
		return m.updateOverlay(msg)
	}
	return m.top().paste(msg)
}
