package export_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestDiffOfTwoSubAccountsOfAnAgency: with the gym's funnels loaded into Summit as a
// snapshot and a redirect added there, diff of the two sub-accounts of one agency
// sign-in (location:ID) names that redirect and nothing else; the same sub-account
// twice is no difference; it is coloured on a terminal; a spelling it cannot read
// exits 2.
func TestDiffOfTwoSubAccountsOfAnAgency(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{Limit: 1000, Window: time.Second})
	const lakeside, summit = "LakesideFit2026Loc01", "SummitStrengthLoc002"
	if err := r.Server.LoadSnapshot(lakeside, summit); err != nil {
		t.Fatal(err)
	}
	h := clitest.NewAuthHome(t)
	if code, stderr := h.LoginByPaste(clitest.AgencyLoginArgs(r)); code != cmdutil.ExitOK {
		t.Fatalf("login --agency: exit %d\n%s", code, stderr)
	}
	code, out, errOut := h.Run(nil, "redirects", "create", "--profile", "agency", "--location", summit, "--domain", "offers.lakesidefit.com",
		"--path", "/client-only", "--target", "https://offers.lakesidefit.com/spring-sale-opt-in", "--action", "funnel")
	if code != cmdutil.ExitOK {
		t.Fatalf("redirects create: %d\n%s%s", code, out, errOut)
	}

	code, out, errOut = h.Run(nil, "diff", "location:"+lakeside, "location:"+summit, "--profile", "agency", "--exit-code")
	if code != cmdutil.ExitAPI || !strings.Contains(out, "1 difference: 1 added, 0 removed, 0 changed") ||
		!strings.Contains(out, "+ redirect offers.lakesidefit.com/client-only") {
		t.Fatalf("diff of the two sub-accounts: exit %d\n%s%s", code, out, errOut)
	}
	for _, line := range strings.Split(out, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("a line wider than 80 columns: %q", line)
		}
	}
	h.Vars["TERM"], h.Vars["CLICOLOR_FORCE"] = "xterm-256color", "1" // the test's buffer is no terminal of its own
	if _, out, _ := h.Run(nil, "diff", "location:"+lakeside, "location:"+summit, "--profile", "agency"); !strings.Contains(out, "\x1b[") {
		t.Errorf("no colour on a terminal:\n%q", out)
	}
	delete(h.Vars, "CLICOLOR_FORCE")
	code, out, errOut = h.Run(nil, "diff", "location:"+summit, "@cached", "--profile", "agency", "--location", summit, "--exit-code")
	if code != cmdutil.ExitOK || !strings.Contains(out, "No differences") {
		t.Errorf("a sub-account and its own index: exit %d\n%s%s", code, out, errOut)
	}
	for _, spec := range []string{"profile:", "location:", "@yesterday", filepath.Join(t.TempDir(), "none")} {
		if code, _, errOut := h.Run(nil, "diff", spec, "@cached", "--profile", "agency"); code != cmdutil.ExitUsage {
			t.Errorf("diff %s: exit %d, want %d\n%s", spec, code, cmdutil.ExitUsage, errOut)
		}
	}
}
