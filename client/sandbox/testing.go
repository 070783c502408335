package sandbox

import "testing"

// StartT starts a sandbox on a random loopback port for a test and closes it in
// t.Cleanup. It fails the test if the sandbox cannot start.
func StartT(t testing.TB, opts Options) *Running {
	t.Helper()
	r, err := Start("", opts)
	if err != nil {
		t.Fatalf("start sandbox: %v", err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r
}
