package auth

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func sampleToken() *Token {
	return &Token{
		AccessToken: "at-sample-access", RefreshToken: "rt-sample-refresh", TokenType: "Bearer",
		Expiry: time.Now().Add(time.Hour).Round(time.Second), Kind: KindOAuth, LocationID: "loc1",
		ClientID: "cid", ClientSecret: "csecret", BaseURL: "http://127.0.0.1:1", TokenURL: "http://127.0.0.1:1/oauth/token",
	}
}

func TestStoreModesAndRoundTrip(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "funnels")
	if err := os.Mkdir(dir, 0o755); err != nil { // a loose directory is tightened
		t.Fatal(err)
	}
	store := NewStore(dir)
	want := sampleToken()
	if err := store.Save("work", want); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(store.Path("work"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("token file mode %v, %v", info.Mode(), err)
	}
	dinfo, err := os.Stat(dir)
	if err != nil || dinfo.Mode().Perm() != 0o700 {
		t.Errorf("directory mode %v, %v", dinfo.Mode(), err)
	}
	got, err := store.Load("work")
	if err != nil {
		t.Fatal(err)
	}
	if got.AccessToken != want.AccessToken || got.RefreshToken != want.RefreshToken || !got.Expiry.Equal(want.Expiry) || got.ClientSecret != want.ClientSecret {
		t.Errorf("round trip lost data: %v", got)
	}
	// No temp files left behind; only the token and its lock file.
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, ",") != "work.json,work.lock" {
		t.Errorf("directory holds %v", names)
	}

	if err := store.Delete("work"); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Load("work"); !errors.Is(err, ErrLoginRequired) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after Delete: %v", err)
	}
	if err := store.Delete("work"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("second Delete: %v", err)
	}
	if err := NewStore(filepath.Join(parent, "absent")).Delete("work"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Delete without a directory: %v", err)
	}
}

func TestStoreNewDirectoryIsPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "funnels")
	store := NewStore(dir)
	if err := store.Save("default", sampleToken()); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(dir)
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("mode %v %v", info.Mode(), err)
	}
}

func TestStoreRefusesReadableFile(t *testing.T) {
	store := NewStore(t.TempDir())
	if err := store.Save("p", sampleToken()); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(store.Path("p"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := store.Load("p")
	if err == nil || !strings.Contains(err.Error(), "chmod 600 "+store.Path("p")) {
		t.Fatalf("err = %v", err)
	}
}

func TestCorruptTokenFileReportedClearly(t *testing.T) {
	cases := map[string]string{
		"empty":          "",
		"garbage":        "at-secret-garbage-value not json",
		"cut short":      `{"version":1,"kind":"oauth","access_token":"at-secret-garbage-value`,
		"wrong type":     `{"version":1,"kind":"oauth","access_token":"at-secret-garbage-value","expiry":42}`,
		"no token":       `{"version":1,"kind":"oauth","refresh_token":"at-secret-garbage-value"}`,
		"unknown kind":   `{"version":1,"kind":"magic","access_token":"at-secret-garbage-value"}`,
		"future version": `{"version":9,"kind":"oauth","access_token":"at-secret-garbage-value"}`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			store := NewStore(t.TempDir())
			if err := os.MkdirAll(store.Dir(), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(store.Path("work"), []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := store.Load("work")
			if !errors.Is(err, ErrLoginRequired) {
				t.Fatalf("err = %v, want ErrLoginRequired", err)
			}
			msg := err.Error()
			for _, want := range []string{store.Path("work"), "damaged", "funnels logout --profile work", "funnels login --profile work"} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q lacks %q", msg, want)
				}
			}
			if strings.Contains(msg, "at-secret-garbage-value") {
				t.Errorf("message quotes the file: %q", msg)
			}
		})
	}
}

func TestStoreRefusesBadProfileNames(t *testing.T) {
	store := NewStore(t.TempDir())
	for _, name := range []string{"../x", "a/b", ".hidden", ""} {
		if err := store.Save(name, sampleToken()); err == nil {
			t.Errorf("Save(%q) accepted", name)
		}
		if _, err := store.Load(name); err == nil {
			t.Errorf("Load(%q) accepted", name)
		}
	}
}

func TestDefaultStoreUsesXDGStateHome(t *testing.T) {
	s, err := DefaultStore(func(k string) string { return map[string]string{"XDG_STATE_HOME": "/st"}[k] })
	if err != nil || s.Dir() != "/st/funnels" || s.Path("p") != "/st/funnels/p.json" {
		t.Fatalf("%v %v", s.Dir(), err)
	}
	s, err = DefaultStore(func(string) string { return "" })
	if err != nil || !filepath.IsAbs(s.Dir()) || filepath.Base(s.Dir()) != "funnels" {
		t.Fatalf("fallback %v %v", s, err)
	}
}

// TestANewSignInForgetsTheAccessRecord: a login (Save) and a logout (Delete) remove
// what the client learned of the routes the old sign-in could reach; a refresh keeps it.
func TestANewSignInForgetsTheAccessRecord(t *testing.T) {
	store := NewStore(t.TempDir())
	if err := store.Save("work", sampleToken()); err != nil {
		t.Fatal(err)
	}
	record := func() {
		t.Helper()
		if err := os.WriteFile(store.AccessPath("work"), []byte(`{"version":1}`), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	gone := func(what string) {
		t.Helper()
		if _, err := os.Stat(store.AccessPath("work")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("after %s the access record is still there (%v)", what, err)
		}
	}
	record()
	if err := store.write("work", sampleToken()); err != nil { // what a refresh does
		t.Fatal(err)
	}
	if _, err := os.Stat(store.AccessPath("work")); err != nil {
		t.Errorf("a refresh removed the access record: %v", err)
	}
	if err := store.Save("work", sampleToken()); err != nil {
		t.Fatal(err)
	}
	gone("a new sign-in")
	record()
	if err := store.Delete("work"); err != nil {
		t.Fatal(err)
	}
	gone("a logout")
}
