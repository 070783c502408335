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

// peek is what take would say of the current window without counting an event:
// how many remain, when it ends, and whether it is full.
func (w *fixedWindow) peek(now time.Time, limit int, length time.Duration) (remaining int, resetIn time.Duration, full bool) {
	if w.start.IsZero() || !now.Before(w.start.Add(length)) {
		return limit, length, limit <= 0
	}
	return max(0, limit-w.count), w.start.Add(length).Sub(now), w.count >= limit
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
	dailyLimit     int
	dailyRemaining int
	// dailySpent is a request refused because the day's count is used up;
	// dailyReset is then the time until the day's window ends.
	dailySpent bool
	dailyReset time.Duration
}

func newRateLimiter(limit int, window time.Duration) *rateLimiter {
	return &rateLimiter{limit: limit, window: window, keys: map[string]*rateKey{}}
}

// take counts one request of key against its window and its day of daily requests.
// A day used up refuses every request until it ends, whatever the window says.
func (l *rateLimiter) take(key string, now time.Time, daily int) rateState {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := l.keys[key]
	if k == nil {
		k = &rateKey{}
		l.keys[key] = k
	}
	st := rateState{limit: l.limit, window: l.window, dailyLimit: daily}
	if _, dayLeft, spent := k.daily.peek(now, daily, 24*time.Hour); spent {
		remaining, resetIn, _ := k.burst.peek(now, l.limit, l.window)
		st.remaining, st.reset = remaining, ceilSeconds(resetIn)
		st.dailySpent, st.dailyReset = true, dayLeft
		return st
	}
	admitted, remaining, resetIn := k.burst.take(now, l.limit, l.window)
	st.admitted, st.remaining, st.reset = admitted, remaining, ceilSeconds(resetIn)
	if admitted {
		_, st.dailyRemaining, _ = k.daily.take(now, daily, 24*time.Hour)
	} else {
		st.dailyRemaining, _, _ = k.daily.peek(now, daily, 24*time.Hour)
	}
	return st
}

// apply writes the rate-limit headers of the contract, and on a request refused
// for the day the time to the daily reset in milliseconds, as the service was seen
// to send it.
func (st rateState) apply(h http.Header) {
	h.Set("X-RateLimit-Max", strconv.Itoa(st.limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(st.remaining))
	h.Set("X-RateLimit-Reset", strconv.Itoa(st.reset))
	h.Set("X-RateLimit-Interval-Milliseconds", strconv.FormatInt(st.window.Milliseconds(), 10))
	h.Set("X-RateLimit-Limit-Daily", strconv.Itoa(st.dailyLimit))
	h.Set("X-RateLimit-Daily-Remaining", strconv.Itoa(st.dailyRemaining))
	if st.dailySpent {
		h.Set("X-RateLimit-Daily-Reset", strconv.FormatInt(st.dailyReset.Milliseconds(), 10))
	}
}

// tooMany is the 429 answer of a full window, or of a day used up. The latter
// carries the window's Retry-After all the same, as a gateway that counts windows
// would: only the daily headers say that no retry passes today.
func (st rateState) tooMany() reply {
	n := strconv.Itoa(st.reset)
	msg := "Too many requests, retry after " + n + " seconds"
	if st.dailySpent {
		msg = "Too many requests, the daily limit of " + strconv.Itoa(st.dailyLimit) + " requests is reached"
	}
	return errReply(http.StatusTooManyRequests, msg).with("Retry-After", n)
}
