package client

import (
	"context"
	"time"
)

// Two lanes share the pacer: the user's requests, and background work (the index's
// crawl) that must never hold them up. A background request takes a token of the
// bucket only when the bucket is full and no user request is waiting for one: a
// person's request is the next to leave whenever both wait, and finds the bucket's
// burst less one at hand the moment it comes, however long the crawl has run. The
// background takes what refills the bucket, which over a long run is the whole rate,
// so a crawl still goes at the limit while nobody else asks.

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
		if p.users.Load() == 0 {
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

// takeSpare takes a token for the background when the bucket is full; need is how
// many tokens it lacks otherwise. Background requests take turns here, so two never
// both see the bucket full.
func (p *pacer) takeSpare() (took bool, need float64) {
	p.spare.Lock()
	defer p.spare.Unlock()
	full := float64(p.limiter.Burst())
	if have := p.limiter.Tokens(); have < full-1e-9 {
		return false, full - have
	}
	return p.limiter.Allow(), 0
}
