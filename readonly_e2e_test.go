package main

import (
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestReadOnlyCommands: with --readonly (or FUNNELS_READONLY, or readonly = true in
// the config) every command that writes exits 2 saying so and sends nothing; reads
// still work.
func TestReadOnlyCommands(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	writes := [][]string{
		{"folder", "create", "--name", "Spring 2027"},
		{"step", "create", "--funnel", seedTrialFunnel, "--name", "Bonus", "--path", "/bonus"},
		{"domain", "attach", "--domain", "shop.lakesidefit.com"},
		{"event", "conversion", "--event-name", "Lead", "--email", "jo@example.com"},
		{"event", "page-view", "--funnel", seedTrialFunnel, "--step", seedTrialLanding, "--page-url", "/free-trial-landing"},
		{"api", "POST", "/funnels/funnel/folder/create", "--data", `{"name":"x"}`},
		{"api", "DELETE", "/funnels/lookup/redirect/abc"},
	}
	for _, args := range writes {
		c.api(append(args, "--readonly")...).want(t, 2, "err:read-only mode is on", "err:nothing was sent")
		for _, r := range c.requests() { // a command may read first (step create checks the path)
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
