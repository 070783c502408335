package client

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestBackgroundYieldsToAUserWaiting: five background requests wait on an empty
// bucket, then a user request comes: it leaves first (second at worst, should a token
// come before it starts waiting), where a queue in order of arrival would make it the
// sixth; the background requests leave after it.
func TestBackgroundYieldsToAUserWaiting(t *testing.T) {
	p := newPacer(6, time.Second, time.Now) // burst 1, then a token every 200 ms
	for p.limiter.Allow() {                 // empty the bucket
	}
	var order atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	bgDone, waiting := make(chan int64, 5), make(chan struct{}, 5)
	for range 5 {
		go func() {
			waiting <- struct{}{}
			if p.wait(Background(ctx)) == nil {
				bgDone <- order.Add(1)
			}
		}()
	}
	for range 5 {
		<-waiting
	}
	time.Sleep(20 * time.Millisecond) // let them reach the pacer; the user's turn does not depend on it
	if err := p.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	user := order.Add(1)
	if user > 2 {
		t.Fatalf("the user's request left %d., behind background requests that came before it", user)
	}
	if b := <-bgDone; b == user {
		t.Fatal("order numbers collide")
	}
}

// TestBackgroundTakesSpareTokens: alone, the background lane takes tokens as they
// come, and a cancelled context ends its wait.
func TestBackgroundTakesSpareTokens(t *testing.T) {
	p := newPacer(100, time.Second, time.Now)
	ctx := Background(context.Background())
	for range 10 {
		if err := p.wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for p.limiter.Allow() {
	}
	p.holdFor(time.Hour)
	cctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- p.wait(cctx) }()
	cancel()
	if err := <-done; err == nil {
		t.Fatal("a cancelled background wait returned nil")
	}
	if !IsBackground(ctx) || IsBackground(context.Background()) {
		t.Fatal("IsBackground does not tell the lanes apart")
	}
}

// TestBackgroundLeavesTheBurstForTheUser: however many tokens the background has
// taken, the bucket still holds its reserve (the burst less two), so a person's next
// requests leave at once.
func TestBackgroundLeavesTheBurstForTheUser(t *testing.T) {
	p := newPacer(100, time.Second, time.Now) // burst 5
	ctx := Background(context.Background())
	for range 20 {
		if err := p.wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if have := p.limiter.Tokens(); have < float64(p.limiter.Burst()-2)-0.01 {
		t.Fatalf("the background left %.2f tokens of a burst of %d", have, p.limiter.Burst())
	}
	for burst, want := range map[int]int{1: 0, 2: 1, 3: 1, 5: 3, 50: 48} {
		if got := reserve(burst); got != want {
			t.Errorf("reserve(%d) = %d, want %d", burst, got, want)
		}
	}
}
