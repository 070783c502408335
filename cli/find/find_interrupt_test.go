package find_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestInterruptedFindExitsAsAnInterruptedRequest: find interrupted while it builds
// the index exits 1, as the README's table has an interrupted request, saying what
// was kept — not 4 with "context canceled".
func TestInterruptedFindExitsAsAnInterruptedRequest(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Faults: sandbox.Faults{FixedLatency: time.Second}})
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	ios, _, stderr := cmdutil.TestStreams("")
	code := cli.Run(ctx, cmdutil.NewFactory(ios, h.Getenv, "test"), []string{"find", "grow"})
	if code != cmdutil.ExitAPI || !strings.Contains(stderr.String(), "stopped part way") || strings.Contains(stderr.String(), "context") {
		t.Fatalf("exit %d, want 1 saying it stopped part way:\n%s", code, stderr.String())
	}
}
