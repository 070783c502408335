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
// queries are kept on a stack so that backspace is instant too.
type List struct {
	keys []string // lower-cased filter key per item
	// cat, when set (SetCatalog), holds the keys instead: one string for them all.
	cat    *index.Catalog
	query string  // lower-cased
	shown []int32 // indices into keys, in display order (four bytes each: a million items)
	levels []filterLevel
	cursor int // index into shown
	offset int // index into shown of the first visible row
	height int // visible rows
	// masks, when set (SetMaskedKeys), holds each key's Mask: a key that lacks a
	// letter or digit of the query is passed over without being scanned.
	masks []uint64
	inc   *incremental // where each match ended, to narrow by one key cheaply (incremental.go)
	// scratch buffers reused across keystrokes, so filtering allocates little
	scores []int32
	counts []int32
	sorted []int32
	bits   []uint64
	order  []int32
	pieces []piece // a long list's search, in pieces (pieces.go)

	// set, when set (SetCatalogSet), holds the keys instead: several catalogs read
	// as one.
	set *index.CatalogSet
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
	l.keys, l.cat, l.set, l.masks, l.inc = keys, nil, nil, nil, nil
	l.reset()
}

// reset clears the filter of new items and puts the cursor on the first row.
func (l *List) reset() {
	l.query = ""
	l.levels = l.levels[:0]
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
	if l.set != nil {
		return l.set.Len()
	}
	if l.cat != nil {
		return l.cat.Len()
	}
	return len(l.keys)
}

// Key is item i's filter key.
func (l *List) Key(i int) string {
	if l.set != nil {
		return l.set.Key(i)
	}
	if l.cat != nil {
		return l.cat.Key(i)
	}
	return l.keys[i]
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
	switch {
	case q == "":
		l.levels = l.levels[:0]
		l.shown = identity(l.Total(), l.shown)
		l.inc.forget()
	case l.query != "" && strings.HasPrefix(q, l.query):
		// Narrowing: only the items that matched the shorter query can match.
		prev := l.shown
		l.push()
		l.shown = l.match(q, prev)
	default:
		if lv, ok := l.pop(q); ok {
			l.shown = lv
			l.inc.forget() // its ends are of a longer query
		} else {
			l.levels = l.levels[:0]
			l.shown = l.match(q, nil)
		}
	}
	l.query = q
	if keep < 0 || !l.SelectItem(keep) {
		l.cursor, l.offset = 0, 0
	}
	l.clamp()
}

// push saves the current result before a narrowing query replaces it.
func (l *List) push() {
	if len(l.levels) == maxLevels {
		copy(l.levels, l.levels[1:])
		l.levels = l.levels[:maxLevels-1]
	}
	l.levels = append(l.levels, filterLevel{query: l.query, shown: l.shown})
	l.shown = nil // the saved slice must not be reused as a buffer
}

// pop returns the saved result for q when the query went back to one on the stack.
func (l *List) pop(q string) ([]int32, bool) {
	for i := len(l.levels) - 1; i >= 0; i-- {
		if l.levels[i].query == q {
			lv := l.levels[i].shown
			l.levels = l.levels[:i]
			return lv, true
		}
		if !strings.HasPrefix(l.levels[i].query, q) {
			break
		}
	}
	return nil, false
}

// match scores candidates (every item when from is nil) against q and returns the
// matches ordered by score, best first; equal scores keep their original order.
func (l *List) match(q string, from []int32) []int32 {
	qm := Mask(q)
	switch {
	case l.inc.narrows(q, from):
		return l.inc.match(l, q, qm)
	case l.inc != nil:
		return l.matchLong(q, from, qm)
	}
	n := len(from)
	if from == nil {
		n = l.Total()
	} else {
		from = l.inOrder(from) // so that ties keep the items' order, as a whole match does
	}
	out := make([]int32, 0, min(n, 1024))
	scores := l.scores[:0]
	maxScore := 0
	for i := 0; i < n; i++ {
		idx := i
		if from != nil {
			idx = int(from[i])
		}
		s, ok := fuzzyScore(l.Key(idx), q)
		if !ok {
			continue
		}
		out = append(out, int32(idx))
		scores = append(scores, int32(s))
		maxScore = max(maxScore, s)
	}
	l.scores = scores
	return l.rank(out, scores, maxScore)
}

// matchLong is match for a long list: the keys that lack a letter of q passed over by
// their masks, the rest searched in pieces (pieces.go), and where each match ended
// recorded for the next key.
func (l *List) matchLong(q string, from []int32, qm uint64) []int32 {
	n := len(from)
	if from == nil {
		n = l.Total()
	} else {
		from = l.inOrder(from)
	}
	l.inc.begin()
	score := fuzzyScoreEnd
	if len(q) == 1 && q[0] < 0x80 {
		score = firstByteScore // the first key typed: every item read, so the match is kept short
	}
	out := l.scanRanked(n, func(lo, hi int, out, scores []int32) ([]int32, []int32, int) {
		maxScore := 0
		for i := lo; i < hi; i++ {
			idx := i
			if from != nil {
				idx = int(from[i])
			}
			if l.masks != nil && l.masks[idx]&qm != qm {
				continue
			}
			s, end, ok := score(l.Key(idx), q)
			if !ok {
				continue
			}
			l.inc.keep(idx, s, end)
			out = append(out, int32(idx))
			scores = append(scores, int32(s))
			maxScore = max(maxScore, s)
		}
		return out, scores, maxScore
	})
	l.inc.matched(q)
	return out
}

// inOrder is the items of from in the items' own order (a buffer of the list's, kept
// for the next query): a set of bits, one per item, read in order.
func (l *List) inOrder(from []int32) []int32 {
	words := (l.Total() + 63) / 64
	if cap(l.bits) < words {
		l.bits = make([]uint64, words)
	}
	b := l.bits[:words]
	clear(b)
	for _, idx := range from {
		b[idx/64] |= 1 << (idx % 64)
	}
	out := l.order[:0]
	for w, word := range b {
		for word != 0 {
			out = append(out, int32(w*64+bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
	l.order = out
	return out
}

// rank orders idx by descending score with a counting sort: scores are small
// integers, so this is linear and stable (ties keep the list's own order).
func (l *List) rank(idx, scores []int32, maxScore int) []int32 {
	if len(idx) < 2 {
		return idx
	}
	if cap(l.counts) < maxScore+2 {
		l.counts = make([]int32, maxScore+2)
	}
	counts := l.counts[:maxScore+2]
	clear(counts)
	for _, s := range scores {
		counts[maxScore-int(s)+1]++ // bucket 0 is the best score
	}
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	if cap(l.sorted) < len(idx) {
		l.sorted = make([]int32, len(idx))
	}
	sorted := l.sorted[:len(idx)]
	for i, s := range scores {
		b := maxScore - int(s)
		sorted[counts[b]] = idx[i]
		counts[b]++
	}
	copy(idx, sorted)
	return idx
}
