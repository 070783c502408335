package config

import (
	"os"
	"strings"
	"testing"
)

func TestProfilesListsTheFile(t *testing.T) {
	getenv, _ := env(t, nil)
	if list, def, err := Profiles(getenv); err != nil || len(list) != 0 || def != "default" {
		t.Fatalf("no file: %v %q %v", list, def, err)
	}
	writeFile(t, getenv, `default_profile = "gym"
[profiles.zeta]
location_id = "Z1"
[profiles.gym]
location_id = "G1"
auth_kind = "agency"
readonly = true
`, 0o600)
	list, def, err := Profiles(getenv)
	if err != nil || def != "gym" || len(list) != 2 {
		t.Fatalf("%v %q %v", list, def, err)
	}
	if list[0] != (ProfileEntry{Name: "gym", LocationID: "G1", AuthKind: "agency", ReadOnly: true}) || list[1].Name != "zeta" || list[1].LocationID != "Z1" {
		t.Fatalf("entries %+v", list)
	}
	getenv2 := func(k string) string {
		if k == "FUNNELS_PROFILE" {
			return "zeta"
		}
		return getenv(k)
	}
	if _, def, _ := Profiles(getenv2); def != "zeta" {
		t.Fatalf("FUNNELS_PROFILE not the default: %q", def)
	}
}

func TestSetDefaultProfile(t *testing.T) {
	getenv, _ := env(t, nil)
	// No file: one is made, 0600, and Load follows it.
	path, err := SetDefaultProfile(getenv, "clinic")
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("new file: %v %v", info, err)
	}
	if cfg, err := Load(getenv, Flags{}); err != nil || cfg.Profile.Name != "clinic" {
		t.Fatalf("Load after set: %v %v", cfg, err)
	}

	// A file with comments and tables: only the one line changes, the mode is kept.
	body := `# my settings
default_profile = "acme"   # the usual one

[ui]
mouse = true
[profiles.acme]
location_id = "A1"
# default_profile = "not this"
[profiles.gym]
location_id = "G1"
`
	writeFile(t, getenv, body, 0o640)
	if _, err := SetDefaultProfile(getenv, "gym"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := strings.Replace(body, `default_profile = "acme"   # the usual one`, `default_profile = "gym"   # the usual one`, 1)
	if string(got) != want {
		t.Fatalf("file now:\n%s\nwant:\n%s", got, want)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v", info.Mode().Perm())
	}

	// No default_profile yet: it goes on top, above the first table.
	writeFile(t, getenv, "[profiles.acme]\nlocation_id = \"A1\"\n", 0o600)
	if _, err := SetDefaultProfile(getenv, "acme"); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(path)
	if string(got) != "default_profile = \"acme\"\n\n[profiles.acme]\nlocation_id = \"A1\"\n" {
		t.Fatalf("inserted:\n%s", got)
	}

	// A bad name, or a file that is not TOML, is refused and left alone.
	if _, err := SetDefaultProfile(getenv, "../x"); err == nil {
		t.Fatal("bad name accepted")
	}
	writeFile(t, getenv, "default_profile = \n", 0o600)
	if _, err := SetDefaultProfile(getenv, "acme"); err == nil {
		t.Fatal("broken file rewritten")
	}
	if got, _ := os.ReadFile(path); string(got) != "default_profile = \n" {
		t.Fatalf("broken file changed: %q", got)
	}
	// A line that only looks like the key (inside a multi-line string) is not edited.
	tricky := "note = \"\"\"\ndefault_profile = \"in a string\"\n\"\"\"\n"
	writeFile(t, getenv, tricky, 0o600)
	if _, err := SetDefaultProfile(getenv, "acme"); err == nil {
		t.Fatal("edited a line inside a string")
	}
	if got, _ := os.ReadFile(path); string(got) != tricky {
		t.Fatalf("tricky file changed: %q", got)
	}
}

func TestReadOnlyAndStorageSwitches(t *testing.T) {
	getenv, _ := env(t, nil)
	cfg, err := Load(getenv, Flags{})
	if err != nil || cfg.ReadOnly || cfg.InsecureStorage {
		t.Fatalf("defaults: %+v %v", cfg, err)
	}
	path := writeFile(t, getenv, "[profiles.demo]\nreadonly = true\n[profiles.other]\n", 0o600)
	cfg, _ = Load(getenv, Flags{Profile: "demo"})
	if !cfg.ReadOnly || !strings.Contains(cfg.ReadOnlyFrom, "[profiles.demo]") || !strings.Contains(cfg.ReadOnlyFrom, path) {
		t.Fatalf("profile readonly: %v %q", cfg.ReadOnly, cfg.ReadOnlyFrom)
	}
	if cfg, _ = Load(getenv, Flags{Profile: "other"}); cfg.ReadOnly {
		t.Fatal("another profile's readonly leaked")
	}
	if cfg, _ = Load(getenv, Flags{Profile: "other", ReadOnly: true}); !cfg.ReadOnly || cfg.ReadOnlyFrom != "--readonly" {
		t.Fatalf("--readonly: %v %q", cfg.ReadOnly, cfg.ReadOnlyFrom)
	}
	writeFile(t, getenv, "[ui]\nreadonly = true\n", 0o600)
	if cfg, _ = Load(getenv, Flags{}); !cfg.ReadOnly || !strings.Contains(cfg.ReadOnlyFrom, "[ui]") {
		t.Fatalf("[ui] readonly: %v %q", cfg.ReadOnly, cfg.ReadOnlyFrom)
	}
	getenv2, _ := env(t, map[string]string{"FUNNELS_READONLY": "yes", "FUNNELS_INSECURE_STORAGE": "1"})
	if cfg, _ = Load(getenv2, Flags{}); !cfg.ReadOnly || cfg.ReadOnlyFrom != "FUNNELS_READONLY" || !cfg.InsecureStorage {
		t.Fatalf("env: %+v", cfg)
	}
	if cfg, _ = Load(getenv, Flags{InsecureStorage: true}); !cfg.InsecureStorage {
		t.Fatal("--insecure-storage")
	}
	getenv3, _ := env(t, map[string]string{"FUNNELS_READONLY": "0"})
	if cfg, _ = Load(getenv3, Flags{}); cfg.ReadOnly {
		t.Fatal("FUNNELS_READONLY=0 turned it on")
	}
	writeFile(t, getenv, "[profiles.a]\nauth_kind = \"agency\"\n", 0o600)
	if cfg, err = Load(getenv, Flags{Profile: "a"}); err != nil || cfg.Profile.AuthKind != AuthAgency {
		t.Fatalf("agency kind: %v %v", cfg, err)
	}
}

// readonly is a setting like the others: set in [ui] or a profile's table, read back
// with where it came from.
func TestReadOnlySettings(t *testing.T) {
	getenv, _ := env(t, nil)
	path := Path(getenv)
	if err := SetInFile(path, "demo", KeyReadOnly, "true"); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(getenv, Flags{Profile: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	if v, origin, _ := cfg.Setting(KeyReadOnly); v != "true" || !strings.Contains(origin, "[profiles.demo] readonly") {
		t.Fatalf("readonly = %s from %s", v, origin)
	}
	if err := SetInFile(path, "", KeyUIReadOnly, "sometimes"); err == nil {
		t.Fatal("ui.readonly = sometimes accepted")
	}
	if err := SetInFile(path, "", KeyUIReadOnly, "true"); err != nil {
		t.Fatal(err)
	}
	cfg, _ = Load(getenv, Flags{Profile: "other"})
	if v, origin, _ := cfg.Setting(KeyUIReadOnly); v != "true" || !strings.Contains(origin, "[ui] readonly") || !cfg.ReadOnly {
		t.Fatalf("ui.readonly = %s from %s", v, origin)
	}
	if v, origin, _ := cfg.Setting(KeyReadOnly); v != "true" || !strings.Contains(origin, "[ui] readonly") {
		t.Fatalf("readonly of another profile = %s from %s", v, origin)
	}
	if err := SetInFile(path, "a", KeyAuthKind, "agency"); err != nil {
		t.Fatal(err)
	}
}
