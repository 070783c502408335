package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSetInFileKeepsTheRestOfTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "funnels", "config.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(Example), 0o640); err != nil {
		t.Fatal(err)
	}
	for _, set := range []struct{ profile, key, value string }{
		{"acme", KeyLocationID, "NewLocation01"},        // replaced, its comment kept
		{"acme", KeyScopes, "x/y.readonly x/z.write"},   // an array replaced
		{"acme", KeyBaseURL, "https://api.example.com"}, // added after the table's last key
		{"staging", KeyAuthKind, "oauth"},               // in the last table
		{"newone", KeyClientID, "cid"},                  // a new table at the end
		{"", KeyDefaultProfile, "staging"},
		{"", KeyMouse, "true"},
		{"", KeyTheme, "dark"},
		{"", KeyMaxListItems, "300"},
		{"dotted.name", KeyLocationID, "Dotted01"}, // a name that must be quoted
	} {
		if err := SetInFile(path, set.profile, set.key, set.value); err != nil {
			t.Fatalf("%s %s: %v", set.profile, set.key, err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{
		`location_id = "NewLocation01"   # the sub-account ("location") id`,
		`scopes = ["x/y.readonly", "x/z.write"]`,
		"# Your own Marketplace app (HighLevel does not let a CLI ship one).",
		`default_profile = "staging"`,
		"mouse = true          # true: click rows and panes",
		`theme = "dark"         # "auto", "dark" or "light"`,
		"[profiles.newone]\nclient_id = \"cid\"\n",
		`[profiles."dotted.name"]`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks %q:\n%s", want, text)
		}
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o640 {
		t.Errorf("the file's mode changed to %v", info.Mode().Perm())
	}
	getenv := func(k string) string {
		if k == "XDG_CONFIG_HOME" {
			return filepath.Dir(filepath.Dir(path))
		}
		return ""
	}
	for profile, want := range map[string]Profile{
		"acme":        {LocationID: "NewLocation01", BaseURL: "https://api.example.com", Scopes: []string{"x/y.readonly", "x/z.write"}},
		"staging":     {LocationID: "Qq4sLxV0aY8Bc2dEf3Gh", AuthKind: AuthOAuth},
		"newone":      {ClientID: "cid"},
		"dotted.name": {LocationID: "Dotted01"},
	} {
		cfg, err := Load(getenv, Flags{Profile: profile})
		if err != nil {
			t.Fatal(err)
		}
		p := cfg.Profile
		if (want.LocationID != "" && p.LocationID != want.LocationID) || (want.BaseURL != "" && p.BaseURL != want.BaseURL) ||
			(want.ClientID != "" && p.ClientID != want.ClientID) || (want.AuthKind != "" && p.AuthKind != want.AuthKind) ||
			(want.Scopes != nil && strings.Join(p.Scopes, " ") != strings.Join(want.Scopes, " ")) {
			t.Errorf("%s: %+v", profile, p)
		}
	}
	cfg, _ := Load(getenv, Flags{})
	if cfg.Profile.Name != "staging" || !cfg.Mouse || cfg.Theme != "dark" || cfg.MaxListItems != 300 {
		t.Errorf("top level: profile %q mouse %v theme %q max items %d", cfg.Profile.Name, cfg.Mouse, cfg.Theme, cfg.MaxListItems)
	}
	if v, origin, _ := cfg.Setting(KeyMaxListItems); v != "300" || !strings.Contains(origin, "[limits] max_list_items") {
		t.Errorf("limits.max_list_items = %q from %q", v, origin)
	}
}

func TestSetInFileRefuses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	for _, c := range []struct{ key, value, want string }{
		{"colour", "red", "unknown key"},
		{KeyTheme, "blue", "not one of auto, dark, light"},
		{KeyMouse, "maybe", "not on or off"},
		{KeyRedirectPort, "-1", "not a port"},
		{KeyBaseURL, "http://api.example.com", "https"},
		{KeyAuthKind, "magic", "is not one of"},
		{KeyDefaultProfile, "../x", "profile name"},
		{KeyLocationID, "a\x1b[2Jb", "control characters"},
	} {
		if err := SetInFile(path, "p", c.key, c.value); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s=%q: %v, want %q", c.key, c.value, err, c.want)
		}
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a refused value still wrote the file: %v", err)
	}
	// A layout the line editor cannot follow is refused rather than written wrong.
	if err := os.WriteFile(path, []byte("profiles.p.location_id = \"Dotted\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SetInFile(path, "p", KeyLocationID, "New"); err == nil {
		data, _ := os.ReadFile(path)
		if !strings.Contains(string(data), "New") {
			t.Errorf("no error, and the value is not there:\n%s", data)
		}
	}
	// A broken file is not made worse.
	if err := os.WriteFile(path, []byte("[ui\nmouse = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SetInFile(path, "p", KeyTheme, "dark"); err == nil {
		t.Error("a broken file was edited")
	}
	if data, _ := os.ReadFile(path); string(data) != "[ui\nmouse = true\n" {
		t.Errorf("the broken file changed:\n%s", data)
	}
}
