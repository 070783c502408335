package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// The root's part of the Health view (health_view.go): it opens the view on the
// shown sub-account, marks the rows with each check read (indexing.go), and goes
// where a finding points — to a step in the panes, to a redirect in the Redirects view,
// to a redirect's form filled with the fix — switching to the finding's sub-account
// first when it is another's.

// healthPending is a finding of another sub-account to act on once the switch to it
// is done, or that sub-account's Health view to open (open).
type healthPending struct {
	account string
	finding healthFinding
	fix     bool
	enter   bool // as enter: whether the fix's form opens is decided there, by its access
	open    bool
}

// healthTargetMsg is where the step of a finding sits now in the index.
type healthTargetMsg struct {
	name  string
	place index.Located
	err   error
}

func (healthTargetMsg) isCacheMsg() {}

// openHealth shows the Health view of the shown sub-account over the browser; its tab
// shows every sub-account with a local index.
func (m *Model) openHealth() tea.Cmd {
	for _, b := range m.bodies {
		if v, ok := b.(*healthView); ok { // the one open below: on top again, as it was
			m.push(v)
			return nil
		}
	}
	idx := m.idx.local()
	if idx == nil || m.client == nil {
		m.status.setWarn("no local index in this session: the check reads the steps and redirects to ask from it")
		return nil
	}
	opts := check.Options{}
	if m.opts.Check != nil {
		opts = *m.opts.Check
	}
	v := newHealthView(m.sh, healthSource{store: idx.store, client: m.client, account: m.shownAccount(), switcher: m.opts.Switcher, opts: opts, off: m.opts.CheckOff, proxy: m.opts.CheckProxy, goTo: m.healthGo})
	m.push(v)
	return v.read()
}

// shownAccount is the sub-account shown, as the switcher would list it.
func (m *Model) shownAccount() Account {
	name := pick(m.opts.Profile != "", sanitize(m.opts.Profile), m.account)
	return Account{Name: m.account, Profile: m.opts.Profile, Location: m.client.LocationID(), LocationName: name}
}

// healthGo acts on finding f: its fix's form with fix, else it goes to its step or
// redirect. Another sub-account's finding waits for the switch to it.
func (m *Model) healthGo(f healthFinding, fix bool) tea.Cmd {
	if f.account.Name != "" && f.account.Name != m.account {
		m.healthWaiting = &healthPending{account: f.account.Name, finding: f, fix: fix}
		return m.switchTo(f.account)
	}
	s := f.Subject
	switch {
	case fix && f.Fix != nil && f.Fix.Redirect != nil:
		r := f.Fix.Redirect
		if r.ID == "" {
			return redirectForm(m, redirectDraft{host: r.Domain, path: r.Path, target: r.Target, action: r.Action,
				why: "The check's fix: " + f.Fix.Text + "."})
		}
		cmd := m.goToRedirect(r.ID, "")
		return tea.Batch(cmd, m.redirects.fixWith(m, *r, f.Fix.Text))
	case s.Type == check.SubjectRedirect:
		return m.goToRedirect(s.ID, "")
	case s.Type == check.SubjectStep && m.idx != nil:
		return locateFinding(m.sh.ctx, m.idx.store, f)
	}
	what := findingWhere(f.Finding) + ": " + f.Message
	if f.Fix != nil {
		what += " — " + f.Fix.Text
	}
	m.status.setNotice(what + " (a domain is mended where it is served: its DNS, its certificate)")
	return nil
}

// healthEnter does what enter on finding f does: goes to its step or redirect, or
// opens its fix's form where enterOpensFix says — in f's sub-account, switching first.
func (m *Model) healthEnter(f healthFinding) tea.Cmd {
	if f.account.Name != "" && f.account.Name != m.account {
		m.healthWaiting = &healthPending{account: f.account.Name, finding: f, enter: true}
		return m.switchTo(f.account)
	}
	return m.healthGo(f, enterOpensFix(m.sh, f))
}

// enterOpensFix reports whether enter on f opens its fix's form rather than going to
// it: a redirect's finding whose fix changes a redirect, where that form may be sent.
func enterOpensFix(sh *shared, f healthFinding) bool {
	return f.Subject.Type == check.SubjectRedirect && f.Fix != nil && f.Fix.Redirect != nil && sh.keys.of(actHealthFix).Enabled()
}

// openHealthOf opens the Health view of account a, switching to it first when it is
// not the one shown.
func (m *Model) openHealthOf(a Account) tea.Cmd {
	if a.Name == "" || a.Name == m.account {
		return m.openHealth()
	}
	m.healthWaiting = &healthPending{account: a.Name, open: true}
	return m.switchTo(a)
}

// healthFix opens the form of the fix of the finding selected in the Health view on
// top (f).
func (m *Model) healthFix() tea.Cmd {
	v, ok := m.top().(*healthView)
	if !ok {
		return nil
	}
	return v.goToSelected(m, true)
}

// healthPendingGo acts on the finding waiting for the switch to account name, if any.
func (m *Model) healthPendingGo(name string) tea.Cmd {
	p := m.healthWaiting
	m.healthWaiting = nil
	if p == nil || p.account != name {
		return nil
	}
	switch {
	case p.open:
		return m.openHealth()
	case p.enter:
		p.fix = enterOpensFix(m.sh, p.finding)
	}
	p.finding.account = Account{}
	return m.healthGo(p.finding, p.fix)
}

// locateFinding reads where the step of f sits now.
func locateFinding(ctx context.Context, store *index.Store, f healthFinding) tea.Cmd {
	return func() tea.Msg {
		s := f.Subject
		place, err := store.Locate(ctx, index.Change{Item: "step", ID: s.ID, FunnelID: s.FunnelID})
		return healthTargetMsg{name: "step " + pick(s.Name != "", s.Name, s.ID), place: place, err: err}
	}
}

// goToFinding opens the step of a finding in the panes, closing the Health views.
func (m *Model) goToFinding(msg healthTargetMsg) tea.Cmd {
	m.closeBodies(func(b body) bool { _, ok := b.(*healthView); return ok })
	return m.goToPlace(msg.name, msg.place, msg.err)
}
