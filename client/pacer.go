package client

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// pacer keeps us under the account's limit: the server's own window when it reports
// one (pacer_window.go), else a token bucket whose rate × window + burst never
// exceeds the limit, plus a gate that holds every request once the server says
// nothing remains, until its window resets.
type pacer struct {
	limiter *rate.Limiter
	now     func() time.Time
	users   atomic.Int64 // user requests waiting for a token (lane.go)
	spare   sync.Mutex   // background requests take their turn for a token (lane.go)

	mu        sync.Mutex
	limit     int
	window    time.Duration
	holdUntil time.Time
	win       serverWindow  // the server's own window, when it says (pacer_window.go)
	sent      atomic.Uint64 // requests sent so far (sending)
	inflight  atomic.Int64  // requests sent and not yet answered
}

func newPacer(limit int, window time.Duration, now func() time.Time) *pacer {
	p := &pacer{now: now}
	p.limiter = rate.NewLimiter(bucketFor(limit, window))
	p.limit, p.window = limit, window
	return p
}

// bucketFor picks rate r and burst b with r·window + b ≤ limit: a twentieth of the
// limit as burst, so a screen's worth of loads leaves at once, and the rest spread
// evenly, which is what a long run gets (94% of a limit of 100; a tenth as burst
// would leave 90%). From a limit of 20 up, one request of each window is left
// unused, so our own requests never empty a window even when the server counts one
// a little early or late: the reset gate, which holds until a reset rounded up to the
// second, then only steps in when someone else shares the token.
func bucketFor(limit int, window time.Duration) (rate.Limit, int) {
	if limit < 1 {
		limit = 1
	}
	if window <= 0 {
		window = 10 * time.Second
	}
	if limit == 1 {
		// No bucket admits exactly one per window; one per window with no burst is
		// the closest, and the reset gate covers the rest.
		return rate.Limit(1 / window.Seconds()), 1
	}
	burst := max(1, limit/20)
	spare := 0
	if limit >= 20 {
		spare = 1
	}
	return rate.Limit(float64(limit-burst-spare) / window.Seconds()), burst
}

// wait blocks until a request may be sent, or ctx ends. A background request
// (Background) waits in its own lane and yields to the others (lane.go).
func (p *pacer) wait(ctx context.Context) error {
	if IsBackground(ctx) {
		return p.waitSpare(ctx)
	}
	p.users.Add(1)
	defer p.users.Add(-1)
	for {
		p.mu.Lock()
		hold := p.holdUntil.Sub(p.now())
		known, took, wait := false, false, time.Duration(0)
		if hold <= 0 {
			known, took, wait = p.takeWindow(0)
		}
		p.mu.Unlock()
		switch {
		case hold > 0:
			wait = hold
		case took:
			return nil
		case !known:
			if err := p.limiter.Wait(ctx); err != nil {
				return err
			}
			// A window the server told while this request waited on the bucket paces
			// it instead: the bucket's token alone would send it past a window that
			// others have already spent.
			p.mu.Lock()
			learnt := p.win.current(p.now(), p.margin())
			p.mu.Unlock()
			if learnt {
				continue
			}
			return nil
		}
		if err := sleepCtx(ctx, wait); err != nil {
			return err
		}
	}
}

// observe learns from the answer to the request sent as seq (sending): the server's
// own limit and window replace ours, and a Remaining of 0 holds everything until the
// reset.
func (p *pacer) observe(r RateLimit, seq uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	// A window outside 100 ms..1 min is not believed: it sizes the bucket and how long
	// a 429 is waited out (longestWait), and a lying header must not make that hours.
	// With a limit of at least one a window, pacing never falls below one request a
	// minute, and no 429 is waited out past two minutes.
	sane := r.Interval >= 100*time.Millisecond && r.Interval <= maxWindow
	if r.Limit > 0 && sane && (r.Limit != p.limit || r.Interval != p.window) {
		p.limit, p.window = r.Limit, r.Interval
		lim, burst := bucketFor(r.Limit, r.Interval)
		p.limiter.SetLimit(lim)
		p.limiter.SetBurst(burst)
	}
	p.learnWindow(r, seq)
	if p.win.straggler(seq) {
		return // of a window that has ended: its 0 must not hold the next (pacer_window.go)
	}
	if end := windowEnd(r); r.Remaining == 0 && !end.IsZero() {
		// A request that arrives a hair early still counts in the old window.
		if until := end.Add(p.margin()); until.After(p.holdUntil) && until.Sub(p.now()) <= 2*p.windowOrDefault() {
			p.holdUntil = until
		}
	}
}

// holdFor makes every request wait at least d from now (a 429's Retry-After).
func (p *pacer) holdFor(d time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if until := p.now().Add(d); until.After(p.holdUntil) {
		p.holdUntil = until
	}
}

// currentWindow is the rate-limit window as the server last told it (or as configured).
func (p *pacer) currentWindow() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.windowOrDefault()
}

func (p *pacer) windowOrDefault() time.Duration {
	if p.window > 0 {
		return p.window
	}
	return 10 * time.Second
}

// maxWindow is the longest rate-limit window a server is believed to have (the
// service's is 10 s): the floor of pacing is one request per maxWindow.
const maxWindow = time.Minute

// resetMargin is the most a request waits past a window's end (margin).
const resetMargin = 100 * time.Millisecond

// sleepCtx waits d or until ctx ends, whichever is first.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
