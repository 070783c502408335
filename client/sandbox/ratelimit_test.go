package sandbox

import (
	"strconv"
	"testing"
	"time"
)

func TestRateLimit(t *testing.T) {
	clock := newFakeClock()
	r := startT(t, Options{Limit: 3, Window: 2 * time.Second, Now: clock.Now})
	c := newTC(t, r)
	const path = "/funnels/funnel/list"

	for i := 1; i <= 3; i++ {
		res := c.get(path).hasStatus(t, 200)
		want := map[string]string{
			"X-RateLimit-Max":                   "3",
			"X-RateLimit-Remaining":             strconv.Itoa(3 - i),
			"X-RateLimit-Reset":                 "2",
			"X-RateLimit-Interval-Milliseconds": "2000",
			"X-RateLimit-Limit-Daily":           "200000",
			"X-RateLimit-Daily-Remaining":       strconv.Itoa(200000 - i),
		}
		for k, v := range want {
			if got := res.header1(k); got != v {
				t.Fatalf("request %d: %s = %q, want %q", i, k, got, v)
			}
		}
		clock.Add(300 * time.Millisecond)
	}
	// Request Limit+1 in the same window: 429 with the headers and Retry-After.
	res := c.get(path)
	res.wantError(t, 429, "Too many requests, retry after 2 seconds")
	if res.header1("Retry-After") != "2" || res.header1("X-RateLimit-Remaining") != "0" || res.header1("X-RateLimit-Max") != "3" {
		t.Fatalf("429 headers: %v", res.header)
	}
	// Other tokens have their own window.
	c.as(r.Server.ReadOnlyToken()).get(path).hasStatus(t, 200)
	// Requests refused before the limiter (401) are not counted and carry no headers.
	if h := c.as("").get(path).hasStatus(t, 401).rateHeaders(); h != "" {
		t.Fatalf("401 carries rate headers: %s", h)
	}
	// Reset rounds up: 0.9 s to go → 1 (the window is still full).
	clock.Add(200 * time.Millisecond) // 1.1 s into the window
	if got := c.get(path).hasStatus(t, 429).header1("X-RateLimit-Reset"); got != "1" {
		t.Fatalf("Reset = %s, want 1", got)
	}
	// A new window admits again.
	clock.Add(time.Second)
	res = c.get(path).hasStatus(t, 200)
	if res.header1("X-RateLimit-Remaining") != "2" || res.header1("X-RateLimit-Daily-Remaining") != "199996" {
		t.Fatalf("after reset: %v", res.header)
	}
	// Headers come on 404 and 422 answers from the handler too.
	if c.get("/funnels/page/NoSuchPage").hasStatus(t, 404).header1("X-RateLimit-Remaining") != "1" {
		t.Fatal("no rate headers on a 404 of the handler")
	}
	if c.get(path+"?limit=500").hasStatus(t, 422).header1("X-RateLimit-Remaining") != "0" {
		t.Fatal("no rate headers on a 422")
	}
}

// The tokenless conversion counts under "anonymous".
func TestRateLimitAnonymous(t *testing.T) {
	r := startT(t, Options{Limit: 2, Window: time.Minute})
	c := newTC(t, r).as("")
	body := map[string]any{"eventName": "PageView", "contact": map[string]any{}}
	c.post("/funnels/event/conversion", body).hasStatus(t, 200)
	c.post("/funnels/event/conversion", body).hasStatus(t, 200)
	c.post("/funnels/event/conversion", body).wantError(t, 429, "Too many requests")
	newTC(t, r).post("/funnels/event/conversion", body).hasStatus(t, 200) // the demo token's own bucket
}

// rateHeaders returns the names of any rate-limit headers present.
func (r *resp) rateHeaders() string {
	out := ""
	for k := range r.header {
		if len(k) > 12 && k[:12] == "X-Ratelimit-" {
			out += k + " "
		}
	}
	return out
}
