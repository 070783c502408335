package list

import (
	"math/bits"
	"strings"

	"github.com/funnelsdev/funnels/client/index"
)

// List is the virtual list under every pane and the palette: it keeps one lower-cased
// filter key per item, the indices of the items the current query matches (best
// first), a cursor and a scroll offset. It renders nothing itself; panes ask it which
// rows are visible and draw only those, so its cost does not grow with the item count
// except while filtering. Its zero value is an empty list.
//
// Filtering is incremental: a query that extends the previous one narrows the
// previous result instead of rescanning every item, and the results of shorter
// queries are kept on a stack so that backspace is instant too. The filtering has a
// state of its own (engine), apart from what is shown, so a long list can be filtered
// off the update loop (Search, search.go) while the rows it shows stay as they were.
type List struct {
	e      *engine
	query  string  // lower-cased: the query of what is shown
	shown  []int32 // indices into the keys, in display order (four bytes each: a million items)
	cursor int     // index into shown
	offset int     // index into shown of the first visible row
	height int     // visible rows
}

// engine is what filtering reads and keeps: the keys, and what the last query left
// for the next (its result's levels, where each match ended, scratch buffers).
type engine struct {
	keys []string // lower-cased filter key per item
	// cat, when set (SetCatalog), holds the keys instead: one string for them all.
	cat *index.Catalog
	// set, when set (SetCatalogSet), holds the keys instead: several catalogs read
	// as one.
	set *index.CatalogSet
	// masks, when set (SetMaskedKeys), holds each key's Mask: a key that lacks a
	// letter or digit of the query is passed over without being scanned.
	masks []uint64
	// heads, with masks, are the rest of each key's marks (marks.go): a first key
	// typed is ranked from them.
	heads  []uint32
	query  string // the query the engine last filtered by
	levels []filterLevel
	inc    *incremental // where each match ended, to narrow by one key cheaply (incremental.go)
	// scratch buffers reused across keystrokes, so filtering allocates little
	scores []int32
	counts []int32
	sorted []int32
	bits   []uint64
	order  []int32
	pieces []piece // a long list's search, in pieces (pieces.go)
	// searched is how many pieces the last search was in: pieces[:searched] hold its
	// matches, the candidates of the next key.
	searched int
	// yield: a search runs off the update loop (Search) and lets it run often.
	yield bool
}

// eng is the list's engine, made with the list's first use.
func (l *List) eng() *engine {
	if l.e == nil {
		l.e = &engine{}
	}
	return l.e
}

// filterLevel is the result of one query, kept for backspace.
type filterLevel struct {
	query string
	shown []int32
}

// maxLevels bounds the backspace stack (each level can hold every item).
const maxLevels = 32

// SetKeys replaces the items, clears the filter and puts the cursor on the first
// row. keys must already be lower-cased.
func (l *List) SetKeys(keys []string) {
	l.e = &engine{keys: keys} // a search still under way over the old items fills the old engine
	l.reset()
}

// reset clears the filter of new items and puts the cursor on the first row.
func (l *List) reset() {
	l.query, l.eng().query = "", ""
	l.shown = identity(l.Total(), l.shown)
	l.cursor, l.offset = 0, 0
	l.clamp()
}

// identity returns 0..n-1, reusing buf when it is large enough.
func identity(n int, buf []int32) []int32 {
	if cap(buf) < n {
		buf = make([]int32, n)
	}
	buf = buf[:n]
	for i := range buf {
		buf[i] = int32(i)
	}
	return buf
}

// Len is the number of rows shown (after the filter).
func (l *List) Len() int { return len(l.shown) }

// Total is the number of items, filtered or not.
func (l *List) Total() int {
	if l.e == nil {
		return 0
	}
	return l.e.total()
}

func (e *engine) total() int {
	if e.set != nil {
		return e.set.Len()
	}
	if e.cat != nil {
		return e.cat.Len()
	}
	return len(e.keys)
}

// Key is item i's filter key.
func (l *List) Key(i int) string { return l.e.key(i) }

func (e *engine) key(i int) string {
	if e.set != nil {
		return e.set.Key(i)
	}
	if e.cat != nil {
		return e.cat.Key(i)
	}
	return e.keys[i]
}

// Selected returns the item index under the cursor, or -1 when nothing is shown.
func (l *List) Selected() int {
	if l.cursor < 0 || l.cursor >= len(l.shown) {
		return -1
	}
	return int(l.shown[l.cursor])
}

// Filtering reports whether a query narrows the items.
func (l *List) Filtering() bool { return l.query != "" }

// SetHeight sets how many rows fit and keeps the cursor visible.
func (l *List) SetHeight(h int) {
	if h < 1 {
		h = 1
	}
	l.height = h
	l.clamp()
}

// Move moves the cursor by delta rows, stopping at either end.
func (l *List) Move(delta int) {
	l.cursor += delta
	l.clamp()
}

func (l *List) Top()      { l.cursor = 0; l.clamp() }
func (l *List) Bottom()   { l.cursor = len(l.shown) - 1; l.clamp() }
func (l *List) PageDown() { l.Move(max(1, l.height-1)) }
func (l *List) PageUp()   { l.Move(-max(1, l.height-1)) }

// SelectItem puts the cursor on item idx if it is shown; it reports whether it was.
func (l *List) SelectItem(idx int) bool {
	for i, v := range l.shown {
		if int(v) == idx {
			l.cursor = i
			l.clamp()
			return true
		}
	}
	return false
}

// SelectRow puts the cursor on visible row r (0 = the first visible row), for clicks.
func (l *List) SelectRow(r int) bool {
	i := l.offset + r
	if r < 0 || i >= len(l.shown) {
		return false
	}
	l.cursor = i
	l.clamp()
	return true
}

// Scroll moves the view (and the cursor with it when it would leave the view), for
// the mouse wheel.
func (l *List) Scroll(delta int) {
	l.offset += delta
	maxOff := max(0, len(l.shown)-l.height)
	l.offset = min(max(l.offset, 0), maxOff)
	if l.cursor < l.offset {
		l.cursor = l.offset
	}
	if l.cursor >= l.offset+l.height {
		l.cursor = l.offset + l.height - 1
	}
	l.clamp()
}

// At is the item shown at row i of the filtered rows (0 ≤ i < Len).
func (l *List) At(i int) int { return int(l.shown[i]) }

// Cursor is the row under the cursor, an index into the filtered rows.
func (l *List) Cursor() int { return l.cursor }

// SetCursor puts the cursor on row i, kept within the rows and on screen.
func (l *List) SetCursor(i int) {
	l.cursor = i
	l.clamp()
}

// Visible returns the range [from, to) of shown indices on screen.
func (l *List) Visible() (from, to int) {
	return l.offset, min(len(l.shown), l.offset+max(l.height, 1))
}

// clamp keeps cursor and offset within bounds and the cursor on screen.
func (l *List) clamp() {
	n := len(l.shown)
	if n == 0 {
		l.cursor, l.offset = 0, 0
		return
	}
	l.cursor = min(max(l.cursor, 0), n-1)
	h := max(l.height, 1)
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if l.cursor >= l.offset+h {
		l.offset = l.cursor - h + 1
	}
	l.offset = min(max(l.offset, 0), max(0, n-h))
}

// SetQuery filters by q (matched case-insensitively). The item under the cursor stays
// Selected when it still matches; otherwise the best match is.
func (l *List) SetQuery(q string) {
	q = strings.ToLower(q)
	if q == l.query {
		return
	}
	keep := l.Selected()
	l.shown, l.query = l.eng().filter(q, l.shown, true), q
	l.keepSelected(keep)
}

// keepSelected puts the cursor back on item keep when it is shown, else on the best
// match.
func (l *List) keepSelected(keep int) {
	if keep < 0 || !l.SelectItem(keep) {
		l.cursor, l.offset = 0, 0
	}
	l.clamp()
}

// filter is the result of q, the engine's last query's result being shown (reuse:
// its buffer may be written over when q is empty).
func (e *engine) filter(q string, shown []int32, reuse bool) []int32 {
	if q == e.query {
		return shown
	}
	switch {
	case q == "":
		e.levels = e.levels[:0]
		if !reuse {
			shown = nil
		}
		shown = identity(e.total(), shown)
		e.inc.forget()
	case e.query != "" && strings.HasPrefix(q, e.query):
		// Narrowing: only the items that matched the shorter query can match.
		e.push(shown)
		shown = e.match(q, shown)
	default:
		if lv, ok := e.pop(q); ok {
			shown = lv
			e.inc.forget() // its ends are of a longer query
		} else {
			e.levels = e.levels[:0]
			shown = e.match(q, nil)
		}
	}
	e.query = q
	return shown
}

// push saves the current result before a narrowing query replaces it; the saved
// slice is never written again. The oldest levels (the shortest queries, the most
// items) go first when the stack holds more than maxLevelItems: at a million items the
// stack of a query typed would hold some twenty megabytes, and going back past the
// levels kept matches that query again, as typing it did.
func (e *engine) push(shown []int32) {
	if len(e.levels) == maxLevels {
		copy(e.levels, e.levels[1:])
		e.levels = e.levels[:maxLevels-1]
	}
	e.levels = append(e.levels, filterLevel{query: e.query, shown: shown})
	held, budget := 0, max(2*e.total(), maxLevelItems)
	for _, lv := range e.levels {
		held += len(lv.shown)
	}
	for held > budget && len(e.levels) > 1 {
		held -= len(e.levels[0].shown)
		e.levels[0] = filterLevel{}
		e.levels = e.levels[1:]
	}
}

// maxLevelItems is how many items the backspace stack holds at least before it lets
// its oldest levels go (it holds up to twice the list's items).
const maxLevelItems = 1 << 16

// pop returns the saved result for q when the query went back to one on the stack.
func (e *engine) pop(q string) ([]int32, bool) {
	for i := len(e.levels) - 1; i >= 0; i-- {
		if e.levels[i].query == q {
			lv := e.levels[i].shown
			e.levels = e.levels[:i]
			return lv, true
		}
		if !strings.HasPrefix(e.levels[i].query, q) {
			break
		}
	}
	return nil, false
}

// match scores candidates (every item when from is nil) against q and returns the
// matches ordered by score, best first; equal scores keep their original order.
func (e *engine) match(q string, from []int32) []int32 {
	qm := Mask(q)
	switch {
	case e.inc.narrows(q, from):
		return e.inc.match(e, q, qm)
	case e.inc != nil:
		return e.matchLong(q, from, qm)
	}
	n := len(from)
	if from == nil {
		n = e.total()
	} else {
		from = e.inOrder(from) // so that ties keep the items' order, as a whole match does
	}
	out := make([]int32, 0, min(n, 1024))
	scores := e.scores[:0]
	maxScore := 0
	for i := 0; i < n; i++ {
		idx := i
		if from != nil {
			idx = int(from[i])
		}
		s, ok := fuzzyScore(e.key(idx), q)
		if !ok {
			continue
		}
		out = append(out, int32(idx))
		scores = append(scores, int32(s))
		maxScore = max(maxScore, s)
	}
	e.scores = scores
	return e.rank(out, scores, maxScore)
}

// matchLong is match for a long list: the keys that lack a letter of q passed over by
// their masks, the rest searched in pieces (pieces.go), and where each match ended
// recorded for the next key.
func (e *engine) matchLong(q string, from []int32, qm uint64) []int32 {
	n := len(from)
	if from == nil {
		n = e.total()
	} else {
		from = e.inOrder(from)
	}
	if from == nil && e.byMarks(q) {
		out := e.scanRanked(n, func(lo, hi int, out, scores []int32) ([]int32, []int32, int) {
			return e.firstLetter(q[0], lo, hi, out, scores)
		})
		e.inc.matchedFirst(q)
		return out
	}
	e.inc.begin()
	score := fuzzyScoreEnd
	if len(q) == 1 && q[0] < 0x80 {
		score = firstByteScore // the first key typed: every item read, so the match is kept short
	}
	out := e.scanRanked(n, func(lo, hi int, out, scores []int32) ([]int32, []int32, int) {
		maxScore := 0
		for i := lo; i < hi; i++ {
			idx := i
			if from != nil {
				idx = int(from[i])
			}
			if e.masks != nil && e.masks[idx]&qm != qm {
				continue
			}
			key := e.key(idx)
			s, end, ok := score(key, q)
			if !ok {
				continue
			}
			e.inc.keep(idx, s, end, key)
			out = append(out, int32(idx))
			scores = append(scores, int32(s))
			maxScore = max(maxScore, s)
		}
		return out, scores, maxScore
	})
	e.inc.matched(q)
	return out
}

// inOrder is the items of from in the items' own order (a buffer of the list's, kept
// for the next query): a set of bits, one per item, read in order.
func (e *engine) inOrder(from []int32) []int32 {
	words := (e.total() + 63) / 64
	if cap(e.bits) < words {
		e.bits = make([]uint64, words)
	}
	b := e.bits[:words]
	clear(b)
	for _, idx := range from {
		b[idx/64] |= 1 << (idx % 64)
	}
	out := e.order[:0]
	for w, word := range b {
		for word != 0 {
			out = append(out, int32(w*64+bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
	e.order = out
	return out
}

// rank orders idx by descending score with a counting sort: scores are small
// integers, so this is linear and stable (ties keep the list's own order).
func (e *engine) rank(idx, scores []int32, maxScore int) []int32 {
	if len(idx) < 2 {
		return idx
	}
	if cap(e.counts) < maxScore+2 {
		e.counts = make([]int32, maxScore+2)
	}
	counts := e.counts[:maxScore+2]
	clear(counts)
	for _, s := range scores {
		counts[maxScore-int(s)+1]++ // bucket 0 is the best score
	}
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	if cap(e.sorted) < len(idx) {
		e.sorted = make([]int32, len(idx))
	}
	sorted := e.sorted[:len(idx)]
	for i, s := range scores {
		b := maxScore - int(s)
		sorted[counts[b]] = idx[i]
		counts[b]++
	}
	copy(idx, sorted)
	return idx
}
