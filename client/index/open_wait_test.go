package index

import (
	"context"
	"errors"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestALockWaitEndsWithItsContext: a read that waits for a file another holder keeps
// locked ends when its context does, with the context's error, not when the store's
// own wait (ten seconds) runs out.
func TestALockWaitEndsWithItsContext(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	held, err := bolt.Open(s.Path(), 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = held.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = s.State(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v, want the context's end", err)
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("waited %v after the context ended", waited)
	}
}
