package login_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestAuthListKeepsTheNameAuthSwitchTakes: at 80 and 100 columns `auth list
// --sub-accounts` shows each sub-account's PROFILE/LOCATION name whole on one line
// (the name auth switch, --profile and --location take), while the base URL and the
// store give first; no line is wider than the terminal.
func TestAuthListKeepsTheNameAuthSwitchTakes(t *testing.T) {
	h, r := clitest.AgencyHome(t, sandbox.Options{})
	for _, width := range []int{80, 100} {
		var stdout, stderr clitest.AuthLockedBuffer
		ios := &cmdutil.IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr, OutTTY: true, Width: width}
		if code := cli.Run(t.Context(), h.Factory(ios), []string{"auth", "list", "--sub-accounts"}); code != cmdutil.ExitOK {
			t.Fatalf("auth list at %d: exit %d\n%s", width, code, stderr.String())
		}
		out := stdout.String()
		for _, s := range r.Server.SubAccounts()[:3] {
			name := "agency/" + s.ID
			if s.ID == r.Server.LocationID() {
				continue // the agency's own sub-account is the agency's row
			}
			found := false
			for _, line := range strings.Split(out, "\n") {
				found = found || strings.Contains(line, " "+name+" ")
			}
			if !found {
				t.Errorf("at %d columns no line shows %s whole:\n%s", width, name, out)
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if w := ansi.StringWidth(line); w > width {
				t.Errorf("a line of %d columns at %d:\n%s", w, width, line)
			}
		}
	}
}
