package sandbox

import (
	"strconv"
	"testing"
	"time"
)

// TestDailyLimitSpent: with a day of 3 requests (Faults.DailyLimit), the fourth is
// a 429 that says the day is used up — Daily-Remaining 0 and Daily-Reset, the
// milliseconds to the day's end — while its Retry-After names only the window, as
// a gateway would; every request is refused so until the day ends, and refusals
// spend nothing.
func TestDailyLimitSpent(t *testing.T) {
	clock := newFakeClock()
	r := startT(t, Options{Limit: 100, Window: 10 * time.Second, Now: clock.Now, Faults: Faults{DailyLimit: 3}})
	c := newTC(t, r)
	const path = "/funnels/funnel/list"
	for i := 1; i <= 3; i++ {
		res := c.get(path).hasStatus(t, 200)
		if res.header1("X-RateLimit-Limit-Daily") != "3" || res.header1("X-RateLimit-Daily-Remaining") != strconv.Itoa(3-i) ||
			res.header1("X-RateLimit-Daily-Reset") != "" {
			t.Fatalf("request %d: %v", i, res.header)
		}
	}
	clock.Add(time.Hour)
	for range 2 {
		res := c.get(path)
		res.wantError(t, 429, "the daily limit of 3 requests is reached")
		if res.header1("X-RateLimit-Daily-Remaining") != "0" || res.header1("X-RateLimit-Daily-Reset") != strconv.FormatInt((23*time.Hour).Milliseconds(), 10) ||
			res.header1("Retry-After") == "" || res.header1("X-RateLimit-Remaining") != "100" {
			t.Fatalf("429 headers: %v", res.header)
		}
	}
	c.as(r.Server.ReadOnlyToken()).get(path).hasStatus(t, 200) // another token's day
	clock.Add(23 * time.Hour)
	if res := c.get(path).hasStatus(t, 200); res.header1("X-RateLimit-Daily-Remaining") != "2" {
		t.Fatalf("a new day: %v", res.header)
	}

	// The control API sets it, and reads it back; 0 is the service's.
	m := c.post("/_sandbox/faults?daily_limit=5", nil).hasStatus(t, 200).obj(t)
	if m["daily_limit"] != float64(5) || r.Server.Faults().DailyLimit != 5 {
		t.Fatalf("faults %v", m)
	}
	c.post("/_sandbox/faults?daily_limit=-1", nil).hasStatus(t, 400)
	c.post("/_sandbox/faults", nil).hasStatus(t, 200)
	if res := c.get(path).hasStatus(t, 200); res.header1("X-RateLimit-Limit-Daily") != "200000" {
		t.Fatalf("the service's day: %v", res.header)
	}
}
