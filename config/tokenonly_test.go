package config

import "testing"

// A token given without a profile is labelled by where it came from; a named
// profile keeps its name, token or not.
func TestLabelOfATokenOnlyRun(t *testing.T) {
	env := map[string]string{"XDG_CONFIG_HOME": t.TempDir(), "FUNNELS_TOKEN": "pit-x"}
	getenv := func(k string) string { return env[k] }
	for _, tc := range []struct {
		flags Flags
		want  string
		only  bool
	}{
		{Flags{}, "FUNNELS_TOKEN", true},
		{Flags{Token: "pit-y"}, "--token", true},
		{Flags{Profile: "acme"}, "acme", false},
	} {
		cfg, err := Load(getenv, tc.flags)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Label() != tc.want || cfg.TokenOnly() != tc.only {
			t.Errorf("%+v: label %q, token only %v; want %q, %v", tc.flags, cfg.Label(), cfg.TokenOnly(), tc.want, tc.only)
		}
	}
}
