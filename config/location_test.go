package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/validate"
)

// A location id is checked wherever it enters: the environment, a flag, the file and
// `config set`. Spaces around it are removed with a warning; anything else that is no
// id is refused.
func TestLocationIDIsCheckedWhereverItEnters(t *testing.T) {
	long := strings.Repeat("a", 5000)
	for _, bad := range []string{"../x", long, "a/b", "Loc 1"} {
		getenv, _ := env(t, map[string]string{"FUNNELS_LOCATION_ID": bad})
		if _, err := Load(getenv, Flags{}); !errors.Is(err, validate.ErrInvalid) || !strings.Contains(err.Error(), "FUNNELS_LOCATION_ID") {
			t.Errorf("FUNNELS_LOCATION_ID=%.20q: %v", bad, err)
		}
		getenv, _ = env(t, nil)
		if _, err := Load(getenv, Flags{Location: bad}); !errors.Is(err, validate.ErrInvalid) || !strings.Contains(err.Error(), "--location") {
			t.Errorf("--location %.20q: %v", bad, err)
		}
		if err := SetInFile(Path(getenv), "default", KeyLocationID, bad); !errors.Is(err, validate.ErrInvalid) {
			t.Errorf("config set location_id %.20q: %v", bad, err)
		}
		writeFile(t, getenv, "[profiles.default]\nlocation_id = \""+bad+"\"\n", 0o600)
		if _, err := Load(getenv, Flags{}); !errors.Is(err, validate.ErrInvalid) || !strings.Contains(err.Error(), "[profiles.default] location_id") {
			t.Errorf("location_id = %.20q in the file: %v", bad, err)
		}
	}

	getenv, _ := env(t, map[string]string{"FUNNELS_LOCATION_ID": " Loc1 "})
	cfg, err := Load(getenv, Flags{})
	if err != nil || cfg.Profile.LocationID != "Loc1" || !strings.Contains(strings.Join(cfg.Warnings, "\n"), "spaces around") {
		t.Errorf("spaces around: %+v, %v", cfg, err)
	}
	if err := SetInFile(Path(getenv), "default", KeyLocationID, " Loc2"); err != nil {
		t.Fatal(err)
	}
	cfg, err = Load(func(k string) string {
		if k == "FUNNELS_LOCATION_ID" {
			return ""
		}
		return getenv(k)
	}, Flags{})
	if err != nil || cfg.Profile.LocationID != "Loc2" {
		t.Errorf("config set with a space: %q, %v", cfg.Profile.LocationID, err)
	}
}
