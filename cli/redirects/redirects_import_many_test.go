package redirects_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestRedirectsImportAcrossNamedSet: one file for two gyms; each gym's plan adds its
// own row and refuses the other's (a domain it does not have), each under its
// name; one question names the changes and the sub-accounts; yes sends each gym its
// own row, and nothing reaches the gym left out of the set.
func TestRedirectsImportAcrossNamedSet(t *testing.T) {
	h, r := clitest.AgencyHome(t, sandbox.Options{})
	file := clitest.WriteFile(t, "moving.csv", "domain,path,target,action\n"+
		"join.lakesidefit.com,/fanout-lake,https://join.lakesidefit.com/free-trial-landing,url\n"+
		"join.summitstrength.com,/fanout-summit,https://join.summitstrength.com/open-house-landing,url\n")
	args := []string{"redirects", "import", file, "--profile", "agency", "--location", "LakesideFit2026Loc01,SummitStrengthLoc002"}

	code, out, errOut := h.Run(nil, args...)
	if code != cmdutil.ExitUsage || !strings.Contains(errOut, "add --yes to send the 2 writes to 2 sub-accounts") {
		t.Fatalf("without a terminal or --yes: exit %d\n%s%s", code, out, errOut)
	}
	r.Server.ResetLog()

	var stdout, stderr clitest.AuthLockedBuffer
	ios := &cmdutil.IOStreams{In: strings.NewReader("y\n"), Out: &stdout, ErrOut: &stderr, OutTTY: true, InTTY: true, Width: 160}
	code = cli.Run(context.Background(), h.Factory(ios), args)
	out, errOut = stdout.String(), stderr.String()
	if code != cmdutil.ExitOK {
		t.Fatalf("import across the set: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"SUB-ACCOUNT", "Lakeside Fit", "Summit Strength", "+ add", "! refused",
		"Lakeside Fit: Plan: 1 to add, 0 to change, 0 to delete, 0 the same, 1 refused"} {
		if !strings.Contains(out, want) {
			t.Errorf("the plan lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "Send 2 writes (+2 ~0 −0) to 2 sub-accounts? [y/N]") {
		t.Errorf("the question:\n%s", errOut)
	}
	sent := map[string]int{}
	for _, req := range r.Server.Requests() {
		if req.Method != http.MethodGet && strings.HasPrefix(req.Path, "/funnels/lookup/redirect") {
			for _, loc := range []string{"LakesideFit2026Loc01", "SummitStrengthLoc002", "RiversideBoxingLoc03"} {
				if strings.Contains(req.Body+req.Query, loc) {
					sent[loc]++
				}
			}
		}
	}
	if sent["LakesideFit2026Loc01"] != 1 || sent["SummitStrengthLoc002"] != 1 || sent["RiversideBoxingLoc03"] != 0 {
		t.Fatalf("writes by sub-account: %v (want one each to the two named, none elsewhere)", sent)
	}
	if code, out, errOut := h.Run(nil, "redirects", "list", "--profile", "agency", "--location", "SummitStrengthLoc002,RiversideBoxingLoc03", "--search", "fanout"); code != cmdutil.ExitOK ||
		!strings.Contains(out, "/fanout-summit") || strings.Contains(out, "/fanout-lake") || strings.Count(out, "fanout-") != 1 {
		t.Fatalf("after the import: exit %d\n%s%s", code, out, errOut)
	}
}
