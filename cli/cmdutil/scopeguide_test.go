package cmdutil_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestWrongLocationExit: a token that holds the scope but not the location asked
// for says so, naming the location, and exits 3 (token refused) on every surface.
func TestWrongLocationExit(t *testing.T) {
	for name, opts := range clitest.EverySurface() {
		t.Run(name, func(t *testing.T) {
			h := clitest.SignedIn(t, opts)
			h.Vars["FUNNELS_LOCATION_ID"] = "RiversideBoxingLoc03"
			h.Run("folders").Want(t, cmdutil.ExitAuth,
				"err:403 this token does not have access to location RiversideBoxingLoc03 — sign in for that sub-account or check --location")
			h.Run("redirects", "list").Want(t, cmdutil.ExitAuth, "err:location RiversideBoxingLoc03 ")
		})
	}
}

// TestScopeGuidance: a missing scope says where it is granted, for the kind of
// token: both ways for a token given by FUNNELS_TOKEN, the integration's settings
// for a stored private integration token, in its errors and in doctor.
func TestScopeGuidance(t *testing.T) {
	const (
		pitWay = "Settings → Private Integrations → edit the integration → tick funnels/redirect.write (a new token may be needed)"
		appWay = "add funnels/redirect.write to the app's scopes and sign in again"
	)
	create := []string{"redirects", "create", "--domain", "offers.lakesidefit.com", "--path", "/guide",
		"--target", "https://example.com/", "--action", "url"}

	h := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h.Vars["FUNNELS_TOKEN"] = h.SB.Server.ReadOnlyToken()
	h.Run(create...).Want(t, cmdutil.ExitAPI, "err:needs scope funnels/redirect.write",
		"err:to grant it to a private integration token: "+pitWay, "err:to an OAuth app: "+appWay)

	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	p := clitest.NewHome(t)
	p.RunWith(false, sb.Server.ReadOnlyToken()+"\n", "login", "--with-token", "--base-url", sb.URL,
		"--location", sb.Server.LocationID()).Want(t, 0)
	r := p.Run(create...).Want(t, cmdutil.ExitAPI, "err:to grant it: "+pitWay)
	// doctor remembers the refused write and says where its scope is granted.
	p.Run("doctor").Want(t, 0, "err:funnels/redirect.write is missing; to grant it: "+pitWay)
	if strings.Contains(r.Stderr, "OAuth app") {
		t.Errorf("a private integration token is told of apps:\n%s", r.Stderr)
	}
	for _, l := range strings.Split(r.Stderr, "\n") {
		if strings.Contains(l, sb.Server.ReadOnlyToken()) {
			t.Errorf("the token was printed: %s", l)
		}
	}

	// An OAuth sign-in: the guidance is for the app (the kind is what the CLI knows,
	// not what the token says).
	if got := cmdutil.ScopeGuidance("funnels/redirect.write", cmdutil.TokenKindApp); len(got) != 1 || got[0] != "to grant it: "+appWay {
		t.Errorf("app guidance %q", got)
	}
}

// TestLoginCheckOfAnotherLocation: a token checked at login against a location it
// does not hold is refused (exit 3), names the location, and nothing is stored.
func TestLoginCheckOfAnotherLocation(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewHome(t)
	h.RunWith(false, sb.Server.DemoToken()+"\n", "login", "--with-token", "--base-url", sb.URL,
		"--location", "RiversideBoxingLoc03").Want(t, cmdutil.ExitAuth,
		"err:does not have access to location RiversideBoxingLoc03", "err:nothing was stored")
	h.Run("auth", "status").Want(t, cmdutil.ExitAuth)
}
