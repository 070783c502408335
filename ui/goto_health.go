package ui

import (
	"context"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// Go to anything's health scope: what the last check kept beside each sub-account's
// local index found — of every sub-account the switcher lets this person read, this
// one's alone where the browser cannot switch — as rows of the box: a finding a row
// (what it is about, its sub-account, where, what, the fix), errors first, then the
// warnings, then a row a sub-account saying how its last check went, that it was
// never checked, or why its check cannot be read. The scope is the query's first
// character, !, the browser's Health key: typed, or put there by tab, which goes
// this sub-account → all sub-accounts → health → this sub-account. Every row's key
// starts with ! too, so the list filters by the query as typed. enter on a finding
// does what enter does in the Health view, in the finding's sub-account (switching
// first); on a sub-account's row it opens that sub-account's Health view.

// healthKey opens the Health view; typed first into go to anything, it is the health
// scope's prefix, so one key means health in both.
const healthKey = "!"

// gotoHealthPrefix starts a query of the health scope: the Health key.
const gotoHealthPrefix = healthKey

// gotoHealthPerAccount bounds the findings one sub-account brings to the box (its
// errors first); its Health view lists them all.
const gotoHealthPerAccount = 2000

// gotoHealthItem is one row of the health scope, its text sanitised and ready to draw.
type gotoHealthItem struct {
	finding                       *healthFinding // nil: the row of a sub-account
	account                       Account
	mark                          rowMark
	kind, label, where, what, fix string
}

// gotoHealthSet is the rows of the health scope, with each one's filter key.
type gotoHealthSet struct {
	items            []gotoHealthItem
	keys             []string
	accounts         int // sub-accounts listed
	errors, warnings int // of the findings listed
}

// gotoHealthState is the health scope of go to anything, kept from one opening of
// the box to the next.
type gotoHealthState struct {
	on      bool                             // the box was left in the health scope
	set     *gotoHealthSet                   // as last read
	loading uint64                           // the read under way (0: none)
	note    string                           // what could not be listed, as the box says it
	read    func() tea.Cmd                   // reads the checks kept (Model.readGotoHealth)
	open    func(it *gotoHealthItem) tea.Cmd // acts on a row (Model.gotoHealthGo)
}

// gotoHealthMsg is the checks kept beside every readable sub-account's index.
type gotoHealthMsg struct {
	seq uint64
	set *gotoHealthSet
	err error
}

// openGotoHealth gives the box the health scope; left in it, the box opens in it.
func (m *Model) openGotoHealth(g *gotoOverlay) tea.Cmd {
	m.gotoHealth.read, m.gotoHealth.open = m.readGotoHealth, m.gotoHealthGo
	g.health = &m.gotoHealth
	if !m.gotoHealth.on {
		return nil
	}
	g.input.SetValue(gotoHealthPrefix)
	g.input.CursorEnd()
	return g.syncScope()
}

// openGotoHealthScope opens go to anything in its health scope.
func (m *Model) openGotoHealthScope() tea.Cmd {
	m.gotoHealth.on = true
	return m.openGoto()
}

// readGotoHealth reads the checks kept beside every readable sub-account's index.
func (m *Model) readGotoHealth() tea.Cmd {
	if m.idx == nil {
		return nil
	}
	seq := m.next()
	m.gotoHealth.loading = seq
	mine := Account{Name: m.account, LocationName: m.account}
	if m.client != nil {
		mine = m.shownAccount()
	}
	return readGotoHealthSet(m.sh.ctx, m.opts.Switcher, mine, m.idx.store, m.sh.now(), m.opts.CheckOff, seq)
}

// readGotoHealthSet reads the check kept beside here (mine's) and beside the index of
// every other account sw lists, as rows said as of now; off is why no check may run
// here ("" when one may).
func readGotoHealthSet(ctx context.Context, sw Switcher, mine Account, here *index.Store, now time.Time, off string, seq uint64) tea.Cmd {
	return func() tea.Msg {
		others := readHealthOthers(ctx, sw, mine.Name, here)
		if others.mine != nil {
			mine = *others.mine
		}
		of := append([]healthOf{readHealthOf(here, mine)}, others.of...)
		return gotoHealthMsg{seq: seq, set: newGotoHealthSet(of, others.noIndex, now, off), err: others.err}
	}
}

// newGotoHealthSet is the rows of of and of the sub-accounts with no index here:
// every sub-account's errors, then its warnings, then a row a sub-account, the
// worst first.
func newGotoHealthSet(of []healthOf, noIndex []Account, now time.Time, off string) *gotoHealthSet {
	s := &gotoHealthSet{accounts: len(of) + len(noIndex)}
	kept := make([]int, len(of)) // findings listed, by sub-account
	for _, sev := range []check.Severity{check.Error, check.Warning} {
		for i, o := range of {
			for _, f := range o.findings {
				if f.Severity != sev || kept[i] == gotoHealthPerAccount {
					continue
				}
				kept[i]++
				s.add(findingItem(o.account, f))
			}
		}
	}
	rows := make([]gotoHealthItem, 0, s.accounts)
	for i, o := range of {
		rows = append(rows, summaryItem(o, kept[i], now, off))
	}
	for _, a := range noIndex {
		rows = append(rows, summaryItem(healthOf{account: a}, 0, now, off))
	}
	slices.SortStableFunc(rows, func(a, b gotoHealthItem) int { return int(b.mark) - int(a.mark) })
	for _, r := range rows {
		s.add(r)
	}
	return s
}

// add lists it, with its key.
func (s *gotoHealthSet) add(it gotoHealthItem) {
	if f := it.finding; f != nil {
		s.errors += pick(f.Severity == check.Error, 1, 0)
		s.warnings += pick(f.Severity == check.Warning, 1, 0)
	}
	s.items = append(s.items, it)
	s.keys = append(s.keys, strings.ToLower(gotoHealthPrefix+" "+it.kind+" "+it.label+" "+it.where+" "+it.what+" "+it.fix))
}

// accountLabelOf is how a row names a sub-account.
func accountLabelOf(a Account) string { return pick(a.LocationName != "", a.LocationName, a.Name) }

// findingItem is the row of finding f of account a.
func findingItem(a Account, f check.Finding) gotoHealthItem {
	it := gotoHealthItem{finding: &healthFinding{Finding: f, account: a}, account: a, mark: pick(f.Severity == check.Error, rowBroken, rowWarning),
		kind: string(f.Subject.Type), label: accountLabelOf(a), where: findingWhere(f), what: f.Message}
	if f.Fix != nil {
		it.fix = "→ " + f.Fix.Text
	}
	return it
}

// summaryItem is the row of a sub-account: how its last check went (kept of its
// findings listed), as of now.
func summaryItem(o healthOf, kept int, now time.Time, off string) gotoHealthItem {
	it := gotoHealthItem{account: o.account, kind: "health", label: accountLabelOf(o.account)}
	checkIt := pick(off == "", "enter checks it", off)
	switch {
	case o.err != nil:
		it.mark, it.where, it.what = rowBroken, "its last check could not be read", sanitize(errorText(o.err))
	case o.damaged:
		it.mark, it.where = rowBroken, "its last check could not be read"
		it.what = "the file kept beside its index is not a check this funnels reads — " + pick(off == "", "enter checks again", off)
	case o.at.IsZero() && !o.cutShort.IsZero():
		it.where = "not checked whole yet"
		it.what = "a check was cut short " + ago(now.Sub(o.cutShort)) + " — " + pick(off == "", "enter goes on from it", off)
	case o.at.IsZero():
		it.where, it.what = "not checked yet", checkIt
	default:
		c := o.counts
		it.mark = pick(c.Errors > 0, rowBroken, pick(c.Warnings > 0, rowWarning, rowPlain))
		it.where = pick(c.Errors+c.Warnings == 0, "everything live", plural(c.Errors, "error")+", "+plural(c.Warnings, "warning"))
		it.what = "checked " + ago(now.Sub(o.at))
		it.fix = "enter: its Health view"
		if n := c.Errors + c.Warnings; kept < n {
			it.fix = index.Thousands(kept) + " of " + index.Thousands(n) + " listed here; enter: all in its Health view"
		}
	}
	return it
}

// gotoHealthGo acts on a row of the health scope: a finding as enter in the Health
// view, a sub-account's row opens its Health view.
func (m *Model) gotoHealthGo(it *gotoHealthItem) tea.Cmd {
	if it.finding != nil {
		return m.healthEnter(*it.finding)
	}
	return m.openHealthOf(it.account)
}

// updateHealth takes the checks read for the health scope; done says msg was taken.
func (g *gotoOverlay) updateHealth(msg tea.Msg) (tea.Cmd, bool) {
	r, ok := msg.(gotoHealthMsg)
	if !ok || g.health == nil {
		return nil, false
	}
	hs := g.health
	if r.seq != hs.loading {
		return nil, true
	}
	hs.loading, hs.set, hs.note = 0, r.set, ""
	if r.err != nil {
		hs.note = "✗ some sub-accounts could not be listed: " + sanitize(errorText(r.err))
	}
	if g.shown == scopeHealth {
		g.showHealth(r.set)
	}
	return nil, true
}

// pickHealth takes a key or paste in the health scope; enter acts on the row chosen.
func (g *gotoOverlay) pickHealth(h host, msg tea.Msg) (tea.Cmd, bool) {
	set := g.health.set
	out, cmd := pickerUpdate(&g.sh.keys, &g.input, &g.list, set != nil, msg)
	switch out {
	case pickerClosed:
		return nil, true
	case pickerChosen:
		h.show(nil)
		return g.health.open(&set.items[g.list.Selected()]), true
	}
	return tea.Batch(cmd, g.syncScope()), false
}
