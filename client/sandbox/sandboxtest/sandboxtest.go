// Package sandboxtest starts the sandbox for a test: on a random loopback port,
// closed when the test ends. It is kept apart from package sandbox so that the binary,
// which embeds the sandbox, links no testing package.
package sandboxtest

import (
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// Start starts a sandbox on a random loopback port for a test and closes it in
// t.Cleanup. It fails the test if the sandbox cannot start.
func Start(t testing.TB, opts sandbox.Options) *sandbox.Running {
	t.Helper()
	r, err := sandbox.Start("", opts)
	if err != nil {
		t.Fatalf("start sandbox: %v", err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r
}
