package cli

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// TestVersionCatchesNoSignal: --version and --help are answered before any command
// runs and never ask their context anything, so the signals are not caught (nor their
// thread started) for them; a command that runs has them caught before it starts.
func TestVersionCatchesNoSignal(t *testing.T) {
	for _, c := range []struct {
		args   []string
		caught bool
		out    string
	}{
		{[]string{"--version"}, false, "funnels 9.9.9-test\n"},
		{[]string{"-v"}, false, "funnels 9.9.9-test\n"},
		{[]string{"--help"}, false, "USAGE"},
		{[]string{"version"}, true, "funnels 9.9.9-test\n"},
	} {
		ctx := newInterruptible(context.Background())
		ios, out, _ := cmdutil.TestStreams("")
		f := cmdutil.NewFactory(ios, func(string) string { return "" }, "9.9.9-test")
		if code := Run(ctx, f, c.args); code != 0 || !strings.Contains(out.String(), c.out) {
			t.Errorf("%v: exit %d, %q", c.args, code, out.String())
		}
		if caught := ctx.ctx != nil; caught != c.caught {
			t.Errorf("%v: the signals caught: %v, want %v", c.args, caught, c.caught)
		}
		ctx.release()
	}
}

// TestInterruptEndsWhatWaitsOnIt: a context made from the run's is done on SIGTERM,
// and the run's own is done once released.
func TestInterruptEndsWhatWaitsOnIt(t *testing.T) {
	ctx := newInterruptible(context.Background())
	child, cancel := context.WithCancel(ctx) // asks: the signals are caught from here
	defer cancel()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-child.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("SIGTERM did not end the context made from the run's")
	}
	ctx.release()
	if ctx.Err() == nil {
		t.Error("the run's context is not done after release")
	}
}

// TestReleasedUnaskedIsDone: a context never asked before the run ended is done for
// whatever asks it after.
func TestReleasedUnaskedIsDone(t *testing.T) {
	ctx := newInterruptible(context.Background())
	ctx.release()
	select {
	case <-ctx.Done():
	default:
		t.Error("released and never asked: not done")
	}
}
