package list

import "strings"

// incremental makes a long list (go to anything's) narrow by one typed key in one
// search per candidate: the greedy match of a query ends at a known byte of each key,
// and the match of that query plus one ASCII character goes on from there with the
// same scores fuzzyScore gives. Its record is of one query (of): per item that
// matches it, where its match ended, its score and the key's bytes after it. The
// matches themselves, in the items' order, are what the last search's pieces hold
// (pieces.go), so a key typed reads those items' records alone, one after another in
// memory, and their keys only when the bytes kept do not hold the key typed. A query
// reached any other way (a paste, backspace) is matched whole and begins a new record.
type incremental struct {
	of   string     // the query the record is of; "" when it holds none
	recs []matchRec // per item that matches of
	// first: the record is of a first letter ranked from the keys' marks (marks.go),
	// and the matches' records are not kept: the next key finds them as it goes.
	first byte
}

// matchRec is what the record keeps of one item's match, in sixteen bytes: what a key
// typed reads of it is one place in memory.
type matchRec struct {
	end   int32  // the byte after the end of its match
	score int32  // its score
	ahead uint64 // the key's bytes after its match (ahead.go)
}

// newIncremental keeps a record for n items.
func newIncremental(n int) *incremental {
	return &incremental{recs: make([]matchRec, n)}
}

// forget drops the record.
func (in *incremental) forget() {
	if in != nil {
		in.of, in.first = "", 0
	}
}

// begin starts a record of a whole match: the items kept are the matches.
func (in *incremental) begin() {
	if in != nil {
		in.first = 0
	}
}

// keep records one item's whole match of the query being matched, in key.
func (in *incremental) keep(idx, score, end int, key string) {
	if in != nil {
		in.recs[idx] = matchRec{end: int32(end), score: int32(score), ahead: aheadOf(key, end)}
	}
}

// matched says the record is now of q.
func (in *incremental) matched(q string) {
	if in != nil {
		in.of = q
	}
}

// matchedFirst says the record is of q, a first letter ranked from the marks: the
// matches' ends and scores are left to the next key.
func (in *incremental) matchedFirst(q string) {
	in.of, in.first = q, q[0]
}

// narrows reports whether q is the recorded query plus one ASCII character, over
// candidates of that query.
func (in *incremental) narrows(q string, from []int32) bool {
	return in != nil && from != nil && in.of != "" && len(q) == len(in.of)+1 && q[len(q)-1] < 0x80 &&
		strings.HasPrefix(q, in.of)
}

// match narrows the matches of in.of to those of q, best first, ties in the items'
// order (as a whole match of q orders them). It reads only in.of's matches: the last
// search's pieces hold them (narrowRanked).
func (in *incremental) match(e *engine, q string, qm uint64) []int32 {
	c := q[len(q)-1]
	if in.first != 0 {
		first := string(in.first)
		out := e.narrowRanked(func(cands, out, scores []int32) ([]int32, []int32, int) {
			return in.afterFirst(e, first, c, qm, cands, out, scores)
		})
		in.of, in.first = q, 0
		return out
	}
	out := e.narrowRanked(func(cands, out, scores []int32) ([]int32, []int32, int) {
		maxScore := 0
		fromKey := c == aheadEnd || c == aheadUnknown // never found among the bytes kept
		bit, masked := maskBit(c)
		masked = masked && e.masks != nil
		for _, v := range cands {
			r := &in.recs[v]
			pe := int(r.end)
			i, add, next, ok, read := typedAhead(r.ahead, pe, c)
			if read || fromKey {
				if masked && e.masks[v]&(1<<bit) == 0 {
					continue // the key lacks c: not read
				}
				key := e.key(int(v))
				if i, add, ok = typedOn(key, pe, c); ok {
					next = aheadOf(key, i+1)
				}
			}
			if !ok {
				continue
			}
			s := int(r.score) + add
			*r = matchRec{end: int32(i + 1), score: int32(s), ahead: next}
			out = append(out, v)
			scores = append(scores, int32(s))
			maxScore = max(maxScore, s)
		}
		return out, scores, maxScore
	})
	in.of = q
	return out
}

// afterFirst is match's part over candidates cands when the record is of a first
// letter ranked from the marks: each item is matched by the letter as firstByteScore
// would (its first place in the key), then by c from there, and the record of each
// that matches both is kept.
func (in *incremental) afterFirst(e *engine, first string, c byte, qm uint64, cands, out, scores []int32) ([]int32, []int32, int) {
	maxScore := 0
	for _, v := range cands {
		idx := int(v)
		if e.masks[idx]&qm != qm {
			continue
		}
		key := e.key(idx)
		s0, pe, ok := firstByteScore(key, first)
		if !ok {
			continue
		}
		i, add, ok := typedOn(key, pe, c)
		if !ok {
			continue
		}
		s := s0 + add
		in.recs[idx] = matchRec{end: int32(i + 1), score: int32(s), ahead: aheadUnread}
		out = append(out, v)
		scores = append(scores, int32(s))
		maxScore = max(maxScore, s)
	}
	return out, scores, maxScore
}

// typedOn finds c in key from pe, where a match ended: where it is and what it adds to
// the match's score, as fuzzyScoreEnd scores a character.
func typedOn(key string, pe int, c byte) (i, add int, ok bool) {
	i = pe
	if i >= len(key) || key[i] != c { // typed on from the match: often the next byte
		j := strings.IndexByte(key[pe:], c)
		if j < 0 {
			return 0, 0, false
		}
		i += j
	}
	add = scoreChar
	switch {
	case i == pe:
		add += scoreConsecutive
	case i == 0:
		add += scoreWordStart + scoreFirstChar
	case isWordBoundary(key[i-1]):
		add += scoreWordStart
	}
	return i, add, true
}
