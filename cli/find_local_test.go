package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFindAcrossSetKeepsToItsOwnSignIn: a set kept to the run's sign-in (as the MCP
// server names one) does not read another profile's local index, though the file is
// there to read without a sign-in: that member fails, saying why, and only the
// sign-in's own sub-accounts are searched.
func TestFindAcrossSetKeepsToItsOwnSignIn(t *testing.T) {
	h, _ := agencyHome(t, sandbox.Options{})
	h.writeConfig(t, "[groups]\ng = [\"summit\", \"agency/LakesideFit2026Loc01\"]\n")
	for _, args := range [][]string{{"index", "--profile", "summit"}, {"index", "--profile", "agency", "--location", "LakesideFit2026Loc01"}} {
		if code, out, errOut := h.run(nil, args...); code != ExitOK {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	// Not kept to one sign-in, both indexes are searched from their files.
	if code, out, errOut := h.run(nil, "find", "sale", "--profile", "agency", "--group", "g", "--limit", "0"); code != ExitOK ||
		!strings.Contains(out, "summit") || !strings.Contains(out, "Lakeside Fit") {
		t.Fatalf("find across the group: exit %d\n%s%s", code, out, errOut)
	}

	ios, out, errOut := TestStreams("")
	f := h.factory(ios)
	f.Flags.Profile = "agency"
	err := findRun(context.Background(), f, &FindOptions{Query: "sale", Limit: 0, Set: SetOptions{Group: "g", OwnSignIn: true}})
	if ExitCode(err) != ExitAPI || strings.Contains(strings.ToLower(out.String()), "summit") || !strings.Contains(out.String(), "Lakeside Fit") {
		t.Errorf("find kept to the agency's sign-in: exit %d (%v)\n%s%s", ExitCode(err), err, out, errOut)
	}
	if !strings.Contains(errOut.String(), "another sign-in") {
		t.Errorf("the other profile's member is not said to be another sign-in's:\n%s", errOut)
	}
}

// A refusal the next find would meet again holds the member back; a moment's trouble
// does not.
func TestLastingFailure(t *testing.T) {
	for _, c := range []struct {
		fl   memberFailure
		want bool
	}{
		{memberFailure{Status: 400, code: ExitAuth}, true}, // suspended
		{memberFailure{Status: 403, code: ExitAPI}, true},  // the app uninstalled
		{memberFailure{Status: 0, code: ExitAuth}, true},   // not signed in
		{memberFailure{Status: 0, code: ExitAPI}, false},   // no answer
		{memberFailure{Status: 429, code: ExitAPI}, false}, // rate limited
		{memberFailure{Status: 503, code: ExitAPI}, false}, // the service failing
	} {
		if got := lastingFailure(c.fl); got != c.want {
			t.Errorf("lastingFailure(%+v) = %v, want %v", c.fl, got, c.want)
		}
	}
}
