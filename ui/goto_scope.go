package ui

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Go to anything's scopes: this sub-account's index, every sub-account's (goto_all.go,
// where the browser can switch) and the checks kept (goto_health.go). tab goes to the
// next, shift+tab back; the health scope is also the query's first character, so ! typed
// first goes there and taken out comes back. The list holds the items of one scope at
// a time (shown), made to match what was asked for by syncScope.

// gotoScope is what the box searches.
type gotoScope uint8

const (
	scopeHere   gotoScope = iota // this sub-account's index
	scopeAll                     // every sub-account's index (goto_all.go)
	scopeHealth                  // the checks kept, of every sub-account
)

// inHealth reports whether the query asks for the health scope.
func (g *gotoOverlay) inHealth() bool { return strings.HasPrefix(g.input.Value(), gotoHealthPrefix) }

// scope is the scope the query and the tab asked for.
func (g *gotoOverlay) scope() gotoScope {
	switch {
	case g.health != nil && g.inHealth():
		return scopeHealth
	case g.acrossAll():
		return scopeAll
	}
	return scopeHere
}

// scopes are the box's scopes, in tab's order.
func (g *gotoOverlay) scopes() []gotoScope {
	out := make([]gotoScope, 0, 3)
	out = append(out, scopeHere)
	if g.across != nil {
		out = append(out, scopeAll)
	}
	if g.health != nil {
		out = append(out, scopeHealth)
	}
	return out
}

// cycle goes to the next scope (by 1, tab) or the one before (by -1, shift+tab):
// this sub-account → all sub-accounts (where the browser can switch) → health.
func (g *gotoOverlay) cycle(by int) tea.Cmd {
	return g.setScope(g.scopeAfter(by))
}

// scopeAfter is the scope by steps from the one shown.
func (g *gotoOverlay) scopeAfter(by int) gotoScope {
	all := g.scopes()
	i := max(0, slices.Index(all, g.scope()))
	return all[((i+by)%len(all)+len(all))%len(all)]
}

// setScope searches s, keeping what is typed: the health scope's query starts with
// its prefix, the others' do not.
func (g *gotoOverlay) setScope(s gotoScope) tea.Cmd {
	q := g.input.Value()
	if g.inHealth() {
		q = strings.TrimPrefix(q, gotoHealthPrefix)
	}
	switch {
	case s == scopeHealth:
		q = gotoHealthPrefix + q
	case g.across != nil:
		g.across.all = s == scopeAll
	}
	g.input.SetValue(q)
	g.input.CursorEnd()
	return g.syncScope()
}

// syncScope shows the items of the scope asked for when the list holds another's,
// and reads them again on entering the scope of every sub-account or of health.
func (g *gotoOverlay) syncScope() tea.Cmd {
	want := g.scope()
	if want == g.shown {
		return nil
	}
	g.shown = want
	if g.health != nil {
		g.health.on = want == scopeHealth
	}
	switch want {
	case scopeHealth:
		if g.health.set != nil {
			g.showHealth(g.health.set)
		}
		return g.health.read()
	case scopeAll:
		g.showOrWait(g.across.set)
		return g.across.read()
	}
	g.showOrWait(g.here)
	return nil
}

// showOrWait shows set, or nothing until it is read (nil).
func (g *gotoOverlay) showOrWait(set *gotoSet) {
	if set != nil {
		g.show(set)
	} else {
		g.set = nil
	}
}

// showHealth shows the health scope's rows, keeping the query typed.
func (g *gotoOverlay) showHealth(set *gotoHealthSet) {
	g.list.SetKeys(set.keys)
	g.list.SetQuery(g.input.Value())
	g.list.Top()
}

// scopeName names a scope in the footer.
func scopeName(s gotoScope) string {
	switch s {
	case scopeAll:
		return "all sub-accounts"
	case scopeHealth:
		return "health"
	}
	return "this sub-account"
}
