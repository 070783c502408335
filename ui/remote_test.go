package ui

import (
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// Served over the team server, the status bar says how many sessions share the
// sub-account while others do, and nothing while the session is alone.
func TestStatusBarSaysHowManySessionsShareTheSubAccount(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	var sessions atomic.Int64
	sessions.Store(3)
	asked := ""
	h := newHarness(t, Options{Client: c, LocationID: sb.Server.LocationID(), Remote: &Remote{Sharing: func(loc string) int {
		asked = loc
		return int(sessions.Load())
	}}}, 100, 30)
	h.waitFor("Lead Generation", "3 sessions")
	if asked != sb.Server.LocationID() {
		t.Fatalf("the bar asked about %q, want the shown sub-account %q", asked, sb.Server.LocationID())
	}
	sessions.Store(1)
	h.press("j")
	h.waitUntil("no sessions said", func(scr string) bool { return !strings.Contains(scr, "sessions") })
}
