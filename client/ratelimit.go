package client

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RateLimit is what the last response said about the account's limits. Counts the
// server did not send are -1.
type RateLimit struct {
	Limit          int           // X-RateLimit-Max
	Remaining      int           // X-RateLimit-Remaining
	Reset          time.Time     // when the window ends (X-RateLimit-Reset), zero if unknown
	Interval       time.Duration // X-RateLimit-Interval-Milliseconds, 0 if unknown
	DailyLimit     int           // X-RateLimit-Limit-Daily
	DailyRemaining int           // X-RateLimit-Daily-Remaining
	DailyReset     time.Time     // when the day's count starts again (X-RateLimit-Daily-Reset), zero if unknown
	Observed       time.Time     // when the response carrying it arrived; zero = nothing known yet
}

// Known reports whether any response has told us anything yet.
func (r RateLimit) Known() bool { return !r.Observed.IsZero() }

// DailySpent reports an answer that said the day's requests are used up: no request
// passes before DailyReset.
func (r RateLimit) DailySpent() bool { return r.Known() && r.DailyRemaining == 0 }

// ResetIn is the time left until the window resets, never negative.
func (r RateLimit) ResetIn(now time.Time) time.Duration {
	if r.Reset.IsZero() || !r.Reset.After(now) {
		return 0
	}
	return r.Reset.Sub(now)
}

// ParseRateLimit reads the rate-limit headers of a response. ok is false when none of
// them is present. X-RateLimit-Reset's unit is stated nowhere, so delta seconds, epoch
// seconds and epoch milliseconds are all accepted (told apart by size), and an
// HTTP-date too; X-RateLimit-Daily-Reset is in milliseconds, from now or an epoch
// (epoch seconds and a date are taken too).
func ParseRateLimit(h http.Header, now time.Time) (RateLimit, bool) {
	r := RateLimit{Limit: -1, Remaining: -1, DailyLimit: -1, DailyRemaining: -1}
	found := false
	readInt := func(name string, dst *int) {
		if v, ok := headerInt(h, name); ok {
			*dst = v
			found = true
		}
	}
	readInt("X-RateLimit-Max", &r.Limit)
	if r.Limit < 0 {
		readInt("X-RateLimit-Limit", &r.Limit)
	}
	readInt("X-RateLimit-Remaining", &r.Remaining)
	readInt("X-RateLimit-Limit-Daily", &r.DailyLimit)
	readInt("X-RateLimit-Daily-Remaining", &r.DailyRemaining)
	if ms, ok := headerInt(h, "X-RateLimit-Interval-Milliseconds"); ok && ms > 0 {
		r.Interval = time.Duration(ms) * time.Millisecond
		found = true
	}
	if v := strings.TrimSpace(h.Get("X-RateLimit-Reset")); v != "" {
		if t, ok := parseResetValue(v, now, time.Second); ok {
			r.Reset = t
			found = true
		}
	}
	if v := strings.TrimSpace(h.Get("X-RateLimit-Daily-Reset")); v != "" {
		if t, ok := parseResetValue(v, now, time.Millisecond); ok {
			r.DailyReset = t
			found = true
		}
	}
	if !found {
		return RateLimit{}, false
	}
	r.Observed = now
	return r, true
}

// parseResetValue reads a reset time: a number below 1e9 is a time from now in unit,
// below 1e12 epoch seconds, above that epoch milliseconds; otherwise an HTTP-date.
func parseResetValue(v string, now time.Time, unit time.Duration) (time.Time, bool) {
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		switch {
		case math.IsNaN(n) || math.IsInf(n, 0) || n < 0 || n > 1e16:
			return time.Time{}, false
		case n >= 1e12:
			return time.UnixMilli(int64(n)), true
		case n >= 1e9:
			return time.Unix(int64(n), int64((n-math.Floor(n))*1e9)), true
		default:
			return now.Add(time.Duration(n * float64(unit))), true
		}
	}
	if t, err := http.ParseTime(v); err == nil {
		return t, true
	}
	return time.Time{}, false
}

// parseRetryAfter reads Retry-After: delta seconds or an HTTP-date, as a wait of at most
// maxHeaderWait (a date in the year 9999 is a wait nobody sits through, not an
// overflow).
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		switch {
		case n < 0 || math.IsNaN(n):
			return 0, false
		case n > maxHeaderWait.Seconds(): // +Inf too: a wait nobody sits through, not no wait
			return maxHeaderWait, true
		}
		return time.Duration(n * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return clampWait(t.Sub(now)), true
	}
	return 0, false
}

func headerInt(h http.Header, name string) (int, bool) {
	v := strings.TrimSpace(h.Get(name))
	if v == "" {
		return 0, false
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || n < 0 || math.IsNaN(n) || n > math.MaxInt32 {
		return 0, false
	}
	return int(n), true
}
