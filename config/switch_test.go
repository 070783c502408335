package config

import (
	"errors"
	"strings"
	"testing"
)

func TestSwitchSpellings(t *testing.T) {
	for _, v := range []string{"1", "true", "TRUE", "yes", "Y", "y", "on", "On", "t", "T", "enabled", "ENABLED", " yes "} {
		if on, err := ParseSwitch("X", v); err != nil || !on {
			t.Errorf("%q = %v, %v; want on", v, on, err)
		}
	}
	for _, v := range []string{"0", "false", "No", "n", "N", "off", "OFF", "f", "disabled", "Disabled"} {
		if on, err := ParseSwitch("X", v); err != nil || on {
			t.Errorf("%q = %v, %v; want off", v, on, err)
		}
	}
	for _, v := range []string{"2", "readonly", "maybe", "", "yess", strings.Repeat("x", 500)} {
		_, err := ParseSwitch("FUNNELS_X", v)
		var se *SwitchError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), "FUNNELS_X") || !strings.Contains(err.Error(), "enabled/disabled") {
			t.Errorf("%q: err = %v", v, err)
		}
		if len(err.Error()) > 300 {
			t.Errorf("message is %d bytes long", len(err.Error()))
		}
	}
}

func TestReadOnlyEnvironmentUnknownMeansOn(t *testing.T) {
	for _, v := range []string{"y", "Y", "2", "enabled", "readonly", "ON"} {
		getenv, _ := env(t, map[string]string{"FUNNELS_READONLY": v})
		cfg, err := Load(getenv, Flags{})
		if err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		if !cfg.ReadOnly || cfg.ReadOnlyFrom != "FUNNELS_READONLY" {
			t.Errorf("FUNNELS_READONLY=%q: read-only %v", v, cfg.ReadOnly)
		}
		unknown := v == "2" || v == "readonly"
		if warned := strings.Contains(strings.Join(cfg.Warnings, "\n"), "read-only is on"); warned != unknown {
			t.Errorf("FUNNELS_READONLY=%q: warnings %q", v, cfg.Warnings)
		}
	}
	for _, v := range []string{"n", "off", "disabled", "0", ""} {
		getenv, _ := env(t, map[string]string{"FUNNELS_READONLY": v})
		if cfg, err := Load(getenv, Flags{}); err != nil || cfg.ReadOnly {
			t.Errorf("FUNNELS_READONLY=%q: %v, read-only %v", v, err, cfg != nil && cfg.ReadOnly)
		}
	}
}

func TestOtherSwitchesRefuseUnknownValues(t *testing.T) {
	getenv, _ := env(t, map[string]string{"FUNNELS_INSECURE_STORAGE": "enabled"})
	if cfg, err := Load(getenv, Flags{}); err != nil || !cfg.InsecureStorage {
		t.Errorf("enabled: %v", err)
	}
	getenv, _ = env(t, map[string]string{"FUNNELS_INSECURE_STORAGE": "sure"})
	var se *SwitchError
	if _, err := Load(getenv, Flags{}); !errors.As(err, &se) || se.From != "FUNNELS_INSECURE_STORAGE" {
		t.Errorf("sure: %v", err)
	}
}

func TestFileSwitches(t *testing.T) {
	getenv, _ := env(t, nil)
	writeFile(t, getenv, "[ui]\nmouse = \"yes\"\n[profiles.default]\nreadonly = \"Y\"\n", 0o600)
	cfg, err := Load(getenv, Flags{})
	if err != nil || !cfg.Mouse || !cfg.ReadOnly {
		t.Fatalf("cfg %+v, %v", cfg, err)
	}

	writeFile(t, getenv, "[ui]\nmouse = \"sometimes\"\n", 0o600)
	var se *SwitchError
	if _, err := Load(getenv, Flags{}); !errors.As(err, &se) || !strings.Contains(err.Error(), "[ui] mouse") {
		t.Errorf("mouse = sometimes: %v", err)
	}

	for _, body := range []string{"[ui]\nreadonly = \"2\"\n", "[profiles.default]\nreadonly = 2\n", "[ui]\nreadonly = \"\"\n"} {
		writeFile(t, getenv, body, 0o600)
		cfg, err := Load(getenv, Flags{})
		if err != nil || !cfg.ReadOnly || len(cfg.Warnings) == 0 {
			t.Errorf("%q: %v, read-only %v, warnings %q", body, err, cfg != nil && cfg.ReadOnly, cfg.Warnings)
		}
	}
}

func TestSetSwitchInFile(t *testing.T) {
	getenv, _ := env(t, nil)
	path := Path(getenv)
	if err := SetInFile(path, "default", KeyMouse, "Yes"); err != nil {
		t.Fatal(err)
	}
	if err := SetInFile(path, "default", KeyReadOnly, "enabled"); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(getenv, Flags{})
	if err != nil || !cfg.Mouse || !cfg.ReadOnly {
		t.Fatalf("%+v, %v", cfg, err)
	}
	var se *SwitchError
	if err := SetInFile(path, "default", KeyUIReadOnly, "perhaps"); !errors.As(err, &se) {
		t.Errorf("perhaps: %v", err)
	}
}
