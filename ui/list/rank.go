package list

import "github.com/funnelsdev/funnels/client/index"

// Rank orders the items whose keys (lower-cased) match query by the browser's own
// fuzzy match — the filter of every pane and of "go to anything" — best first, ties
// in the keys' order. `funnels find` ranks with it, so the command line and ctrl+p
// agree.
func Rank(keys []string, query string) []int {
	var l List
	l.SetKeys(keys)
	l.SetQuery(query)
	return l.ranked()
}

// RankCatalog is Rank over the keys of an index's catalog.
func RankCatalog(c *index.Catalog, query string) []int {
	l := List{e: &engine{cat: c}}
	l.reset()
	l.SetQuery(query)
	return l.ranked()
}

// RankCatalogSet is Rank over the keys of several catalogs read as one: `funnels find`
// across sub-accounts ranks every sub-account's items together in one pass.
func RankCatalogSet(s *index.CatalogSet, query string) []int {
	l := List{e: &engine{set: s}}
	l.reset()
	l.SetQuery(query)
	return l.ranked()
}

// ranked is the items shown, best first, as ints.
func (l *List) ranked() []int {
	out := make([]int, len(l.shown))
	for i, v := range l.shown {
		out[i] = int(v)
	}
	return out
}
