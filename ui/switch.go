package ui

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// Switching profile or sub-account (C, or "Switch profile" in the palette): the
// switcher overlay lists the accounts; enter asks Options.Switcher for a client of
// the one chosen while the old location stays on screen; when the client comes, every
// load of the old location is cancelled, the panes, the page detail, the Redirects
// view and the event history start empty, the status bar takes the new profile, its
// rate limit and read-only state, and the root folder loads. Answers still out for
// the old location are dropped: their request numbers belong to panes that are gone,
// and events of the old client are not the status bar's any more.

// openSwitcher shows the switcher and asks for its list.
func (m *Model) openSwitcher() tea.Cmd {
	if m.opts.Switcher == nil {
		m.status.setWarn("switching is not available here: start funnels with a profile (not --token) to switch between profiles")
		return nil
	}
	seq := m.next()
	m.overlay = newSwitcherView(m.sh, m.account, seq, m.switchTo)
	return listAccounts(m.sh.ctx, m.opts.Switcher, seq)
}

// switchTo asks for a client of a; the answer (switchedMsg) does the switch.
func (m *Model) switchTo(a Account) tea.Cmd {
	if a.Name == m.account {
		m.status.setInfo("already on " + a.Name)
		return nil
	}
	m.switchSeq = m.next()
	m.status.setInfo("switching to " + accountLabel(a) + "…")
	return openAccount(m.sh.ctx, m.opts.Switcher, a.Name, m.switchSeq)
}

// accountLabel names an account for the status bar.
func accountLabel(a Account) string {
	if a.LocationName != "" {
		return a.Profile + " / " + a.LocationName
	}
	return a.Name
}

// switched takes the answer of Open: the latest switch asked for, or nothing.
func (m *Model) switched(msg switchedMsg) tea.Cmd {
	if msg.seq != m.switchSeq || msg.seq == 0 {
		return nil
	}
	m.switchSeq = 0
	if msg.err != nil {
		m.across.pending, m.healthWaiting = nil, nil
		m.status.setErr(fmt.Errorf("switching to %s: %w", msg.name, msg.err))
		return nil
	}
	if msg.opened.Client == nil {
		m.across.pending, m.healthWaiting = nil, nil
		m.status.setWarn("switching to " + msg.name + ": no client")
		return nil
	}
	cmd := m.useAccount(msg.name, msg.opened)
	// An item of go to anything, or a finding of the Health view, switched to.
	return tea.Batch(cmd, m.goToPending(msg.name), m.healthPendingGo(msg.name))
}

// useAccount shows account name with o's client from now on.
func (m *Model) useAccount(name string, o Opened) tea.Cmd {
	c := o.Client
	m.sh.newLocation() // every load of the old location stops
	m.closeBodies(func(body) bool { return true })
	m.redirects = nil
	if v, ok := m.overlay.(*textView); ok {
		v.req.stop()
	}
	m.overlay = nil

	m.client, m.account = c, name
	m.opts.Profile, m.opts.LocationID, m.opts.UserID, m.opts.Redirects = o.Profile, c.LocationID(), o.UserID, o.Redirects
	m.watch(c)
	m.sh.setReadOnly(c.ReadOnly())
	m.sh.setAccess(c.Access())

	// A browser of its own: its panes, page records and loads start empty, and it
	// paints from and saves into the new location's index.
	index := m.useIndex(o.Index)
	m.browser = newBrowser(m.sh, c, m.idx.local(), m.opts.Debounce)
	m.bodies[0] = m.browser
	m.history = eventHistory{}
	m.relayout()

	m.status.switchTo(sanitize(o.Profile), sanitize(c.LocationID()), c.Rate(), c.InFlight(), c.ReadOnly())
	m.status.setInfo("switched to " + sanitize(o.Profile) + " · " + sanitize(c.LocationID()))
	return tea.Batch(index, m.browser.loadFolder(), m.clock())
}

// watch makes c the client whose events reach the status bar, and remembers it so
// that Run waits for it to be idle before returning.
func (m *Model) watch(c *client.Client) {
	if !slices.Contains(m.clients, c) {
		m.clients = append(m.clients, c)
	}
	if m.subscribe == nil {
		return
	}
	if m.stopEvents != nil {
		m.stopEvents()
	}
	m.stopEvents = m.subscribe(c)
}
