package cli

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// interruptible is the context of the program's run: done once the process is told
// to stop (an interrupt or SIGTERM). The signals are caught once a command is about
// to run (the root's hook after parsing), or earlier if anything asks the context
// anything: catching them starts a thread and a goroutine of the runtime's, most of a
// millisecond that --version and --help, which cobra answers before any hook, would
// pay for nothing. Until then an interrupt ends the process as it ends any program.
type interruptible struct {
	parent context.Context
	once   sync.Once
	ctx    context.Context
	stop   context.CancelFunc
}

func newInterruptible(parent context.Context) *interruptible {
	return &interruptible{parent: parent}
}

// caught is the context that the signals cancel, catching them on the first call.
func (c *interruptible) caught() context.Context {
	c.once.Do(func() { c.ctx, c.stop = signal.NotifyContext(c.parent, os.Interrupt, syscall.SIGTERM) })
	return c.ctx
}

func (c *interruptible) Deadline() (time.Time, bool) { return c.caught().Deadline() }
func (c *interruptible) Done() <-chan struct{}       { return c.caught().Done() }
func (c *interruptible) Err() error                  { return c.caught().Err() }
func (c *interruptible) Value(key any) any           { return c.caught().Value(key) }

// release ends the run: the signals are no longer caught, and the context is done
// for anything that still holds it.
func (c *interruptible) release() {
	c.once.Do(func() { c.ctx, c.stop = context.WithCancel(c.parent) })
	c.stop()
}
