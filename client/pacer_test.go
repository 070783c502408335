package client

import (
	"testing"
	"time"
)

// The pacing figure of `make bench` (bench_figures_test.go in the root package) runs
// 1,000 requests against the sandbox at its limit. What makes it pass is the bucket:
// this checks its two promises without the wait.

// TestBucketLeavesOneAndKeepsNinetyPercent: from a limit of 20 up, the bucket never
// fills a window (b + r·W ≤ limit − 1, so a server that counts one request early
// still says one remains and the reset gate stays shut), and its steady rate, what a
// long run gets once the burst is spent, is at least 90% of the limit.
func TestBucketLeavesOneAndKeepsNinetyPercent(t *testing.T) {
	for _, c := range []struct {
		limit  int
		window time.Duration
	}{{20, time.Second}, {100, time.Second}, {100, 10 * time.Second}, {120, time.Minute}, {1000, 10 * time.Second}} {
		r, b := bucketFor(c.limit, c.window)
		perWindow := float64(r) * c.window.Seconds()
		if admitted := perWindow + float64(b); admitted > float64(c.limit-1)+1e-9 {
			t.Errorf("%d/%v: rate %v burst %d admit %.2f in one window, more than %d", c.limit, c.window, r, b, admitted, c.limit-1)
		}
		if perWindow < 0.9*float64(c.limit) {
			t.Errorf("%d/%v: a long run gets %.1f per window, under 90%% of %d", c.limit, c.window, perWindow, c.limit)
		}
	}
}

// TestAnAbsurdWindowIsNotBelieved: an X-RateLimit-Interval-Milliseconds of 24 days
// changes neither the bucket nor how long a 429 may be waited out.
func TestAnAbsurdWindowIsNotBelieved(t *testing.T) {
	c, err := New(Options{BaseURL: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	c.pacer.observe(RateLimit{Limit: 100, Remaining: 50, Interval: 2147483647 * time.Millisecond}, c.pacer.sent.Load())
	if got := c.longestWait(); got != 10*time.Second+time.Minute {
		t.Fatalf("longest wait %v after a window of 24 days", got)
	}
	c.pacer.observe(RateLimit{Limit: 100, Remaining: 50, Interval: 20 * time.Second}, c.pacer.sent.Load())
	if got := c.longestWait(); got != 20*time.Second+time.Minute {
		t.Fatalf("longest wait %v after a window of 20 s", got)
	}
}

// TestALyingLimitKeepsAFloor: one answer claiming one request an hour neither paces
// the crawl at one an hour nor lets a 429 be waited out for an hour.
func TestALyingLimitKeepsAFloor(t *testing.T) {
	c, err := New(Options{BaseURL: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	c.pacer.observe(RateLimit{Limit: 1, Remaining: 1, Interval: time.Hour}, c.pacer.sent.Load())
	if got := c.pacer.limiter.Limit(); float64(got) < 1.0/60 {
		t.Errorf("paced at %.5f requests a second after a claim of one an hour", float64(got))
	}
	if got := c.longestWait(); got > 2*time.Minute {
		t.Errorf("a 429 may be waited out for %v", got)
	}
	c.pacer.observe(RateLimit{Limit: 1, Remaining: 1, Interval: maxWindow}, c.pacer.sent.Load())
	if got := c.pacer.limiter.Limit(); float64(got) < 1/maxWindow.Seconds()-1e-9 {
		t.Errorf("paced at %.5f requests a second, under one a minute", float64(got))
	}
}
