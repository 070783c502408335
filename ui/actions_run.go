package ui

import (
	tea "charm.land/bubbletea/v2"
)

// How the root runs the table's actions (action_table.go): a key where the screen is,
// a line of the palette, r.

// actionKey runs the action whose key msg is, where the screen is (at): the first of
// the table that applies there. A key read-only mode turned off, or whose route family
// was refused to this sign-in, says so instead. ok is false for any other key.
func (m *Model) actionKey(msg tea.KeyPressMsg, at scope) (tea.Cmd, bool) {
	for _, a := range m.sh.actions {
		if a.where&at == 0 || a.run == nil || !a.pressed(msg) || (a.when != nil && !a.when(m)) {
			continue
		}
		switch {
		case m.sh.readOnly && a.writes():
			m.setWarn(a.readOnlyOff())
			return nil, true
		case unavailableOn(m, a.needs, a.key.Help().Desc):
			return nil, true
		}
		return a.run(m), true
	}
	return nil, false
}

// openPalette shows every action by name.
func (m *Model) openPalette() tea.Cmd {
	m.overlay = newPalette(m.sh, m.paletteEntries())
	return nil
}

// paletteEntries are the palette's lines: every named action of the table, less those
// that write in read-only mode. A key of the Redirects view shows only while it is
// open (elsewhere the same letter does something else). Running an action whose route
// family is refused only says why.
func (m *Model) paletteEntries() []paletteEntry {
	var out []paletteEntry
	for _, a := range m.sh.actions {
		if a.name == "" || (m.sh.readOnly && a.writes()) || (a.shown != nil && !a.shown(m)) {
			continue
		}
		e := paletteEntry{name: a.name, desc: a.desc, key: a.key.Help().Key, needs: a.needs, run: a.run}
		if a.about != nil {
			e.desc = a.about(m)
		}
		if a.where == inRedirects && !m.onTop(m.redirects) {
			e.key = ""
		}
		if a.needs != "" {
			e.run = func(h host) tea.Cmd {
				if unavailableOn(h, a.needs, a.name) {
					return nil
				}
				return a.run(h)
			}
		}
		out = append(out, e)
	}
	return out
}

// refresh reloads what the body on top shows (r); after an error it is the retry. It
// forgets what the session learned of the routes this sign-in may use, so a refused
// route is tried again (the token's access may have changed).
func (m *Model) refresh() tea.Cmd {
	if m.client == nil {
		return nil
	}
	m.client.ForgetAccess()
	m.sh.setAccess(nil)
	m.browser.fallbackNoted = false
	return m.top().reload(m)
}
