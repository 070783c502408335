package ui

import (
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/list"
)

// Go to anything across sub-accounts: where the browser can switch (Options.Switcher),
// tab in the box changes its scope between this sub-account and every sub-account
// with a local index. The other indexes are read in a command, read-only, as one
// list (index.ReadCatalogSet); each row names its sub-account, and enter on another
// sub-account's item switches to it as the switcher (C) does, then goes to the item.

// IndexFinder is a Switcher that can also say where accounts' local indexes are, for
// go to anything across sub-accounts. A Switcher that is not one offers this
// sub-account's items only.
type IndexFinder interface {
	// Indexes returns, by account name, the local index of each account given that
	// has one on this machine; an account without one is left out. The stores are
	// only read.
	Indexes(ctx context.Context, accounts []Account) map[string]*index.Store
}

// gotoAcross is the scope "all sub-accounts" of go to anything, kept from one
// opening of the box to the next.
type gotoAcross struct {
	all     bool     // the scope is every sub-account
	set     *gotoSet // the items of every sub-account, as last read
	loading uint64   // the read under way (0: none)
	err     error    // what could not be read, beside the items that were
	note    string   // err as the box says it
	pending *gotoPending
	read    func() tea.Cmd                    // reads every sub-account's items (Model.readAcross)
	goToIn  func(set *gotoSet, i int) tea.Cmd // goes to item i, switching first (Model.goToIn)
}

// gotoPending is an item of another sub-account to go to once the switch to it is done.
type gotoPending struct {
	account string
	set     *gotoSet
	item    index.Item
}

// gotoAllMsg is the items of every sub-account with a local index.
type gotoAllMsg struct {
	seq uint64
	set *gotoSet
	err error
}

// openAcross gives the box the scope "all sub-accounts"; open in that scope, it
// reads the items again.
func (m *Model) openAcross(g *gotoOverlay) tea.Cmd {
	m.across.read, m.across.goToIn = m.readAcross, m.goToIn
	g.across = &m.across
	return g.syncScope()
}

// readAcross reads the items of every sub-account with a local index.
func (m *Model) readAcross() tea.Cmd {
	if m.idx == nil || m.opts.Switcher == nil {
		return nil
	}
	seq := m.next()
	m.across.loading = seq
	stale := index.StaleKinds(m.sh.access, m.idx.lost != nil)
	return readGotoAll(m.sh.ctx, m.opts.Switcher, m.account, m.idx.store, stale, seq)
}

// readGotoAll lists the accounts, asks where their indexes are and reads them as one
// set, this sub-account's (here) first.
func readGotoAll(ctx context.Context, sw Switcher, current string, here *index.Store, stale func(index.Kind) bool, seq uint64) tea.Cmd {
	return func() tea.Msg {
		others := listOtherIndexes(ctx, sw, current, here)
		mine := Account{Name: current, LocationName: current}
		if others.mine != nil {
			mine = *others.mine
		}
		n := min(len(others.stores), index.MaxCatalogSetSources-1)
		stores, of := append([]*index.Store{here}, others.stores[:n]...), append([]Account{mine}, others.accounts[:n]...)
		cs, err := index.ReadMappedCatalogSet(ctx, stores)
		if cs == nil {
			return gotoAllMsg{seq: seq, err: err}
		}
		return gotoAllMsg{seq: seq, set: newGotoAllSet(cs, of, stale), err: errors.Join(others.err, err)}
	}
}

// otherIndexes is what the switcher lists besides the account shown: the accounts
// with a local index on this machine and their indexes, and the sub-accounts with none.
type otherIndexes struct {
	mine     *Account       // the shown account as listed (nil: not listed)
	accounts []Account      // with a local index, in the list's order
	stores   []*index.Store // … each one's
	noIndex  []Account      // the locations one may open that no account has an index of here
	err      error          // what could not be listed
}

// listOtherIndexes lists the accounts (only those sw lets this person read) and asks
// where their indexes are, leaving out mine's (here). An index two accounts share (a
// profile whose location is also an agency's sub-account) is listed once, for the one
// named by its location's name.
func listOtherIndexes(ctx context.Context, sw Switcher, mine string, here *index.Store) otherIndexes {
	var out otherIndexes
	if sw == nil {
		return out
	}
	listed, err := sw.List(ctx)
	sanitizeAccounts(listed)
	out.err = err
	var found map[string]*index.Store
	if finder, ok := sw.(IndexFinder); ok {
		found = finder.Indexes(ctx, listed)
	}
	named := slices.Clone(listed)
	slices.SortStableFunc(named, func(a, b Account) int { return pick(a.LocationName != "", 0, 1) - pick(b.LocationName != "", 0, 1) })
	seen := map[string]bool{here.Path(): true}
	for i, a := range named {
		st := found[a.Name]
		switch {
		case a.Name == mine:
			out.mine = &named[i]
		case st != nil && seen[st.Path()]:
		case st != nil:
			seen[st.Path()] = true
			out.accounts, out.stores = append(out.accounts, a), append(out.stores, st)
		case a.Location != "" && a.Kind != "" && a.Kind != "agency":
			out.noIndex = append(out.noIndex, a)
		}
	}
	// A location another sign-in has an index of is not one never read here.
	covered := map[string]bool{}
	for _, a := range out.accounts {
		covered[a.Location] = true
	}
	if out.mine != nil {
		covered[out.mine.Location] = true
	}
	out.noIndex = slices.DeleteFunc(out.noIndex, func(a Account) bool { return covered[a.Location] })
	return out
}

// newGotoAllSet is the set of every sub-account's catalog, accounts[c] the
// sub-account of catalog c.
func newGotoAllSet(cs *index.CatalogSet, accounts []Account, stale func(index.Kind) bool) *gotoSet {
	set := &gotoSet{all: cs, src: cs, accounts: accounts, labels: make([]string, len(accounts)), stale: stale,
		marks: list.MarkKeys(cs.Len(), cs.Key)}
	for c, a := range accounts {
		set.labels[c] = pick(a.LocationName != "", a.LocationName, a.Name)
	}
	return set
}

// label is the name of item i's sub-account ("" in a set of one).
func (s *gotoSet) label(i int) string {
	if s.all == nil {
		return ""
	}
	return s.labels[s.all.Source(i)]
}

// only is catalog c of a set of every sub-account, as a set of its own (its folders'
// places read from that catalog alone, when gone to), for going to an item of it.
func (s *gotoSet) only(c int) *gotoSet {
	cat := s.all.Catalog(c)
	return &gotoSet{cat: cat, src: cat, stale: s.stale, gen: cat.Gen(), built: cat.Crawled()}
}

// goToIn goes to item i of a set of every sub-account: at once when it is this
// sub-account's, else once the switch to its sub-account is done (goToPending).
func (m *Model) goToIn(set *gotoSet, i int) tea.Cmd {
	c := set.all.Source(i)
	sub, a := set.only(c), set.accounts[c]
	it := sub.item(i - set.all.Start(c))
	if a.Name == m.account {
		return m.goTo(sub, it)
	}
	m.across.pending = &gotoPending{account: a.Name, set: sub, item: it}
	return m.switchTo(a)
}

// goToPending goes to the item waiting for the switch to account name, if any.
func (m *Model) goToPending(name string) tea.Cmd {
	p := m.across.pending
	m.across.pending = nil
	if p == nil || p.account != name {
		return nil
	}
	return m.goTo(p.set, p.item)
}

// acrossAll reports whether the box searches every sub-account.
func (g *gotoOverlay) acrossAll() bool { return g.across != nil && g.across.all }

// acrossNote is what of the sub-accounts could not be read, in the scope "all
// sub-accounts" ("" when all was read).
func (g *gotoOverlay) acrossNote() string {
	if !g.acrossAll() || g.set == nil {
		return ""
	}
	return g.across.note
}

// title is the box's title, with its scope where it has two.
func (g *gotoOverlay) title() string {
	switch {
	case g.across == nil:
		return "Go to anything"
	case g.across.all:
		return "Go to anything · all sub-accounts"
	}
	return "Go to anything · this sub-account"
}

// updateAcross takes the items of every sub-account; done says msg was taken.
func (g *gotoOverlay) updateAcross(msg tea.Msg) (tea.Cmd, bool) {
	a := g.across
	if a == nil {
		return nil, false
	}
	r, ok := msg.(gotoAllMsg)
	if !ok {
		return nil, false
	}
	if r.seq != a.loading {
		return nil, true
	}
	a.loading, a.err, a.note = 0, r.err, ""
	if r.err != nil && r.set != nil {
		a.note = "✗ some sub-accounts could not be read: " + sanitize(errorText(r.err))
	}
	if r.set != nil {
		a.set = r.set
		if g.shown == scopeAll {
			g.show(r.set)
		}
	}
	return nil, true
}
