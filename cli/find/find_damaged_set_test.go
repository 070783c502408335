package find_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFindAcrossASetSaysWhichIndexWasDamaged: across a set, a member's index that
// cannot be read is set aside and built again as find of one does it, and the run
// says so under the member's name, as find of one says it; its matches are there.
func TestFindAcrossASetSaysWhichIndexWasDamaged(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	if code, _, errOut := h.Run(nil, "index", "--all-sub-accounts"); code != cmdutil.ExitOK {
		t.Fatalf("index: exit %d\n%s", code, errOut)
	}
	var summit string
	_ = filepath.WalkDir(filepath.Join(h.Vars["XDG_CACHE_HOME"], "funnels", "index"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".db") && strings.Contains(p, "SummitStrengthLoc002") {
			summit = p
		}
		return nil
	})
	if summit == "" {
		t.Fatal("no index of Summit Strength")
	}
	if err := os.WriteFile(summit, []byte(strings.Repeat("not a bolt file ", 512)), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := h.Run(nil, "find", "membership", "--all-sub-accounts")
	if code != cmdutil.ExitOK {
		t.Fatalf("find: exit %d\n%s%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "Summit Strength") || !strings.Contains(errOut, "damaged") {
		t.Errorf("find did not say the member's index was damaged:\n%s", errOut)
	}
	if !strings.Contains(out, "Summit Strength") {
		t.Errorf("the rebuilt member's matches are missing:\n%s", out)
	}
}
