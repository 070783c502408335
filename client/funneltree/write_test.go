package funneltree

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
