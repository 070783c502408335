package config

import (
	"os"
	"path/filepath"
	"testing"
)

// A token given without a profile is labelled by where it came from, even where the
// config file names a default profile; a profile named by flag or environment keeps
// its name, token or not.
func TestLabelOfATokenOnlyRun(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"XDG_CONFIG_HOME": dir, "FUNNELS_TOKEN": "pit-x"}
	getenv := func(k string) string { return env[k] }
	run := func(flags Flags, want string, only bool) {
		t.Helper()
		cfg, err := Load(getenv, flags)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Label() != want || cfg.TokenOnly() != only {
			t.Errorf("%+v: label %q, token only %v; want %q, %v", flags, cfg.Label(), cfg.TokenOnly(), want, only)
		}
	}
	run(Flags{}, "FUNNELS_TOKEN", true)
	if err := os.MkdirAll(filepath.Join(dir, "funnels"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "funnels", "config.toml"), []byte("default_profile = \"acme\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	run(Flags{}, "FUNNELS_TOKEN", true)
	run(Flags{Token: "pit-y"}, "--token", true)
	env["FUNNELS_PROFILE"] = "clinic"
	run(Flags{}, "clinic", false)
	run(Flags{Profile: "acme"}, "acme", false)
}
