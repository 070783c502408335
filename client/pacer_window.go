package client

import (
	"cmp"
	"time"
)

// Pacing by the server's own window. Once an answer says how many requests remain
// (X-RateLimit-Remaining) and when its window ends (X-RateLimit-Reset, or, without
// it, at most X-RateLimit-Interval-Milliseconds from then), the pacer spends exactly
// that: requests leave at once while the window has room, and wait for its end when
// it has none, so a burst of work that fits in one window is sent in one window rather
// than spread by the bucket. Background requests leave the person's reserve (lane.go)
// of every window unspent. Once the window has ended and no answer has told the next
// one, the token bucket paces again, so a server whose clock runs ahead of ours costs
// at most a burst.

// serverWindow is what the server last said of its current window, less the requests
// sent into it since.
type serverWindow struct {
	end   time.Time // zero: none known
	left  int
	limit int
	spent int // of the window's requests, what we know was spent: by us, or counted by the server
	// from is the request whose answer told the window; rem is the fewest remaining
	// an answer in it said, and remSeq that answer's request.
	from, remSeq uint64
	rem          int
	// closed: the window has ended and sentBy is the last request sent before it did.
	closed bool
	sentBy uint64
}

// close notes, once, that the window has ended with sent requests sent.
func (w *serverWindow) close(sent uint64) {
	if !w.end.IsZero() && !w.closed {
		w.closed, w.sentBy = true, sent
	}
}

// straggler reports whether request seq was sent while the window stood and is
// answered after it ended (close).
func (w *serverWindow) straggler(seq uint64) bool { return w.closed && seq <= w.sentBy }

// current reports whether a known window is still open at now.
func (w *serverWindow) current(now time.Time, margin time.Duration) bool {
	return !w.end.IsZero() && now.Before(w.end.Add(margin))
}

// learnWindow takes in what an answer said of the server's window (called with p.mu
// held). A window that ends further ahead than twice the one believed is not taken:
// a lying header must not hold requests for long.
func (p *pacer) learnWindow(r RateLimit, seq uint64) {
	if r.Remaining < 0 {
		return
	}
	end := windowEnd(r)
	now := p.now()
	if end.IsZero() || !end.After(now) || end.Sub(now) > 2*p.windowOrDefault() {
		return
	}
	limit := cmp.Or(max(r.Limit, 0), p.limit)
	w := &p.win
	if !w.current(now, p.margin()) {
		w.close(p.sent.Load())
		if w.straggler(seq) {
			// Sent while the window stood, its answer came after the window ended: what
			// it says is most likely of that window (a straggler's few remaining would
			// hold the next window's requests until its end). A request sent since tells
			// the next.
			return
		}
	}
	switch {
	case !w.current(now, p.margin()), seq > w.remSeq && r.Remaining > w.rem+p.reorderSlack():
		// A new window: ours has ended, or a request sent after one answered in it
		// found more remaining than that one did, by more than answers crossing on
		// the way can explain. The requests sent after this one, and any still on
		// their way, may not be counted in its Remaining yet (few are, as a window
		// begins).
		w.end, w.left, w.limit = end, 0, limit
		if away := max(p.sent.Load()-seq, uint64(max(0, p.inflight.Load()))); uint64(r.Remaining) > away {
			w.left = r.Remaining - int(away)
		}
		w.spent = max(0, limit-w.left)
		w.from, w.remSeq, w.rem, w.closed = seq, seq, r.Remaining, false
	case seq < w.from:
		// Sent before the request that told this window, it may have been counted in
		// the window before: what it says of that one is not taken for this one.
		return
	default:
		if r.Remaining < w.rem {
			w.rem, w.remSeq = r.Remaining, seq
		}
		// The same window. What it has left goes down by what we send; an answer lowers
		// it further only when the server has counted more of the window than that
		// (someone else shares it). Taking each answer's Remaining less the requests
		// still on their way counts twice those that reached the server but whose
		// answers had not come back, a quarter of each window with 32 under way.
		if counted := limit - r.Remaining; counted > w.spent {
			w.left = max(0, w.left-(counted-w.spent))
			w.spent = counted
		}
		// The earliest end said of it is the truest (resets are rounded up, answers
		// cross on the way).
		if end.Before(w.end) {
			w.end = end
		}
	}
}

// windowEnd is when the window that counted r's request ends at the latest: its
// reset, or one interval after the answer arrived, whichever is sooner (zero when
// neither is told). The window began before the answer arrived, so the interval's
// bound holds whatever the reset's rounding: a reset rounded up to the second is up
// to a whole window late when the window is a second long.
func windowEnd(r RateLimit) time.Time {
	end := r.Reset
	if r.Interval > 0 && !r.Observed.IsZero() {
		if capped := r.Observed.Add(r.Interval); end.IsZero() || capped.Before(end) {
			end = capped
		}
	}
	return end
}

// margin is how long after a window's end requests resume: a hundredth of the window,
// at most resetMargin. Both bounds of the end are already late (the reset is rounded
// up, the interval counted from the answer, not the request), so this only absorbs
// a server clock a little behind ours.
func (p *pacer) margin() time.Duration {
	return min(resetMargin, p.windowOrDefault()/100)
}

// reorderSlack is how much more remaining a later request's answer may say than an
// earlier one's within one window. The server counts requests as they arrive, and
// those sent together arrive in another order than ours (one waits for a connection,
// another finds one idle): 42 places apart was seen with 32 under way. So only a rise
// of half the window's limit, and at least twice the requests under way, tells a new
// window; a window that ended with fewer used than that is told by its end. An answer
// an interval after the first of a window can still be of that window (its request
// waited in a queue, or the window began late), so time alone does not tell one
// either.
func (p *pacer) reorderSlack() int {
	return max(p.win.limit/2, 2*int(p.inflight.Load()), minReorder)
}

// minReorder is the least reorderSlack: a crawl's workers.
const minReorder = 32

// takeWindow spends one request of the server's window for a request that keeps keep
// requests of it unspent. ok is false when no window is known (the bucket paces);
// took is false when the window has no room left, and wait is then how long until it
// ends (called with p.mu held).
func (p *pacer) takeWindow(keep int) (ok, took bool, wait time.Duration) {
	now := p.now()
	if !p.win.current(now, p.margin()) {
		p.win.close(p.sent.Load())
		return false, false, 0
	}
	if p.win.left > keep {
		p.win.left--
		p.win.spent++
		return true, true, 0
	}
	return true, false, p.win.end.Add(p.margin()).Sub(now)
}

// sending numbers a request the pacer let go, as it is sent; its answer is observed
// with that number.
func (p *pacer) sending() uint64 {
	p.inflight.Add(1)
	return p.sent.Add(1)
}

// answered notes that a request sent under the pacer has its answer (or none).
func (p *pacer) answered() { p.inflight.Add(-1) }
