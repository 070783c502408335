package funneltree

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// files is every file under dir by its path inside it.
func files(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestExportTwiceIsTheSameBytes: the location exported, crawled again (every record
// fetched anew) and exported again gives the same files, byte for byte, in YAML and
// JSON: one file per funnel under its folder's directory.
func TestExportTwiceIsTheSameBytes(t *testing.T) {
	sb := fastSandbox(t)
	loc := newLocation(t, sb, sb.Server.LocationID(), sb.Server.DemoToken())
	for _, f := range []Format{YAML, JSON} {
		first, second := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
		for _, dir := range []string{first, second} {
			tr := loc.tree(t)
			tr.Manifest.ExportedAt, tr.Manifest.CrawledAt = "2026-05-01T00:00:00Z", "" // the manifest alone holds times
			if err := Write(dir, tr, f, false); err != nil {
				t.Fatal(err)
			}
		}
		a, b := files(t, first), files(t, second)
		if len(a) != len(b) || len(a) < 25+4 {
			t.Fatalf("%s: %d and %d files, want the same and one per funnel", f, len(a), len(b))
		}
		for name, data := range a {
			if !bytes.Equal(data, b[name]) {
				t.Errorf("%s: %s differs between two exports of the same data", f, name)
			}
		}
		if _, ok := a["funnels/webinars/webinar-grow-your-gym"+f.ext()]; !ok {
			t.Errorf("%s: no file for a funnel under its folder's directory; files: %v", f, keys(a))
		}
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestWriteGuardsTheDirectory: a directory holding other files is refused unless
// forced; an export is replaced whole, leaving nothing beside it; a file is refused.
func TestWriteGuardsTheDirectory(t *testing.T) {
	tr := &Tree{Funnels: []Funnel{{Name: "Só / Café", ID: "f1"}, {Name: "só café", ID: "f2"}, {Name: "日本", ID: "f3"}}}
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, tr, YAML, false); !errors.Is(err, ErrNotExport) {
		t.Fatalf("a directory of other files: %v, want ErrNotExport", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Fatalf("the refused directory was changed: %v", err)
	}
	if err := Write(dir, tr, YAML, true); err != nil {
		t.Fatal(err)
	}
	tr.Funnels = tr.Funnels[:1]
	if err := Write(dir, tr, YAML, false); err != nil {
		t.Fatalf("writing over an export: %v", err)
	}
	got := files(t, dir)
	if _, ok := got["funnels/so-cafe.yaml"]; !ok || len(got) != 5 {
		t.Errorf("files after the second export: %v", keys(got))
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 {
		t.Errorf("left beside the export: %v", entries)
	}
	file := filepath.Join(root, "file")
	_ = os.WriteFile(file, nil, 0o644)
	if err := Write(file, tr, YAML, true); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("a file as the directory: %v", err)
	}
}

// TestFileNamesAreUniqueAndSafe: names that slug alike get -2, -3; a name with
// nothing left is "funnel".
func TestFileNamesAreUniqueAndSafe(t *testing.T) {
	tr := &Tree{Funnels: []Funnel{{Name: "Só / Café", ID: "f1"}, {Name: "só café", ID: "f2"}, {Name: "日本", ID: "f3"},
		{Name: "../../etc", Folder: "A / ..", ID: "f4"}}}
	fs, err := tr.Files(YAML)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs[4:] {
		got = append(got, f.Path)
	}
	want := "funnels/so-cafe.yaml funnels/so-cafe-2.yaml funnels/funnel.yaml funnels/a/folder/etc.yaml"
	if strings.Join(got, " ") != want {
		t.Errorf("paths %q, want %q", strings.Join(got, " "), want)
	}
}

// TestAStoppedExportLeavesThePreviousWhole: an export killed while writing leaves its
// new directory beside the previous export, which stays whole; the next export takes
// the place and removes the leftover once it is an hour old, not before.
func TestAStoppedExportLeavesThePreviousWhole(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "lakeside")
	first := &Tree{Funnels: []Funnel{{Name: "Spring", ID: "f1"}}}
	if err := Write(dir, first, YAML, false); err != nil {
		t.Fatal(err)
	}
	stopped, recent := filepath.Join(root, ".lakeside.new-111"), filepath.Join(root, ".lakeside.new-222")
	for _, d := range []string{stopped, recent} {
		if err := os.MkdirAll(filepath.Join(d, "funnels"), 0o755); err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(d, "manifest.yaml"), []byte("formatVer"), 0o644)
	}
	old := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(stopped, old, old); err != nil {
		t.Fatal(err)
	}
	back, err := Read(dir)
	if err != nil || len(back.Funnels) != 1 || back.Funnels[0].Name != "Spring" {
		t.Fatalf("the previous export beside a stopped one: %v %+v", err, back)
	}
	if err := Write(dir, &Tree{Funnels: []Funnel{{Name: "Summer", ID: "f2"}}}, YAML, false); err != nil {
		t.Fatal(err)
	}
	if back, err = Read(dir); err != nil || len(back.Funnels) != 1 || back.Funnels[0].Name != "Summer" {
		t.Fatalf("the next export: %v %+v", err, back)
	}
	if _, err := os.Stat(stopped); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the hour-old leftover is still there: %v", err)
	}
	if _, err := os.Stat(recent); err != nil {
		t.Errorf("a recent one (perhaps still writing) was removed: %v", err)
	}
}
