package list

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Marks are what a long list keeps of each key beside the key, made with the keys off
// the UI path: its Mask, and its heads. The heads say which letters the key first
// holds at the start of a word, and which letter or digit it begins with: that is all
// the score of a one-letter query reads (firstByteScore), so the first key typed into
// a million items ranks them from these four bytes each and reads no key.
type Marks struct {
	masks []uint64
	heads []uint32
}

// heads: bits 0–25 are the letters whose first place in the key starts a word (the
// key's start included); bits headShift and up are 1 + the Mask bit of the key's first
// byte when it is a letter or digit, else 0.
const headShift = 26

// MarkKeys makes the marks of n keys, key(i) being item i's (lower-cased, as every key
// is), on every processor: go to anything marks a million keys as it opens. The keys
// are marked in runs taken in turn, so a processor that something else keeps busy
// takes fewer of them rather than holding up the rest.
func MarkKeys(n int, key func(i int) string) Marks {
	m := Marks{masks: make([]uint64, n), heads: make([]uint32, n)}
	tab := newMarkTable()
	var next atomic.Int64
	work := func() {
		for {
			lo := int(next.Add(markRun)) - markRun
			if lo >= n {
				return
			}
			for i := lo; i < min(n, lo+markRun); i++ {
				m.masks[i], m.heads[i] = tab.mark(key(i))
			}
		}
	}
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), n/minPiece)) - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
	return m
}

// markRun is how many keys MarkKeys marks at a time.
const markRun = 1 << 14

// Len is how many items m holds.
func (m Marks) Len() int { return len(m.masks) }

// markTable is what marking a key reads of each of its bytes: a lower-case letter's
// bit, a digit's or upper-case letter's Mask bit, and whether a word starts after it.
// Read from a table, a byte costs the same few operations whatever it is, with no
// branch to mispredict at every space and digit: about twice as fast as testing each
// byte in turn (BenchmarkMarkKeys, 100,000 keys like go to anything's: 7.5 against
// 13.7 ms; 8.1 against 18.9 with their words in random order). The marks are made as
// go to anything opens, over every key.
type markTable [256]struct {
	letter uint32 // the letter's bit in seen and heads, for 'a'–'z'
	start  uint32 // all ones when a word starts after the byte
	mask   uint64 // the byte's Mask bit, for the letters and digits not in letter
}

// newMarkTable makes the table, once per marking of a list's keys.
func newMarkTable() *markTable {
	t := new(markTable)
	for c := range t {
		b := byte(c)
		switch bit, ok := maskBit(b); {
		case b >= 'a' && b <= 'z':
			t[c].letter = 1 << (b - 'a')
		case ok:
			t[c].mask = 1 << bit
		case isWordBoundary(b):
			t[c].start = ^uint32(0)
		}
	}
	return t
}

// mark is key's Mask and heads, in one pass. A byte that is neither a letter nor a
// digit says whether the next starts a word.
func (t *markTable) mark(key string) (mask uint64, heads uint32) {
	var seen uint32     // the lower-case letters met so far
	start := ^uint32(0) // all ones when the next byte starts a word
	for i := 0; i < len(key); i++ {
		e := &t[key[i]]
		heads |= e.letter &^ seen & start
		seen |= e.letter
		mask |= e.mask
		start = e.start
	}
	mask |= uint64(seen)
	if len(key) > 0 {
		if bit, ok := maskBit(key[0]); ok {
			heads |= uint32(bit+1) << headShift
		}
	}
	return mask, heads
}

// maskBit is c's bit in a Mask, when it has one.
func maskBit(c byte) (uint, bool) {
	switch {
	case c >= 'a' && c <= 'z':
		return uint(c - 'a'), true
	case c >= 'A' && c <= 'Z':
		return uint(c - 'A'), true
	case c >= '0' && c <= '9':
		return uint(26 + c - '0'), true
	}
	return 0, false
}

// firstLetter is the score of every item for a one-letter query q, from the marks:
// the matches of [lo, hi) and their scores appended, with the best of them, as
// firstByteScore over each key would give them.
func (e *engine) firstLetter(q byte, lo, hi int, out, scores []int32) ([]int32, []int32, int) {
	bit := uint(q - 'a')
	has, word, start := uint64(1)<<bit, uint32(1)<<bit, uint32(bit+1)<<headShift
	maxScore := 0
	for idx := lo; idx < hi; idx++ {
		if e.masks[idx]&has == 0 {
			continue
		}
		h := e.heads[idx]
		s := scoreChar
		switch {
		case h&^(1<<headShift-1) == start:
			s += scoreWordStart + scoreFirstChar
		case h&word != 0:
			s += scoreWordStart
		}
		out = append(out, int32(idx))
		scores = append(scores, int32(s))
		maxScore = max(maxScore, s)
	}
	return out, scores, maxScore
}

// byMarks reports whether q, the first key typed, is ranked from the marks alone: a
// lower-case letter, with marks kept.
func (e *engine) byMarks(q string) bool {
	return e.heads != nil && e.inc != nil && len(q) == 1 && q[0] >= 'a' && q[0] <= 'z'
}
