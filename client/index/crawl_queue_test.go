package index

import (
	"context"
	"testing"
	"time"
)

// Slow high-priority jobs hold at most half the workers: a ready low-priority job runs
// while they are all still under way.
func TestSlowHighJobsLeaveWorkersForLowOnes(t *testing.T) {
	q := newJobQueue()
	release := make(chan struct{})
	lowRan := make(chan struct{})
	for range 4 {
		q.push(high, func() { <-release })
	}
	q.push(low, func() { close(lowRan) })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan struct{})
	go func() { q.run(ctx, 4, func() bool { return false }); close(done) }()
	select {
	case <-lowRan:
	case <-ctx.Done():
		t.Fatal("the low job waited behind four slow high ones")
	}
	close(release)
	<-done
}
