package sandbox

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// fixedWindow counts events in a window that starts with the first event after the
// previous window ended.
type fixedWindow struct {
	start time.Time
	count int
}

// take counts one event if fewer than limit happened in the current window. It
// reports whether the event was admitted, how many remain and when the window ends.
func (w *fixedWindow) take(now time.Time, limit int, length time.Duration) (admitted bool, remaining int, resetIn time.Duration) {
	if w.start.IsZero() || !now.Before(w.start.Add(length)) {
		w.start, w.count = now, 0
	}
	resetIn = w.start.Add(length).Sub(now)
	if w.count >= limit {
		return false, 0, resetIn
	}
	w.count++
	return true, limit - w.count, resetIn
}

// ceilSeconds rounds a duration up to whole seconds, at least 1.
func ceilSeconds(d time.Duration) int {
	n := int((d + time.Second - 1) / time.Second)
	if n < 1 {
		n = 1
	}
	return n
}

// rateLimiter is the per-token fixed-window limit of API routes, plus the daily count.
type rateLimiter struct {
	mu     sync.Mutex
	limit  int
	window time.Duration
	keys   map[string]*rateKey
}

type rateKey struct {
	burst fixedWindow
	daily fixedWindow
}

// rateState is the outcome of one take, as the response headers show it.
type rateState struct {
	admitted       bool
	limit          int
	remaining      int
	reset          int // whole seconds until the window ends
	window         time.Duration
	dailyRemaining int
}

func newRateLimiter(limit int, window time.Duration) *rateLimiter {
	return &rateLimiter{limit: limit, window: window, keys: map[string]*rateKey{}}
}

func (l *rateLimiter) take(key string, now time.Time) rateState {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := l.keys[key]
	if k == nil {
		k = &rateKey{}
		l.keys[key] = k
	}
	admitted, remaining, resetIn := k.burst.take(now, l.limit, l.window)
	st := rateState{admitted: admitted, limit: l.limit, remaining: remaining, reset: ceilSeconds(resetIn), window: l.window}
	if admitted {
		_, st.dailyRemaining, _ = k.daily.take(now, dailyLimit, 24*time.Hour)
	} else {
		st.dailyRemaining = dailyLimit - k.daily.count
	}
	return st
}

// apply writes the rate-limit headers of the contract.
func (st rateState) apply(h http.Header) {
	h.Set("X-RateLimit-Max", strconv.Itoa(st.limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(st.remaining))
	h.Set("X-RateLimit-Reset", strconv.Itoa(st.reset))
	h.Set("X-RateLimit-Interval-Milliseconds", strconv.FormatInt(st.window.Milliseconds(), 10))
	h.Set("X-RateLimit-Limit-Daily", strconv.Itoa(dailyLimit))
	h.Set("X-RateLimit-Daily-Remaining", strconv.Itoa(st.dailyRemaining))
}

// tooMany is the 429 answer of a full window.
func (st rateState) tooMany() reply {
	n := strconv.Itoa(st.reset)
	return errReply(http.StatusTooManyRequests, "Too many requests, retry after "+n+" seconds").with("Retry-After", n)
}
