package funneltree

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadDamagedFunnelFile: an export whose one funnel file holds any bytes reads
// as a tree or fails with a *DamagedError naming that file; never a panic.
func FuzzReadDamagedFunnelFile(f *testing.F) {
	tr := &Tree{Funnels: []Funnel{{Name: "Spring", ID: "f1", Steps: []Step{{Sequence: 1, Name: "Opt-in", Path: "/x",
		Pages: []Page{{Name: "A", ID: "p1"}}}}}}}
	for _, fm := range []Format{YAML, JSON} {
		files, err := tr.Files(fm)
		if err != nil {
			f.Fatal(err)
		}
		funnel := files[len(files)-1].Data
		f.Add(funnel, fm == JSON)
		f.Add(funnel[:len(funnel)/2], fm == JSON)
	}
	f.Add([]byte("name: [\n"), false)
	f.Add([]byte("&a [*a, *a]"), false)
	f.Add([]byte("steps: {sequence: 1e999}"), false)
	f.Add([]byte(`{"name":"x","steps":[{"pages":[{"archived":"yes"}]}]}`), true)
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		fm := YAML
		if asJSON {
			fm = JSON
		}
		dir := t.TempDir()
		if err := Write(dir, &Tree{}, fm, false); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join("funnels", "damaged"+fm.ext())
		if err := os.MkdirAll(filepath.Join(dir, "funnels"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		tr, err := Read(dir)
		var dmg *DamagedError
		switch {
		case err == nil && len(tr.Funnels) != 1:
			t.Fatalf("read %d funnels from one file", len(tr.Funnels))
		case err != nil && (!errors.As(err, &dmg) || dmg.File != filepath.ToSlash(name)):
			t.Fatalf("error %v does not name the damaged file", err)
		}
	})
}

// TestReadRefusesWhatIsNotAnExport: no manifest, a manifest of a later format, a
// link in place of a file.
func TestReadRefusesWhatIsNotAnExport(t *testing.T) {
	if _, err := Read(t.TempDir()); !errors.Is(err, ErrNotExport) {
		t.Errorf("an empty directory: %v", err)
	}
	dir := t.TempDir()
	if err := Write(dir, &Tree{}, YAML, false); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.yaml"), []byte("formatVersion: 99\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var dmg *DamagedError
	if _, err := Read(dir); !errors.As(err, &dmg) || dmg.File != "manifest.yaml" {
		t.Errorf("a later format: %v", err)
	}
	dir = t.TempDir()
	if err := Write(dir, &Tree{}, JSON, false); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret.json")
	_ = os.WriteFile(outside, []byte(`{"name":"x"}`), 0o644)
	_ = os.MkdirAll(filepath.Join(dir, "funnels"), 0o755)
	if err := os.Symlink(outside, filepath.Join(dir, "funnels", "link.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(dir); !errors.As(err, &dmg) || dmg.File != "funnels/link.json" {
		t.Errorf("a link: %v", err)
	}
}

// TestReadRefusesALinkedFunnelsDirectory: funnels/ (or a folder in it) linked to a
// directory elsewhere is refused, naming it — never read as an export without
// funnels, which diff would take for every funnel removed.
func TestReadRefusesALinkedFunnelsDirectory(t *testing.T) {
	tr := &Tree{Funnels: []Funnel{{Name: "Spring", ID: "f1", Steps: []Step{{Sequence: 1, Name: "Opt-in", Path: "/x"}}}}}
	for _, at := range []string{"funnels", "funnels/elsewhere"} {
		dir, outside := t.TempDir(), t.TempDir()
		if err := Write(dir, tr, YAML, false); err != nil {
			t.Fatal(err)
		}
		if at == "funnels" {
			if err := os.Rename(filepath.Join(dir, "funnels"), filepath.Join(outside, "funnels")); err != nil {
				t.Fatal(err)
			}
			outside = filepath.Join(outside, "funnels")
		}
		if err := os.Symlink(outside, filepath.Join(dir, filepath.FromSlash(at))); err != nil {
			t.Fatal(err)
		}
		var dmg *DamagedError
		if _, err := Read(dir); !errors.As(err, &dmg) || dmg.File != at {
			t.Errorf("%s linked elsewhere: %v", at, err)
		}
	}
}
