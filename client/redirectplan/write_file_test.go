package redirectplan

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

var someRows = []Row{{Domain: "offers.example.com", Path: "/old", Target: "https://example.com/new", Action: "url"}}

// TestWriteFileWithAsksBeforeReplacing: without Replace a file already there (a
// private one) is left as it was, byte for byte and mode for mode, and nothing else
// is left in its folder; with Replace it is replaced and stays private; a new file
// gets what the umask leaves of 0666, as one a shell makes.
func TestWriteFileWithAsksBeforeReplacing(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "users.json")
	if err := os.WriteFile(secret, []byte(`{"people":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	err := WriteFileWith(secret, CSV, someRows, WriteOptions{})
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("a write over a file there without Replace: %v, want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(secret); string(b) != `{"people":[]}` {
		t.Fatalf("the file there was changed: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("the folder holds %d entries after a refused write, want the file alone", len(ents))
	}

	if err := WriteFileWith(secret, CSV, someRows, WriteOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(secret)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the replaced file: %v, mode %v, want it kept 0600", err, fi.Mode().Perm())
	}
	if b, _ := os.ReadFile(secret); string(b) == `{"people":[]}` {
		t.Fatal("Replace left the old content")
	}

	shell := filepath.Join(dir, "shell")
	f, err := os.OpenFile(shell, os.O_CREATE|os.O_WRONLY, 0o666)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	want, _ := os.Stat(shell)
	fresh := filepath.Join(dir, "redirects.csv")
	if err := WriteFileWith(fresh, CSV, someRows, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	got, err := os.Stat(fresh)
	if err != nil || got.Mode().Perm() != want.Mode().Perm() {
		t.Fatalf("a new file: %v, mode %v, want %v as the umask leaves", err, got.Mode().Perm(), want.Mode().Perm())
	}
	rows, _, err := ReadFileWith(fresh, ReadOptions{Format: CSV})
	if err != nil || len(rows) != 1 || rows[0].Path != "/old" {
		t.Fatalf("the file written reads back as %+v, %v", rows, err)
	}
}

// TestWriteFileWithKeepsOut: a file inside a directory kept out is refused — there,
// deeper, through a symbolic link to it or into it — and nothing is written.
func TestWriteFileWithKeepsOut(t *testing.T) {
	home := t.TempDir()
	state := filepath.Join(home, "state", "funnels")
	if err := os.MkdirAll(filepath.Join(state, "data"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(state, filepath.Join(home, "shortcut")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(state, "data"), filepath.Join(home, "deep")); err != nil {
		t.Fatal(err)
	}
	o := WriteOptions{Replace: true, KeepOut: []string{filepath.Join(home, "config", "funnels"), state}}
	for _, name := range []string{
		filepath.Join(state, "default.json"),
		filepath.Join(state, "data", "users.json"),
		filepath.Join(home, "shortcut", "default.json"),
		filepath.Join(home, "deep", "users.json"),
		filepath.Join(state, "data", "..", "x.csv"),
	} {
		err := WriteFileWith(name, CSV, someRows, o)
		var kept *KeptOutError
		if !errors.As(err, &kept) || kept.Dir != state {
			t.Errorf("%s: %v, want it kept out of %s", name, err, state)
		}
	}
	if ents, _ := os.ReadDir(state); len(ents) != 1 {
		t.Errorf("the kept-out folder holds %d entries, want its data folder alone", len(ents))
	}
	if err := WriteFileWith(filepath.Join(home, "redirects.csv"), CSV, someRows, o); err != nil {
		t.Errorf("a file beside the kept-out folders: %v", err)
	}
}
