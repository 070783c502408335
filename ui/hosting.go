package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// The root Model is the host of every overlay and every body: what they ask of the
// browser behind them is answered here, from the root's own parts.

func (m *Model) common() *shared       { return m.sh }
func (m *Model) api() *client.Client   { return m.client }
func (m *Model) next() uint64          { return m.sh.next() }
func (m *Model) setInfo(text string)   { m.status.setInfo(text) }
func (m *Model) setWarn(text string)   { m.status.setWarn(text) }
func (m *Model) setErr(err error)      { m.status.setErr(err) }
func (m *Model) setNotice(text string) { m.status.setNotice(text) }
func (m *Model) show(o modal)          { m.overlay = o }

// selected is the browser's selection, with the Redirects view, the public URL of
// what is on screen and whom requests act for.
func (m *Model) selected() selection {
	s := m.browser.selection()
	s.redirects, s.redirectsShown = m.redirects, m.onTop(m.redirects)
	s.userID, s.profile, s.redirectsState = m.opts.UserID, m.status.profile, m.opts.Redirects
	if r := m.opts.Remote; r != nil {
		s.changes = r.Changes
	}
	switch {
	case m.client != nil && m.client.LocationID() != "":
		s.location = sanitize(m.client.LocationID())
	case m.status.location != "":
		s.location = m.status.location
	default:
		s.location = "the token's own"
	}
	if _, url, problem := m.top().copyTarget(true); problem == "" {
		s.publicURL = url
	}
	return s
}

// browse opens url in a browser; when none can be shown the status bar says why, and
// what copies the address instead.
func (m *Model) browse(url, instead string) tea.Cmd {
	if m.opts.OpenURL == nil {
		reason := pick(m.opts.NoBrowserReason != "", m.opts.NoBrowserReason, "none was found")
		m.status.setWarn("no browser (" + reason + ") — " + instead)
		return nil
	}
	m.status.setInfo("opening " + url + " in your browser")
	return openURL(m.sh.ctx, m.opts.OpenURL, url)
}
