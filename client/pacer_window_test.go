package client

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// waitNow takes n turns of the pacer that must come at once (the clock does not
// move, so the bucket could give only its burst).
func waitNow(t *testing.T, p *pacer, ctx context.Context, n int) {
	t.Helper()
	for i := range n {
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := p.wait(wctx)
		cancel()
		if err != nil {
			t.Fatalf("request %d of %d waited: %v", i+1, n, err)
		}
		p.answered()
	}
}

// blocked reports whether a turn of the pacer is refused for a short while.
func blocked(p *pacer, ctx context.Context) bool {
	wctx, cancel := context.WithTimeout(ctx, 150*time.Millisecond)
	defer cancel()
	return errors.Is(p.wait(wctx), context.DeadlineExceeded)
}

// With the server saying 100 remain in a window of 10 s, the pacer lets all of them
// go at once (the bucket alone would let 5), the background keeps the person's
// reserve, and nothing more goes until the window ends.
func TestPacerSpendsTheServersWindow(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	p := newPacer(100, 10*time.Second, clock.now)
	p.observe(RateLimit{Limit: 100, Remaining: 100, Reset: clock.now().Add(10 * time.Second),
		Interval: 10 * time.Second, Observed: clock.now()})
	bg := Background(context.Background())
	waitNow(t, p, bg, 97)
	if !blocked(p, bg) {
		t.Fatal("the background spent the person's reserve")
	}
	waitNow(t, p, context.Background(), 3)
	if !blocked(p, context.Background()) {
		t.Fatal("a request went past what the window had left")
	}
	// An answer counted by the server lowers what is left; a stale higher one does not
	// raise it.
	clock.add(10*time.Second + resetMargin)
	p.observe(RateLimit{Limit: 100, Remaining: 40, Reset: clock.now().Add(9 * time.Second), Observed: clock.now()})
	p.observe(RateLimit{Limit: 100, Remaining: 90, Reset: clock.now().Add(9 * time.Second), Observed: clock.now()})
	waitNow(t, p, context.Background(), 40)
	if !blocked(p, context.Background()) {
		t.Fatal("the window's lower count was not kept")
	}
}

// Without a reset, the interval bounds the window; an end further than twice the
// window is not believed, and the bucket paces as before.
func TestPacerWindowFromIntervalAndNotFromALie(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	p := newPacer(100, 10*time.Second, clock.now)
	p.observe(RateLimit{Limit: 100, Remaining: 50, Reset: clock.now().Add(time.Hour), Interval: 10 * time.Second, Observed: clock.now()})
	if p.win.current(clock.now()) {
		t.Fatal("a window ending in an hour was believed")
	}
	p.observe(RateLimit{Limit: 100, Remaining: 30, Interval: 10 * time.Second, Observed: clock.now()})
	waitNow(t, p, context.Background(), 30)
	if !blocked(p, context.Background()) {
		t.Fatal("the window from the interval was not kept")
	}
	clock.add(10*time.Second + resetMargin)
	if p.win.current(clock.now()) {
		t.Fatal("the window outlived its end")
	}
}
