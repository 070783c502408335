package client

import "time"

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
}

// current reports whether a known window is still open at now.
func (w *serverWindow) current(now time.Time) bool {
	return !w.end.IsZero() && now.Before(w.end.Add(resetMargin))
}

// learnWindow takes in what an answer said of the server's window (called with p.mu
// held). A window that ends further ahead than twice the one believed is not taken:
// a lying header must not hold requests for long.
func (p *pacer) learnWindow(r RateLimit) {
	if r.Remaining < 0 {
		return
	}
	end := r.Reset
	if end.IsZero() && r.Interval > 0 && !r.Observed.IsZero() {
		end = r.Observed.Add(r.Interval)
	}
	now := p.now()
	if end.IsZero() || !end.After(now) || end.Sub(now) > 2*p.windowOrDefault() {
		return
	}
	// Requests still on their way may not be counted in Remaining yet.
	left := max(0, r.Remaining-int(p.inflight.Load()))
	w := &p.win
	switch {
	case !w.current(now), end.After(w.end.Add(p.windowOrDefault() / 2)):
		// A new window.
		w.end, w.left = end, left
	default:
		// The same window: the lowest count and the earliest end said of it are the
		// truest (resets are rounded up, answers cross on the way).
		w.left = min(w.left, left)
		if end.Before(w.end) {
			w.end = end
		}
	}
	w.limit = p.limit
}

// takeWindow spends one request of the server's window for a request that keeps keep
// requests of it unspent. ok is false when no window is known (the bucket paces);
// took is false when the window has no room left, and wait is then how long until it
// ends (called with p.mu held).
func (p *pacer) takeWindow(keep int) (ok, took bool, wait time.Duration) {
	now := p.now()
	if !p.win.current(now) {
		return false, false, 0
	}
	if p.win.left > keep {
		p.win.left--
		p.inflight.Add(1)
		return true, true, 0
	}
	return true, false, p.win.end.Add(resetMargin).Sub(now)
}

// answered notes that a request sent under the pacer has its answer (or none).
func (p *pacer) answered() { p.inflight.Add(-1) }
