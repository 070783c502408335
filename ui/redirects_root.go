package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The root's side of the Redirects view: opening and closing it, its keys, copying and
// opening a redirect's address, and a write shown in its list.

// openRedirects shows the Redirects view, reading the list the first time.
func (m *Model) openRedirects() tea.Cmd {
	if m.redirects == nil {
		m.redirects = newRedirectsView(m.sh)
		m.redirects.setSize(m.sh.width, m.lay.bodyHeight)
	}
	v := m.redirects
	v.shown = true
	if v.state == stateIdle && m.client != nil {
		return v.load(m.sh.loads, m.client, m.next())
	}
	return nil
}

// closeRedirects hides the view; a load under way is given up.
func (m *Model) closeRedirects() {
	if v := m.redirects; v != nil {
		v.shown = false
		v.typing = false
		v.input.Blur()
		v.stop()
	}
}

// redirectsShown reports whether the Redirects view has the screen.
func (m *Model) redirectsShown() bool { return m.redirects != nil && m.redirects.shown }

// reloadRedirects reads the list again (r in the view).
func (m *Model) reloadRedirects() tea.Cmd {
	if m.client == nil || m.redirects == nil {
		return nil
	}
	return m.redirects.load(m.sh.loads, m.client, m.next())
}

// redirectsKey handles a key while the view has the screen.
func (m *Model) redirectsKey(msg tea.KeyPressMsg) tea.Cmd {
	v := m.redirects
	if v.typing {
		return v.filterKey(msg)
	}
	k := m.sh.keys
	switch {
	case key.Matches(msg, k.Cancel, k.Back):
		if v.list.filtering() {
			v.clearFilter()
			return nil
		}
		m.closeRedirects()
	case key.Matches(msg, k.of(actRedirects)):
		m.closeRedirects()
	case key.Matches(msg, k.Filter):
		return v.startFilter()
	case key.Matches(msg, k.Refresh):
		return m.reloadRedirects()
	case v.navigate(msg):
	default:
		// The view's actions (action_table.go: n, e, d, y, Y, o) and the browser's
		// it lets through; none shares a key with the cases above.
		if cmd, ok := m.sharedKey(msg, inRedirects); ok {
			return cmd
		}
	}
	return nil
}

// copyRedirect copies the selected redirect's old URL (y) or target (Y).
func (m *Model) copyRedirect(target bool) tea.Cmd {
	if _, ok := selectedRedirect(m, "copy"); !ok {
		return nil
	}
	return m.copySelected(target)
}

// openOldURL opens the selected redirect's old URL in a browser: the way to see it work.
func (m *Model) openOldURL() tea.Cmd {
	r, ok := selectedRedirect(m, "open")
	if !ok {
		return nil
	}
	if m.opts.OpenURL == nil {
		reason := pick(m.opts.NoBrowserReason != "", m.opts.NoBrowserReason, "none was found")
		m.status.setWarn("no browser (" + reason + ") — y copies the old URL")
		return nil
	}
	m.status.setInfo("opening " + r.oldURL + " in your browser")
	return openURL(m.sh.ctx, m.opts.OpenURL, r.oldURL)
}

// redirectChanged shows a write in the list: made puts a redirect in (made or
// changed), gone takes one out. A list never read has nothing to change; one whose
// answer had no id is read again.
func (m *Model) redirectChanged(made redirectRow, gone string) tea.Cmd {
	v := m.redirects
	if v == nil || v.state == stateIdle {
		return nil
	}
	switch {
	case gone != "":
		v.remove(gone)
	case made.id == "":
		return m.reloadRedirects()
	default:
		v.put(made)
	}
	return nil
}
