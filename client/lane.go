package client

import (
	"context"
	"time"
)

// Two lanes share the pacer: the user's requests, and background work (the index's
// crawl) that must never hold them up. A background request takes a token of the
// bucket only when no user request is waiting for one and the bucket keeps a reserve
// after it: a person's request is the next to leave whenever both wait, and finds the
// reserve at hand the moment it comes, however long the crawl has run. The reserve is
// the burst less two (at least one, at most the burst less one): the token of slack
// above it lets the bucket keep filling while a background request is a moment late
// to take its turn, so the background takes what refills the bucket — over a long run
// the whole rate — and a crawl still goes at the limit while nobody else asks.
// Paced by the server's own window, the background leaves at most windowReserve of
// each window (the window's count is exact; a bucket's reserve grows with the limit).

// backgroundKey marks a context whose requests go in the background lane.
type backgroundKey struct{}

// Background returns a context whose requests yield to every other request of the
// client: they wait while another is waiting for the pacer, and only take what the
// rate limit leaves over. A crawl sends with it; a person's requests never do.
func Background(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, true)
}

// IsBackground reports whether ctx sends in the background lane.
func IsBackground(ctx context.Context) bool {
	v, _ := ctx.Value(backgroundKey{}).(bool)
	return v
}

// Bounds on how long a background request sleeps before looking again: short enough
// to take a token soon after it comes, long enough not to spin.
const (
	spareMinSleep = 2 * time.Millisecond
	spareMaxSleep = 100 * time.Millisecond
)

// waitSpare blocks a background request until a token is free now and no user
// request waits for one, or ctx ends.
func (p *pacer) waitSpare(ctx context.Context) error {
	for {
		p.mu.Lock()
		hold := p.holdUntil.Sub(p.now())
		p.mu.Unlock()
		if hold > 0 {
			if err := sleepCtx(ctx, hold); err != nil {
				return err
			}
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		sleep := spareMinSleep * 5
		p.mu.Lock()
		known, took, wait := false, false, time.Duration(0)
		if p.users.Load() == 0 {
			known, took, wait = p.takeWindow(min(reserve(p.limiter.Burst()), windowReserve))
		}
		p.mu.Unlock()
		switch {
		case took:
			return nil
		case known:
			sleep = wait
		case p.users.Load() == 0:
			took, need := p.takeSpare()
			if took {
				return nil
			}
			// The bucket is full again once need tokens have come.
			if lim := float64(p.limiter.Limit()); lim > 0 {
				sleep = time.Duration(need / lim * float64(time.Second))
			}
		}
		if err := sleepCtx(ctx, min(max(sleep, spareMinSleep), spareMaxSleep)); err != nil {
			return err
		}
	}
}

// takeSpare takes a token for the background when the bucket holds one above its
// reserve; need is how many tokens it lacks otherwise. Background requests take turns
// here, so two never both take the last one above the reserve.
func (p *pacer) takeSpare() (took bool, need float64) {
	p.spare.Lock()
	defer p.spare.Unlock()
	over := float64(reserve(p.limiter.Burst()) + 1)
	if have := p.limiter.Tokens(); have < over-1e-9 {
		return false, over - have
	}
	return p.limiter.Allow(), 0
}

// windowReserve is the most of a server's window the background leaves unspent for
// the user: the window's count is exact, so a screen's worth of loads is enough (a
// bucket's reserve grows with its burst, a twentieth of the limit: 23 of a window of
// 500).
const windowReserve = 5

// reserve is how many tokens of a bucket of burst the background leaves for the user.
func reserve(burst int) int {
	return min(burst-1, max(1, burst-2))
}
