package auth

import (
	"errors"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/config"
)

func TestReadySaysWhyAProfileCannotWork(t *testing.T) {
	dir := t.TempDir()
	store := NewStore(dir)
	load := func(env map[string]string, flags config.Flags) *config.Config {
		t.Helper()
		env["XDG_CONFIG_HOME"] = dir
		cfg, err := config.LoadSignedIn(func(k string) string { return env[k] }, flags, store)
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}

	// Not signed in.
	err := Ready(load(map[string]string{}, config.Flags{Profile: "work"}), store)
	var nr *NotReadyError
	if !errors.As(err, &nr) || !errors.Is(err, ErrLoginRequired) || !strings.Contains(err.Error(), "funnels login --profile work") {
		t.Fatalf("not signed in: %v", err)
	}

	// A private integration token stored without a location.
	if err := store.Save("work", &Token{AccessToken: "pit-x", TokenType: "Bearer", Kind: KindPIT, BaseURL: "http://127.0.0.1:9"}); err != nil {
		t.Fatal(err)
	}
	err = Ready(load(map[string]string{}, config.Flags{Profile: "work"}), store)
	if !errors.Is(err, ErrNoLocation) || errors.Is(err, ErrLoginRequired) ||
		!strings.Contains(err.Error(), "does not say which sub-account") || !strings.Contains(err.Error(), "--location ID") {
		t.Fatalf("no location: %v", err)
	}
	// A location from a flag or the environment makes it ready.
	if err := Ready(load(map[string]string{}, config.Flags{Profile: "work", Location: "Loc1"}), store); err != nil {
		t.Fatalf("with --location: %v", err)
	}
	if err := Ready(load(map[string]string{"FUNNELS_LOCATION_ID": "Loc1"}, config.Flags{Profile: "work"}), store); err != nil {
		t.Fatalf("with FUNNELS_LOCATION_ID: %v", err)
	}
	// Stored with its location: ready with --profile alone.
	if err := store.Save("work", &Token{AccessToken: "pit-x", TokenType: "Bearer", Kind: KindPIT, BaseURL: "http://127.0.0.1:9", LocationID: "Loc1"}); err != nil {
		t.Fatal(err)
	}
	if err := Ready(load(map[string]string{}, config.Flags{Profile: "work"}), store); err != nil {
		t.Fatalf("stored with a location: %v", err)
	}
	// A remembered base URL no client takes.
	if err := store.Save("web", &Token{AccessToken: "pit-x", TokenType: "Bearer", Kind: KindPIT, BaseURL: "http://example.com", LocationID: "Loc1"}); err != nil {
		t.Fatal(err)
	}
	err = Ready(load(map[string]string{}, config.Flags{Profile: "web"}), store)
	if !errors.As(err, &nr) || errors.Is(err, ErrNoLocation) || !strings.Contains(err.Error(), "https") {
		t.Fatalf("a plain-http base URL: %v", err)
	}
	// A token in the environment needs no login, but still a location.
	if err := Ready(load(map[string]string{"FUNNELS_TOKEN": "pit-env"}, config.Flags{Profile: "nobody"}), store); !errors.Is(err, ErrNoLocation) {
		t.Fatalf("FUNNELS_TOKEN without a location: %v", err)
	}
}

func TestAskLocation(t *testing.T) {
	var out strings.Builder
	id, err := AskLocation(strings.NewReader("https://app.example.com/v2/location/x\n  Loc_42-a \n"), &out)
	if err != nil || id != "Loc_42-a" {
		t.Fatalf("AskLocation = %q, %v", id, err)
	}
	if !strings.Contains(out.String(), "is not a location id") || strings.Count(out.String(), "Location (sub-account) id") != 2 {
		t.Fatalf("the questions and the refusal: %q", out.String())
	}
	if _, err := AskLocation(strings.NewReader(""), &out); err == nil {
		t.Fatal("no answer is an error")
	}
	if _, err := AskLocation(strings.NewReader("a b\nc d\ne f\nLoc\n"), &out); err == nil {
		t.Fatal("three bad answers end the asking")
	}
}

func FuzzCheckLocationID(f *testing.F) {
	for _, s := range []string{"LakesideFit2026Loc01", " ve9EPM428h8vShlRW1KT\n", "a/b", "", "\x1b[31m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := CheckLocationID(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\x1b\x07") {
				t.Fatalf("the refusal carries control characters: %q", err)
			}
			return
		}
		if id == "" || len(id) > 64 || strings.ContainsFunc(id, func(r rune) bool { return r <= ' ' || r > '~' || r == '/' }) {
			t.Fatalf("CheckLocationID(%q) took %q", s, id)
		}
	})
}
