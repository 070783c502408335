package config

import (
	"reflect"
	"testing"
)

// TestExampleLoads keeps the README's example a file that loads cleanly.
func TestExampleLoads(t *testing.T) {
	getenv, _ := env(t, nil)
	writeFile(t, getenv, Example, 0o600)
	cfg, err := Load(getenv, Flags{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Warnings) != 0 {
		t.Errorf("warnings: %q", cfg.Warnings)
	}
	p := cfg.Profile
	if p.Name != "acme" || p.LocationID != "ve9EPM428h8vShlRW1KT" || p.ClientID == "" || p.RedirectPort != 47615 || p.AuthKind != "oauth" {
		t.Errorf("acme = %+v", p)
	}
	if !reflect.DeepEqual(p.Scopes, []string{"funnels/funnel.readonly", "funnels/page.readonly", "funnels/redirect.readonly"}) {
		t.Errorf("scopes = %q", p.Scopes)
	}
	if cfg.Theme != "auto" || cfg.Mouse {
		t.Errorf("ui = %q %v", cfg.Theme, cfg.Mouse)
	}
	if cfg.MaxListItems != 200000 || cfg.MaxListRequests != 10000 {
		t.Errorf("limits = %d items, %d requests", cfg.MaxListItems, cfg.MaxListRequests)
	}
	staging, err := Load(getenv, Flags{Profile: "staging"})
	if err != nil {
		t.Fatal(err)
	}
	if staging.Profile.AuthKind != "token" || staging.Profile.LocationID != "Qq4sLxV0aY8Bc2dEf3Gh" {
		t.Errorf("staging = %+v", staging.Profile)
	}
}
