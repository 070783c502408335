package xdgdir

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/adrg/xdg"
)

func TestFoldersFollowTheGivenEnvironment(t *testing.T) {
	real, err := os.UserHomeDir()
	if err != nil || real == "" {
		t.Skip("no home directory to compare with")
	}
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "state")}
	getenv := func(k string) string { return env[k] }
	if got := State(getenv); got != filepath.Join(home, "state") {
		t.Errorf("State = %q, want the variable given", got)
	}
	for name, got := range map[string]string{"Config": Config(getenv), "Cache": Cache(getenv)} {
		rel, err := filepath.Rel(home, got)
		if err != nil || rel == "." || filepath.IsAbs(rel) || rel[:2] == ".." {
			t.Errorf("%s = %q, want a folder under the given HOME %q (never the process's %q)", name, got, home, real)
		}
	}
	env["XDG_CACHE_HOME"] = "relative/cache"
	if got := Cache(getenv); filepath.Dir(filepath.Dir(got)) != home && filepath.Dir(got) != home {
		t.Errorf("a relative XDG_CACHE_HOME: Cache = %q, want the default under %q", got, home)
	}
	same := func(k string) string { return map[string]string{"HOME": real}[k] }
	if got := Cache(same); got != xdg.CacheHome {
		t.Errorf("Cache with the process's own home = %q, want adrg/xdg's %q", got, xdg.CacheHome)
	}
}
