// Package list is the list engine of the browser and of `funnels find`: a virtual
// list (List) that filters its items by a fuzzy match, ranks the matches and narrows
// them as a query is typed, and the ranking alone (Rank, RankCatalog) for the
// command line, so ctrl+p and `funnels find` put the same items first.
//
// A match is the query's characters in order in an item's lower-cased key; runs of
// consecutive characters, the start of a word and the start of the key count more
// (fuzzy.go). Matches are ordered by a counting sort over their small integer
// scores, stable, so ties keep the items' own order (list.go). A query that extends
// the last one searches only the last one's matches; backspace takes a kept result;
// and a long list (go to anything's index catalog) skips keys without every letter
// of the query by one AND of bit masks (mask.go), and narrows by one typed key from
// where each match ended (incremental.go).
//
// The engine is written here rather than taken from a library because it is
// measurably better at what the browser asks of it: per keystroke it is 14–23×
// faster than bubbles/list's filter and 12–74× faster than sahilm/fuzzy over the
// same keys, with no allocations per item (the list and go-to-anything benchmarks
// of package ui and of the e2e bench keep the figures).
//
// The package draws nothing and knows no terminal: its callers sanitise what they
// show (package termtext) and draw the rows Visible names.
package list
