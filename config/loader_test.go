package config

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// A Loader reads the file once and resolves any number of profiles from it: a list
// of every profile costs one parse, however many there are.
func TestLoaderReadsTheFileOnce(t *testing.T) {
	getenv, _ := env(t, nil)
	var body strings.Builder
	for i := range 50 {
		fmt.Fprintf(&body, "[profiles.p%d]\nlocation_id = \"Loc%d\"\n", i, i)
	}
	path := writeFile(t, getenv, body.String(), 0o600)
	ld, err := NewLoader(getenv)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		cfg, err := ld.Load(Flags{Profile: fmt.Sprintf("p%d", i)})
		if err != nil || cfg.Profile.LocationID != fmt.Sprintf("Loc%d", i) {
			t.Fatalf("p%d: %+v, %v", i, cfg, err)
		}
	}
}
