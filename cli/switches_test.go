package cli

import (
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// FUNNELS_READONLY in any spelling of on, or a value that is no switch at all, keeps
// every write from being sent; the other switches refuse a value they cannot read.
func TestSwitchSpellingsFromTheEnvironment(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	for _, v := range []string{"y", "Y", "enabled", "2", "readonly"} {
		h.vars["FUNNELS_READONLY"] = v
		h.run("folder", "create", "--name", "x").want(t, ExitUsage, "err:read-only mode is on")
		if w := writesSent(h.sb); len(w) > 0 {
			t.Errorf("FUNNELS_READONLY=%s sent %v", v, w)
		}
	}
	h.vars["FUNNELS_READONLY"] = "readonly"
	h.run("folders").want(t, ExitOK, "err:warning: FUNNELS_READONLY", "err:read-only is on")
	delete(h.vars, "FUNNELS_READONLY")

	for _, name := range []string{"FUNNELS_DEBUG", "FUNNELS_INSECURE_STORAGE"} {
		h.vars[name] = "sometimes"
		h.run("folders").want(t, ExitUsage, "err:"+name, "err:enabled/disabled")
		delete(h.vars, name)
	}
	h.vars["FUNNELS_DEBUG"] = "off"
	h.run("folders").want(t, ExitOK, "Lead Generation")
}
