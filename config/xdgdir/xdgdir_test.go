package xdgdir

import (
	"os"
	"path/filepath"
	"testing"

	"strings"
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
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(t.TempDir(), "process-config"))
	same := func(k string) string { return map[string]string{"HOME": real}[k] }
	if got := Config(same); got == os.Getenv("XDG_CONFIG_HOME") || !strings.HasPrefix(got, real) {
		t.Errorf("Config with the process's own home and no variable given = %q, want the default under %q, never the process's variable", got, real)
	}
}
