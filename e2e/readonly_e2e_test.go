package e2e

import (
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestReadOnlyCommands: the binary with --readonly (or FUNNELS_READONLY) exits 2 on
// a command that writes, saying so, and sends no write; reads still work.
func TestReadOnlyCommands(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	for _, args := range [][]string{
		{"folder", "create", "--name", "Spring 2027"},
		{"event", "conversion", "--event-name", "Lead", "--email", "jo@example.com"},
		{"redirects", "delete", "AAAAAAAAAAAAAAAAAAAA"},
		{"api", "POST", "/funnels/funnel/folder/create", "--data", `{"name":"x"}`},
	} {
		c.api(append(args, "--readonly")...).want(t, 2, "err:read-only mode is on", "err:nothing was sent")
		for _, r := range c.requests() {
			if client.Writes(r.Method, r.Path) {
				t.Errorf("%v sent %s %s", args, r.Method, r.Path)
			}
		}
	}
	c.api("folders", "--readonly").want(t, 0, "Lead Generation")
	c.requests()
	c.env = append(c.env, "FUNNELS_READONLY=1")
	c.api("folder", "create", "--name", "Spring 2027").want(t, 2, "err:read-only mode is on")
	c.nothingSent("FUNNELS_READONLY")
}
