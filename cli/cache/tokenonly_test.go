package cache_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestATokenFromTheEnvironmentIsNobodysProfile: with FUNNELS_TOKEN set and a
// profile the config file makes the default, the token's runs — one location or a
// set of them — keep their index apart from that profile's, and cache status finds
// it there, for one location and across a set, naming no profile.
func TestATokenFromTheEnvironmentIsNobodysProfile(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Limit: 1000})
	summit := h.SB.Server.SubAccounts()[1]
	h.RunWith(false, summit.DemoToken, "login", "--profile", "clinic", "--base-url", h.SB.URL, "--location", summit.ID, "--with-token").Want(t, 0)
	h.Run("config", "get", "default_profile").Want(t, 0, "clinic")

	loc := h.SB.Server.LocationID()
	h.Run("index", "--location", loc+","+loc).Want(t, 0)
	files := clitest.IndexFiles(t, h)
	if len(files) != 1 || filepath.Base(filepath.Dir(files[0])) != "-token" {
		t.Fatalf("the token's index across a set: %q, want it under -token", files)
	}

	var set struct {
		SubAccounts []struct {
			Location, Profile string
			Funnels           int
			Exists            bool
		}
	}
	h.Run("cache", "status", "--location", loc+","+loc, "--json").Decode(t, &set)
	if len(set.SubAccounts) != 1 || !set.SubAccounts[0].Exists || set.SubAccounts[0].Funnels != 25 || set.SubAccounts[0].Profile != "" {
		t.Errorf("cache status across the set: %+v", set.SubAccounts)
	}
	var one struct {
		Profile, Path string
		Funnels       int
	}
	h.Run("cache", "status", "--json").Decode(t, &one)
	if one.Funnels != 25 || one.Profile != "" || one.Path != files[0] {
		t.Errorf("cache status of the token's location: %+v", one)
	}
	h.TTY("cache", "status").Want(t, 0, "none (the token from FUNNELS_TOKEN)")

	h.Run("find", "spring sale").Want(t, 0, "Spring Sale 2026")
	if files := clitest.IndexFiles(t, h); len(files) != 1 {
		t.Errorf("find with the token made another index: %q", files)
	}
	h.Run("cache", "clear").Want(t, 0, "err:Removed the local index for the token from FUNNELS_TOKEN")
	if files := clitest.IndexFiles(t, h); len(files) != 0 {
		t.Errorf("cache clear left %q", files)
	}
	if r := h.Run("folders", "--all-profiles"); r.Code != 2 || !strings.Contains(r.Stderr, "run without FUNNELS_TOKEN") {
		t.Errorf("--all-profiles with FUNNELS_TOKEN: exit %d\n%s", r.Code, r.Stderr)
	}
}
