package mcp_test

import (
	"encoding/json"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestMCPIndexStatusOfASetWithATokenFromTheEnvironment: served with FUNNELS_TOKEN —
// alone, then beside a default profile of another sub-account — index_status with
// location a,b finds the index the token's find built (never a profile's), and
// names no profile.
func TestMCPIndexStatusOfASetWithATokenFromTheEnvironment(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	loc, summit := h.SB.Server.LocationID(), h.SB.Server.SubAccounts()[1]
	check := func(when string) {
		t.Helper()
		s := serveMCP(t, h)
		resultOf(t, s, "find", map[string]any{"text": "trial"}) // builds the token's index
		var status struct {
			SubAccounts []struct {
				Location, Profile string
				Exists            bool
				Funnels           int
			}
		}
		if err := json.Unmarshal(resultOf(t, s, "index_status", map[string]any{"location": loc + "," + summit.ID}), &status); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range status.SubAccounts {
			if m.Profile != "" {
				t.Errorf("%s: %s is named as profile %q", when, m.Location, m.Profile)
			}
			if m.Location == loc {
				found = m.Exists && m.Funnels == 25
			}
		}
		if !found {
			t.Errorf("%s: index_status across the set: want the index of %s find built, with 25 funnels: %+v", when, loc, status.SubAccounts)
		}
	}
	check("the token alone")
	h.RunWith(false, summit.DemoToken, "login", "--profile", "clinic", "--base-url", h.SB.URL, "--location", summit.ID, "--with-token").Want(t, 0)
	check("beside a default profile")
	if files := clitest.IndexFiles(t, h); len(files) != 1 {
		t.Errorf("indexes %q, want the token's one", files)
	}
}
