package client

import "time"

// maxHeaderWait bounds every duration read from a header before any arithmetic is done
// with it: a year is far past anything worth waiting for, and far from the ±292 years
// where time.Duration overflows, so sums and jitter on top of it stay positive.
const maxHeaderWait = 366 * 24 * time.Hour

// clampWait keeps d within 0..maxHeaderWait.
func clampWait(d time.Duration) time.Duration {
	switch {
	case d < 0:
		return 0
	case d > maxHeaderWait:
		return maxHeaderWait
	}
	return d
}

// rateWait is what a 429 asks of us: Retry-After when it gave one, else the time to the
// window's reported reset plus margin. asked is false when the answer said neither
// (the caller then backs off on its own). until is when the server says requests pass
// again; wait is the time to it plus a spread of up to a tenth, from jitter(n) (a
// number in [0, n)), so that requests held by the same 429 do not all leave at once.
// Every input is clamped: any header value and any margin give 0 ≤ wait ≤
// maxHeaderWait·1.1 and an until that is not before now.
func rateWait(now time.Time, retryAfter time.Duration, reset time.Time, margin time.Duration, jitter func(int64) int64) (wait time.Duration, until time.Time, asked bool) {
	switch {
	case retryAfter > 0:
		wait = clampWait(retryAfter)
	case !reset.IsZero() && reset.After(now):
		// Sub saturates instead of overflowing; both parts are clamped before the sum.
		wait = clampWait(clampWait(reset.Sub(now)) + clampWait(margin))
	default:
		return 0, now, false
	}
	until = now.Add(wait)
	spread := int64(wait/10) + 1
	j := jitter(spread)
	if j < 0 || j >= spread {
		j = 0
	}
	return wait + time.Duration(j), until, true
}

// longestWait is the longest a 429 is waited out: MaxRetryWait when it was set, else
// the rate-limit window plus a minute. A longer wait is not sat through; the request
// ends with a *RateLimitError saying until when.
func (c *Client) longestWait() time.Duration {
	if c.maxWait > 0 {
		return c.maxWait
	}
	return c.pacer.currentWindow() + time.Minute
}
