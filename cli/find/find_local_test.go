package find_test

import (
	"context"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/find"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFindAcrossSetKeepsToItsOwnSignIn: a set kept to the run's sign-in (as the MCP
// server names one) does not read another profile's local index, though the file is
// there to read without a sign-in: that member fails, saying why, and only the
// sign-in's own sub-accounts are searched.
func TestFindAcrossSetKeepsToItsOwnSignIn(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	h.WriteConfig(t, "[groups]\ng = [\"summit\", \"agency/LakesideFit2026Loc01\"]\n")
	for _, args := range [][]string{{"index", "--profile", "summit"}, {"index", "--profile", "agency", "--location", "LakesideFit2026Loc01"}} {
		if code, out, errOut := h.Run(nil, args...); code != cmdutil.ExitOK {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	// Not kept to one sign-in, both indexes are searched from their files.
	if code, out, errOut := h.Run(nil, "find", "sale", "--profile", "agency", "--group", "g", "--limit", "0"); code != cmdutil.ExitOK ||
		!strings.Contains(out, "summit") || !strings.Contains(out, "Lakeside Fit") {
		t.Fatalf("find across the group: exit %d\n%s%s", code, out, errOut)
	}

	ios, out, errOut := cmdutil.TestStreams("")
	f := h.Factory(ios)
	f.Flags.Profile = "agency"
	f.OwnSignIn = true
	err := find.FindRun(context.Background(), f, &find.FindOptions{Query: "sale", Limit: 0, Set: cmdutil.SetOptions{Group: "g"}})
	if cmdutil.ExitCode(err) != cmdutil.ExitAPI || strings.Contains(strings.ToLower(out.String()), "summit") || !strings.Contains(out.String(), "Lakeside Fit") {
		t.Errorf("find kept to the agency's sign-in: exit %d (%v)\n%s%s", cmdutil.ExitCode(err), err, out, errOut)
	}
	if !strings.Contains(errOut.String(), "another sign-in") {
		t.Errorf("the other profile's member is not said to be another sign-in's:\n%s", errOut)
	}
}

// A refusal the next find would meet again holds the member back; a moment's trouble
// does not.
func TestLastingFailure(t *testing.T) {
	for _, c := range []struct {
		fl   cmdutil.MemberFailure
		want bool
	}{
		{cmdutil.MemberFailure{Status: 400, Code: cmdutil.ExitAuth}, true}, // suspended
		{cmdutil.MemberFailure{Status: 403, Code: cmdutil.ExitAPI}, true},  // the app uninstalled
		{cmdutil.MemberFailure{Status: 0, Code: cmdutil.ExitAuth}, true},   // not signed in
		{cmdutil.MemberFailure{Status: 0, Code: cmdutil.ExitAPI}, false},   // no answer
		{cmdutil.MemberFailure{Status: 429, Code: cmdutil.ExitAPI}, false}, // rate limited
		{cmdutil.MemberFailure{Status: 503, Code: cmdutil.ExitAPI}, false}, // the service failing
	} {
		if got := find.LastingFailure(c.fl); got != c.want {
			t.Errorf("lastingFailure(%+v) = %v, want %v", c.fl, got, c.want)
		}
	}
}
