package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/funnelsdev/funnels/client"
)

// defaultMemberTimeout is how long a member of a set may go without the service
// answering any of its requests before it is given up, when --member-timeout does
// not say: one that never answers would otherwise hold the whole run for minutes
// of timeouts and retries.
const defaultMemberTimeout = time.Minute

// silentError is a member given up because the service answered none of its
// requests for the member timeout.
type silentError struct{ after time.Duration }

func (e *silentError) Error() string {
	return fmt.Sprintf("no answer from it for %v: given up, the others went on (--member-timeout)", e.after)
}

// watchMember is ctx for one member's work, ended with a *silentError once nothing
// answered for after: the work calls answered whenever the service answers it. A
// member making progress is never cut, however long it runs (a large index).
func watchMember(ctx context.Context, after time.Duration) (mctx context.Context, answered func(), stop func()) {
	mctx, cancel := context.WithCancelCause(ctx)
	var last atomic.Int64
	answered = func() { last.Store(time.Now().UnixNano()) }
	answered()
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(max(after/20, 10*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-mctx.Done():
				return
			case now := <-t.C:
				if now.Sub(time.Unix(0, last.Load())) >= after {
					cancel(&silentError{after: after})
					return
				}
			}
		}
	}()
	return mctx, answered, func() { close(done); cancel(nil) }
}

// onAnswer calls answered for every request of c the service answered (any status).
func onAnswer(c *client.Client, answered func()) (unsubscribe func()) {
	return c.Subscribe(func(ev client.Event) {
		if f, ok := ev.(client.RequestFinished); ok && f.Record.Status != 0 {
			answered()
		}
	})
}

// silentOr is err, or the member's silence when that is what ended it.
func silentOr(mctx context.Context, err error) error {
	var silent *silentError
	if err != nil && errors.As(context.Cause(mctx), &silent) {
		return WithExitCode(ExitAPI, silent)
	}
	return err
}
