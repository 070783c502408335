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
		p.sending()
		p.answered()
	}
}

// inAWindow is a pacer of 100 requests per 10 s whose server said its window holds
// all 100, and the clock it reads.
func inAWindow() (*fakeClock, *pacer) {
	clock := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	p := newPacer(100, 10*time.Second, clock.now)
	answer(p, clock, 100)
	return clock, p
}

// answer is the server's answer to the last request p sent: remaining of 100 left in
// a window of 10 s.
func answer(p *pacer, clock *fakeClock, remaining int) {
	p.observe(RateLimit{Limit: 100, Remaining: remaining, Interval: 10 * time.Second, Observed: clock.now()}, p.sent.Load())
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
		Interval: 10 * time.Second, Observed: clock.now()}, p.sent.Load())
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
	// raise it. (A request sent once the window ended tells the next.)
	clock.add(10*time.Second + resetMargin)
	waitNow(t, p, context.Background(), 1)
	p.observe(RateLimit{Limit: 100, Remaining: 40, Reset: clock.now().Add(9 * time.Second), Observed: clock.now()}, p.sent.Load())
	p.observe(RateLimit{Limit: 100, Remaining: 90, Reset: clock.now().Add(9 * time.Second), Observed: clock.now()}, p.sent.Load())
	waitNow(t, p, context.Background(), 40)
	if !blocked(p, context.Background()) {
		t.Fatal("the window's lower count was not kept")
	}
}

// Without a reset, the interval bounds the window; an end further than twice the
// window is not believed, and the bucket paces as before; with an interval told, a
// reset past it is cut to it.
func TestPacerWindowFromIntervalAndNotFromALie(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	p := newPacer(100, 10*time.Second, clock.now)
	p.observe(RateLimit{Limit: 100, Remaining: 50, Reset: clock.now().Add(time.Hour), Observed: clock.now()}, p.sent.Load())
	if p.win.current(clock.now(), p.margin()) {
		t.Fatal("a window ending in an hour was believed")
	}
	p.observe(RateLimit{Limit: 100, Remaining: 50, Reset: clock.now().Add(time.Hour), Interval: 10 * time.Second, Observed: clock.now()}, p.sent.Load())
	if end := p.win.end.Sub(clock.now()); end != 10*time.Second {
		t.Fatalf("a reset an hour away with a 10 s interval: the window ends in %v, want 10s", end)
	}
	clock.add(10*time.Second + resetMargin)
	waitNow(t, p, context.Background(), 1)
	answer(p, clock, 30)
	waitNow(t, p, context.Background(), 30)
	if !blocked(p, context.Background()) {
		t.Fatal("the window from the interval was not kept")
	}
	clock.add(10*time.Second + resetMargin)
	if p.win.current(clock.now(), p.margin()) {
		t.Fatal("the window outlived its end")
	}
}

// An answer that arrives before the answers of requests sent ahead of it counts them
// already: they are not taken off what the window has left a second time.
func TestPacerWindowCountsEarlierRequestsOnce(t *testing.T) {
	clock, p := inAWindow()
	waitNow(t, p, context.Background(), 32)
	// The last of the 32 is answered first; the server has counted all 32.
	answer(p, clock, 68)
	waitNow(t, p, context.Background(), 68)
	if !blocked(p, context.Background()) {
		t.Fatal("a request went past the window")
	}
	// An answer to a request sent before 10 others, which the server counted before
	// them, still leaves room only for what was not sent.
	clock2, p2 := inAWindow()
	waitNow(t, p2, context.Background(), 11)
	p2.observe(RateLimit{Limit: 100, Remaining: 99, Interval: 10 * time.Second, Observed: clock2.now()}, 1)
	waitNow(t, p2, context.Background(), 89)
	if !blocked(p2, context.Background()) {
		t.Fatal("the requests sent after the answered one were not taken off")
	}
}

// When the server has counted more of the window than we sent, someone else shares
// it: what is left goes down by the difference.
func TestPacerWindowSharedWithAnother(t *testing.T) {
	clock, p := inAWindow()
	waitNow(t, p, context.Background(), 10)
	answer(p, clock, 70)
	waitNow(t, p, context.Background(), 70)
	if !blocked(p, context.Background()) {
		t.Fatal("the requests another sent into the window were not taken off")
	}
}

// In a large window the background leaves a screen's worth of requests for the user,
// not the bucket's reserve (23 of a burst of 25).
func TestPacerWindowReserveIsAScreensWorth(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	p := newPacer(500, time.Second, clock.now)
	p.observe(RateLimit{Limit: 500, Remaining: 500, Interval: time.Second, Observed: clock.now()}, p.sent.Load())
	bg := Background(context.Background())
	waitNow(t, p, bg, 500-windowReserve)
	if !blocked(p, bg) {
		t.Fatal("the background spent the user's reserve")
	}
	waitNow(t, p, context.Background(), windowReserve)
	if !blocked(p, context.Background()) {
		t.Fatal("a request went past the window")
	}
}

// An answer that comes after the window ended, to a request sent while it stood,
// does not tell the next window: its few remaining would hold every request until
// that window's end. A request sent since does.
func TestPacerWindowStragglerDoesNotTellTheNext(t *testing.T) {
	clock, p := inAWindow()
	waitNow(t, p, context.Background(), 98)
	straggler := p.sent.Load()
	clock.add(10*time.Second + resetMargin)
	p.observe(RateLimit{Limit: 100, Remaining: 2, Interval: 10 * time.Second, Observed: clock.now()}, straggler)
	if p.win.current(clock.now(), p.margin()) {
		t.Fatal("a straggler of the window before told the next")
	}
	// Nor does a straggler's 0 hold the next window's requests.
	p.observe(RateLimit{Limit: 100, Remaining: 0, Interval: 10 * time.Second, Observed: clock.now()}, straggler)
	waitNow(t, p, context.Background(), 1)
	answer(p, clock, 99)
	waitNow(t, p, context.Background(), 99)
	if !blocked(p, context.Background()) {
		t.Fatal("a request went past the next window")
	}
}

// A later request's answer saying far more remain than the window had left tells a
// new window, before ours was believed to end (the server's began earlier than we
// reckoned); one saying a little more is of the same window (answers cross) and
// leaves what is left as it was.
func TestPacerWindowNewByItsRemaining(t *testing.T) {
	clock, p := inAWindow()
	waitNow(t, p, context.Background(), 60)
	answer(p, clock, 40)
	clock.add(2 * time.Second)
	waitNow(t, p, context.Background(), 10)
	answer(p, clock, 40+50)
	if left := p.win.left; left != 30 {
		t.Fatalf("an answer within the slack of crossing answers changed what is left: %d, want 30", left)
	}
	waitNow(t, p, context.Background(), 1)
	answer(p, clock, 99)
	if left := p.win.left; left != 99 {
		t.Fatalf("a later answer with 99 remaining did not begin a new window: %d left, want 99", left)
	}
	if end := p.win.end.Sub(clock.now()); end != 10*time.Second {
		t.Fatalf("the new window ends in %v, want 10s", end)
	}
}
