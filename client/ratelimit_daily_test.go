package client_test

import (
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// clock is a time both a sandbox and a client read, moved by the test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

// TestDailyLimitStops: a 429 that says the day's requests are used up is not
// retried — whatever its Retry-After says, no retry passes today — and ends the call
// at once with a *RateLimitError that is Daily and says when the day resets, in
// local time and from now; the next call stops the same way.
func TestDailyLimitStops(t *testing.T) {
	clk := &clock{t: time.Date(2026, 4, 1, 10, 0, 0, 0, time.Local)}
	c, sb := newTestClient(t, sandbox.Options{Now: clk.Now, Faults: sandbox.Faults{DailyLimit: 2}},
		func(o *client.Options) { o.Now = clk.Now })
	ctx := ctxT(t)
	if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{}); err != nil {
		t.Fatal(err)
	}
	clk.Add(20*time.Hour + 48*time.Minute)
	if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		_, resp, err := c.ListFunnels(ctx, client.ListFunnelsParams{})
		var rl *client.RateLimitError
		if !errors.As(err, &rl) || !rl.Daily || !errors.Is(err, client.ErrDailyLimit) || !errors.Is(err, client.ErrRateLimited) {
			t.Fatalf("err %v", err)
		}
		if want := clk.Now().Add(3*time.Hour + 12*time.Minute); !rl.Until.Equal(want) {
			t.Errorf("Until %v, want %v", rl.Until, want)
		}
		if want := "429 the day's requests are used up — they reset at 10:00, in 3 h 12 min"; rl.Summary() != want {
			t.Errorf("Summary\n got %q\nwant %q", rl.Summary(), want)
		}
		if resp == nil || resp.Attempts != 1 || resp.Rate.DailyRemaining != 0 || !resp.Rate.DailySpent() {
			t.Errorf("response %+v", resp)
		}
	}
	if n, statuses := countRequests(sb, http.MethodGet, "/funnels/funnel/list"); n != 4 {
		t.Errorf("%d requests (%v), want 4: a spent day is not retried", n, statuses)
	}
}

// TestDailyResetRead: X-RateLimit-Daily-Reset is milliseconds from now, or an epoch
// in milliseconds or seconds; a 429 without it, or one that names no remaining day,
// words itself accordingly.
func TestDailyResetRead(t *testing.T) {
	now := time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Time{
		"11520000":                      now.Add(3*time.Hour + 12*time.Minute),
		"1775095200000":                 time.UnixMilli(1775095200000),
		"1775095200":                    time.Unix(1775095200, 0),
		"Thu, 02 Apr 2026 02:00:00 GMT": time.Date(2026, 4, 2, 2, 0, 0, 0, time.UTC),
	} {
		h := http.Header{"X-Ratelimit-Daily-Reset": {v}, "X-Ratelimit-Daily-Remaining": {"0"}}
		rl, ok := client.ParseRateLimit(h, now)
		if !ok || !rl.DailyReset.Equal(want) || !rl.DailySpent() {
			t.Errorf("%q: %+v, want %v", v, rl, want)
		}
	}
	for _, v := range []string{"-5", "NaN", "soon", "1e400"} {
		if rl, _ := client.ParseRateLimit(http.Header{"X-Ratelimit-Daily-Reset": {v}}, now); !rl.DailyReset.IsZero() {
			t.Errorf("%q read as %v", v, rl.DailyReset)
		}
	}
	if rl, ok := client.ParseRateLimit(http.Header{}, now); ok || rl.DailySpent() {
		t.Error("no headers say the day is spent")
	}
}
