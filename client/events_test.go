package client_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestEventsArriveInTheOrderTheyHappened runs requests side by side and checks that a
// subscriber sees the in-flight count step by one, up or down, event after event, and
// end at zero: a screen that shows the last count it was told ("1 request") must not be
// left with a stale one because two goroutines told it in the wrong order.
func TestEventsArriveInTheOrderTheyHappened(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{Limit: 100000})
	var (
		mu     sync.Mutex
		counts []int
	)
	defer c.Subscribe(func(e client.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch e := e.(type) {
		case client.RequestStarted:
			counts = append(counts, e.InFlight)
		case client.RequestFinished:
			counts = append(counts, e.InFlight)
		}
	})()
	ctx := ctxT(t)
	const workers, each = 8, 40
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range each {
				if _, _, err := c.GeoLocation(ctx); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(counts) != 2*workers*each {
		t.Fatalf("%d events for %d requests", len(counts), workers*each)
	}
	prev := 0
	for i, n := range counts {
		if n != prev+1 && n != prev-1 {
			t.Fatalf("event %d says %d in flight after %d: events out of order", i, n, prev)
		}
		prev = n
	}
	if prev != 0 {
		t.Fatalf("the last event says %d in flight, none are", prev)
	}
}

// TestIdleWaitsForRequestsUnderWay: Idle returns at once with nothing in flight, and
// only once a request under way has ended.
func TestIdleWaitsForRequestsUnderWay(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	if err := c.Idle(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	sb.Server.SetFaults(sandbox.Faults{Latency: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { _, _, _ = c.GeoLocation(ctx) }()
	for c.InFlight() == 0 {
		time.Sleep(time.Millisecond)
	}
	short, stop := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer stop()
	if err := c.Idle(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Idle with a request hanging: %v", err)
	}
	cancel()
	if err := c.Idle(ctxT(t)); err != nil || c.InFlight() != 0 {
		t.Fatalf("Idle: %v with %d in flight", err, c.InFlight())
	}
}
