package list

import (
	"runtime"
	"sync"
)

// A long list (go to anything's, up to a million items) is searched in pieces, one
// per processor: each piece a run of items in their order, its matches and scores
// gathered in buffers of its own (kept for the next query), then ranked together in
// one counting sort that reads the pieces in order, so the result is what one pass
// gives. A piece writes only its own items' records (incremental.go).

// piece is one piece's matches and their scores.
type piece struct{ idx, scores []int32 }

// minPiece is the fewest items worth a goroutine of their own.
const minPiece = 1 << 15

// yieldEvery is how many items a search off the update loop reads between yields.
const yieldEvery = 1 << 15

// scanRanked runs part over [0, n) in pieces and ranks what they matched, best first,
// ties in the items' order. part appends to idx and scores the matches of [lo, hi)
// and returns them with the best score among them. Off the update loop (yield), each
// piece lets other goroutines run every yieldEvery items, so the update loop, when a
// key comes, waits for no piece to finish its time on a processor.
func (e *engine) scanRanked(n int, part func(lo, hi int, idx, scores []int32) ([]int32, []int32, int)) []int32 {
	k := max(1, min(runtime.GOMAXPROCS(0), n/minPiece))
	if len(e.pieces) < k {
		e.pieces = append(e.pieces, make([]piece, k-len(e.pieces))...)
	}
	ps := e.pieces[:k]
	e.searched = k
	best := make([]int, k)
	run := func(p int) {
		lo, hi := n*p/k, n*(p+1)/k
		step := hi - lo
		if e.yield {
			step = yieldEvery
		}
		idx, scores, top := ps[p].idx[:0], ps[p].scores[:0], 0
		for from := lo; from < hi; from += step {
			var b int
			idx, scores, b = part(from, min(hi, from+step), idx, scores)
			top = max(top, b)
			if e.yield {
				runtime.Gosched()
			}
		}
		ps[p].idx, ps[p].scores, best[p] = idx, scores, top
	}
	return e.rankPieces(ps, runPieces(k, run, best))
}

// narrowRanked is scanRanked over the matches of the last search, which its pieces
// hold in the items' order: each piece reads its own and keeps, in the same buffers,
// those that part keeps (a match is written no further on than the one being read),
// so a key typed reads only what the key before it matched. part appends the matches
// among cands to idx and scores and returns them with the best score among them.
func (e *engine) narrowRanked(part func(cands, idx, scores []int32) ([]int32, []int32, int)) []int32 {
	ps := e.pieces[:e.searched]
	best := make([]int, len(ps))
	run := func(p int) {
		cands := ps[p].idx
		step := len(cands)
		if e.yield {
			step = yieldEvery
		}
		idx, scores, top := cands[:0], ps[p].scores[:0], 0
		for from := 0; from < len(cands); from += step {
			var b int
			idx, scores, b = part(cands[from:min(len(cands), from+step)], idx, scores)
			top = max(top, b)
			if e.yield {
				runtime.Gosched()
			}
		}
		ps[p].idx, ps[p].scores, best[p] = idx, scores, top
	}
	return e.rankPieces(ps, runPieces(len(ps), run, best))
}

// runPieces runs pieces 1 to k-1 each on a goroutine of its own and piece 0 on this
// one, and returns the best score any of them found.
func runPieces(k int, run func(p int), best []int) int {
	var wg sync.WaitGroup
	for p := 1; p < k; p++ {
		wg.Go(func() { run(p) })
	}
	run(0)
	wg.Wait()
	maxScore := 0
	for _, b := range best {
		maxScore = max(maxScore, b)
	}
	return maxScore
}

// rankPieces orders the matches of ps by descending score with a counting sort over
// the pieces in order: linear and stable.
func (e *engine) rankPieces(ps []piece, maxScore int) []int32 {
	total := 0
	for _, p := range ps {
		total += len(p.idx)
	}
	if cap(e.counts) < maxScore+2 {
		e.counts = make([]int32, maxScore+2)
	}
	counts := e.counts[:maxScore+2]
	clear(counts)
	for _, p := range ps {
		for _, s := range p.scores {
			counts[maxScore-int(s)+1]++ // bucket 0 is the best score
		}
	}
	for i := 1; i < len(counts); i++ {
		counts[i] += counts[i-1]
	}
	out := make([]int32, total)
	for _, p := range ps {
		for i, s := range p.scores {
			b := maxScore - int(s)
			out[counts[b]] = p.idx[i]
			counts[b]++
		}
	}
	return out
}
