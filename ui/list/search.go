package list

import "strings"

// A long list (a million items in go to anything) takes longer to filter than a frame
// lasts, so it can be filtered off the update loop: Search hands back the work, and
// the list shows what it showed, query and all, until Apply takes the result. A key
// typed then reaches the screen at once; its matches follow.

// Filtered is what a Search found, for Apply.
type Filtered struct {
	e     *engine
	query string
	shown []int32
}

// Search returns a function that filters the list's items by q as SetQuery does,
// without changing what the list shows: run it off the update loop and give what it
// returns to Apply. Until then the list must not be filtered again (SetQuery,
// Search); what it shows may be read and moved meanwhile. It searches on every
// processor, yielding often, so the keys typed meanwhile reach the screen at once.
func (l *List) Search(q string) func() Filtered {
	q = strings.ToLower(q)
	e, shown := l.eng(), l.shown
	return func() Filtered {
		e.yield = true
		defer func() { e.yield = false }()
		return Filtered{e: e, query: q, shown: e.filter(q, shown, false)}
	}
}

// Apply shows what a Search found, the item under the cursor kept when it is among
// it; false, and nothing changed, when the list was given other items since.
func (l *List) Apply(f Filtered) bool {
	if f.e != l.e {
		return false
	}
	keep := l.Selected()
	l.shown, l.query = f.shown, f.query
	l.keepSelected(keep)
	return true
}

// First is the first n items a Search found, best first (fewer when it found fewer).
func (f Filtered) First(n int) []int32 { return f.shown[:min(max(n, 0), len(f.shown))] }

// Height is how many rows fit (SetHeight).
func (l *List) Height() int { return l.height }

// Query is the query of what the list shows, lower-cased.
func (l *List) Query() string { return l.query }
