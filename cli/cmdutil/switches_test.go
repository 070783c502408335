package cmdutil_test

import (
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// FUNNELS_READONLY in any spelling of on, or a value that is no switch at all, keeps
// every write from being sent; the other switches refuse a value they cannot read.
func TestSwitchSpellingsFromTheEnvironment(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	for _, v := range []string{"y", "Y", "enabled", "2", "readonly"} {
		h.Vars["FUNNELS_READONLY"] = v
		h.Run("folder", "create", "--name", "x").Want(t, cmdutil.ExitUsage, "err:read-only mode is on")
		if w := clitest.WritesSent(h.SB); len(w) > 0 {
			t.Errorf("FUNNELS_READONLY=%s sent %v", v, w)
		}
	}
	h.Vars["FUNNELS_READONLY"] = "readonly"
	h.Run("folders").Want(t, cmdutil.ExitOK, "err:warning: FUNNELS_READONLY", "err:read-only is on")
	delete(h.Vars, "FUNNELS_READONLY")

	for _, name := range []string{"FUNNELS_DEBUG", "FUNNELS_INSECURE_STORAGE"} {
		h.Vars[name] = "sometimes"
		h.Run("folders").Want(t, cmdutil.ExitUsage, "err:"+name, "err:enabled/disabled")
		delete(h.Vars, name)
	}
	h.Vars["FUNNELS_DEBUG"] = "off"
	h.Run("folders").Want(t, cmdutil.ExitOK, "Lead Generation")
}
