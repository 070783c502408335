package cmdutil_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestSuspendedSubAccountAdvice: a suspended sub-account is told as inactive in
// HighLevel, with what helps (reactivate it there, or leave it out of the set) and
// never "sign in again" — by doctor of one (an agency's minted token and a
// sub-account's own token alike), by doctor across a set, and by any other command.
func TestSuspendedSubAccountAdvice(t *testing.T) {
	h, r := clitest.AgencyHome(t, sandbox.Options{})
	r.Server.SetSuspended("RiversideBoxingLoc03", true)
	r.Server.SetSuspended("SummitStrengthLoc002", true)
	advised := func(what, errOut string) {
		t.Helper()
		if !strings.Contains(errOut, "inactive in HighLevel: reactivate it there (or leave it out of the set)") {
			t.Errorf("%s does not say what helps:\n%s", what, errOut)
		}
		if strings.Contains(errOut, "sign in again with") || strings.Contains(errOut, "funnels login") {
			t.Errorf("%s advises signing in again:\n%s", what, errOut)
		}
	}

	code, out, errOut := h.Run(nil, "doctor", "--profile", "agency", "--location", "RiversideBoxingLoc03")
	if code == cmdutil.ExitOK || !strings.Contains(errOut, "400") {
		t.Errorf("doctor of a suspended sub-account of the agency: exit %d\n%s%s", code, out, errOut)
	}
	advised("doctor (agency)", errOut)

	code, out, errOut = h.Run(nil, "doctor", "--profile", "summit")
	if code == cmdutil.ExitOK || !strings.Contains(errOut, "400") {
		t.Errorf("doctor with a suspended sub-account's own token: exit %d\n%s%s", code, out, errOut)
	}
	advised("doctor (own token)", errOut)

	code, out, errOut = h.Run(nil, "doctor", "--profile", "agency", "--location", "LakesideFit2026Loc01,RiversideBoxingLoc03")
	if code != cmdutil.ExitAPI || !strings.Contains(errOut, "Riverside Boxing Club (RiversideBoxingLoc03) [400]") {
		t.Errorf("doctor across a set with one suspended: exit %d, want 1\n%s%s", code, out, errOut)
	}
	advised("doctor across a set", errOut)

	code, out, errOut = h.Run(nil, "folders", "--profile", "summit")
	if code == cmdutil.ExitOK {
		t.Errorf("folders of a suspended sub-account: exit 0\n%s%s", out, errOut)
	}
	advised("folders (own token)", errOut)
}
