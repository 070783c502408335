package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestWrongLocationExit: a token that holds the scope but not the location asked
// for says so, naming the location, and exits 3 (token refused) on every surface.
func TestWrongLocationExit(t *testing.T) {
	for name, opts := range everySurface() {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, opts)
			h.vars["FUNNELS_LOCATION_ID"] = "RiversideBoxingLoc03"
			h.run("folders").want(t, ExitAuth,
				"err:403 this token does not have access to location RiversideBoxingLoc03 — sign in for that sub-account or check --location")
			h.run("redirects", "list").want(t, ExitAuth, "err:location RiversideBoxingLoc03 ")
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

	h := signedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h.vars["FUNNELS_TOKEN"] = h.sb.Server.ReadOnlyToken()
	h.run(create...).want(t, ExitAPI, "err:needs scope funnels/redirect.write",
		"err:to grant it to a private integration token: "+pitWay, "err:to an OAuth app: "+appWay)

	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	p := newHome(t)
	p.runWith(false, sb.Server.ReadOnlyToken()+"\n", "login", "--with-token", "--base-url", sb.URL,
		"--location", sb.Server.LocationID()).want(t, 0)
	r := p.run(create...).want(t, ExitAPI, "err:to grant it: "+pitWay)
	// doctor remembers the refused write and says where its scope is granted.
	p.run("doctor").want(t, 0, "err:funnels/redirect.write is missing; to grant it: "+pitWay)
	if strings.Contains(r.stderr, "OAuth app") {
		t.Errorf("a private integration token is told of apps:\n%s", r.stderr)
	}
	for _, l := range strings.Split(r.stderr, "\n") {
		if strings.Contains(l, sb.Server.ReadOnlyToken()) {
			t.Errorf("the token was printed: %s", l)
		}
	}

	// An OAuth sign-in: the guidance is for the app (the kind is what the CLI knows,
	// not what the token says).
	if got := scopeGuidance("funnels/redirect.write", tokenKindApp); len(got) != 1 || got[0] != "to grant it: "+appWay {
		t.Errorf("app guidance %q", got)
	}
}

// TestLoginCheckOfAnotherLocation: a token checked at login against a location it
// does not hold is refused (exit 3), names the location, and nothing is stored.
func TestLoginCheckOfAnotherLocation(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	h := newHome(t)
	h.runWith(false, sb.Server.DemoToken()+"\n", "login", "--with-token", "--base-url", sb.URL,
		"--location", "RiversideBoxingLoc03").want(t, ExitAuth,
		"err:does not have access to location RiversideBoxingLoc03", "err:nothing was stored")
	h.run("auth", "status").want(t, ExitAuth)
}
