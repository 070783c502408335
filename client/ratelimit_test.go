package client

import (
	"net/http"
	"testing"
	"time"
)

func TestParseRateLimitResetUnits(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	want := now.Add(7 * time.Second)
	for name, v := range map[string]string{
		"delta seconds":  "7",
		"epoch seconds":  "1795262407",
		"epoch millis":   "1795262407000",
		"http date":      want.Format(http.TimeFormat),
		"fractional sec": "7.0",
	} {
		h := http.Header{}
		h.Set("X-RateLimit-Reset", v)
		h.Set("X-RateLimit-Remaining", "3")
		r, ok := ParseRateLimit(h, now)
		if !ok {
			t.Fatalf("%s: not parsed", name)
		}
		if !r.Reset.Equal(want) {
			t.Errorf("%s: reset %v, want %v", name, r.Reset, want)
		}
		if r.ResetIn(now) != 7*time.Second {
			t.Errorf("%s: reset in %v", name, r.ResetIn(now))
		}
	}
}

func TestParseRateLimitAllHeaders(t *testing.T) {
	now := time.Now()
	h := http.Header{}
	h.Set("X-RateLimit-Max", "100")
	h.Set("X-RateLimit-Remaining", "97")
	h.Set("X-RateLimit-Interval-Milliseconds", "10000")
	h.Set("X-RateLimit-Limit-Daily", "200000")
	h.Set("X-RateLimit-Daily-Remaining", "199990")
	r, ok := ParseRateLimit(h, now)
	if !ok || r.Limit != 100 || r.Remaining != 97 || r.Interval != 10*time.Second || r.DailyLimit != 200000 || r.DailyRemaining != 199990 {
		t.Fatalf("got %+v ok=%v", r, ok)
	}
	if !r.Reset.IsZero() {
		t.Errorf("no reset header, want zero reset")
	}
	if _, ok := ParseRateLimit(http.Header{}, now); ok {
		t.Errorf("no headers must report ok=false")
	}
	bad := http.Header{}
	bad.Set("X-RateLimit-Remaining", "-5")
	bad.Set("X-RateLimit-Reset", "soon")
	if _, ok := ParseRateLimit(bad, now); ok {
		t.Errorf("garbage must not count as known")
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Now()
	if d, ok := parseRetryAfter("3", now); !ok || d != 3*time.Second {
		t.Errorf("seconds: %v %v", d, ok)
	}
	if d, ok := parseRetryAfter(now.Add(5*time.Second).UTC().Format(http.TimeFormat), now); !ok || d < 4*time.Second || d > 5*time.Second {
		t.Errorf("date: %v %v", d, ok)
	}
	if _, ok := parseRetryAfter("later", now); ok {
		t.Errorf("garbage accepted")
	}
}

func TestBucketStaysWithinTheLimit(t *testing.T) {
	for _, c := range []struct {
		limit  int
		window time.Duration
	}{{100, 10 * time.Second}, {10, time.Second}, {2, time.Second}, {7, 500 * time.Millisecond}} {
		r, b := bucketFor(c.limit, c.window)
		admitted := float64(r)*c.window.Seconds() + float64(b)
		if admitted > float64(c.limit)+1e-9 {
			t.Errorf("%d/%v: rate %v burst %d admits %.1f per window", c.limit, c.window, r, b, admitted)
		}
		if admitted < 0.9*float64(c.limit) {
			t.Errorf("%d/%v: admits only %.1f per window", c.limit, c.window, admitted)
		}
	}
}

func TestUntilTextIsAsShortAsItCanBe(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.Local)
	for _, tc := range []struct {
		until time.Time
		want  string
	}{
		{time.Date(2026, 11, 21, 14, 32, 0, 0, time.Local), "14:32"},
		{time.Date(2026, 11, 24, 8, 5, 0, 0, time.Local), "Tue 08:05"},
		{time.Date(2027, 1, 2, 8, 5, 0, 0, time.Local), "2 Jan 2027 08:05"},
	} {
		if got := untilText(tc.until, now); got != tc.want {
			t.Errorf("untilText(%v) = %q, want %q", tc.until, got, tc.want)
		}
	}
	e := &RateLimitError{APIError: &APIError{Method: "GET", Path: "/x", StatusCode: 429}, Until: time.Date(2026, 11, 21, 14, 32, 0, 0, time.Local), at: now}
	if got := e.Error(); got != "GET /x: 429 rate limited until 14:32 — try later" {
		t.Errorf("Error() = %q", got)
	}
}
