package funneltree

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// synthTree is a location of n funnels spread over a few folders; variant changes
// names, folders and counts, so two variants share some funnel files and not others.
func synthTree(n, variant int) *Tree {
	t := &Tree{Manifest: Manifest{Location: Location{ID: "Loc01", Name: "Lakeside"}, ExportedAt: "2026-05-01T00:00:00Z"}}
	folders := []string{"", "Webinars", "Archive / 2025", fmt.Sprintf("Season %d", variant)}
	for _, f := range folders[1:] {
		t.Folders = append(t.Folders, Folder{Path: f, ID: "fo-" + f})
	}
	for i := range n + variant*7 {
		name := fmt.Sprintf("Funnel %04d", i)
		if i%5 == variant%5 {
			name += fmt.Sprintf(" v%d", variant)
		}
		t.Funnels = append(t.Funnels, Funnel{Name: name, Folder: folders[(i+variant)%len(folders)], ID: fmt.Sprintf("fu-%d", i),
			Steps: []Step{{Sequence: 1, Name: "Opt-in", Path: fmt.Sprintf("/p%d", i), ID: fmt.Sprintf("st-%d", i),
				Pages: []Page{{Name: "Page", ID: fmt.Sprintf("pa-%d-%d", i, variant)}}}}})
	}
	t.Redirects = []Redirect{{Domain: "offers.example.com", Path: fmt.Sprintf("/r%d", variant), Target: "https://example.com", ID: "re-1"}}
	t.Domains = []Domain{{Host: "offers.example.com", Redirects: 1}}
	return t
}

// theirs are files a person keeps in an export's directory: git's, a README, docs,
// and notes beside and among the funnel files.
var theirs = map[string]string{
	".git/HEAD":                  "ref: refs/heads/main\n",
	".git/objects/ab/cdef":       "blob",
	"README.md":                  "# Our funnels\n",
	"docs/how-we-work.md":        "notes",
	"funnels/NOTES.md":           "why these funnels",
	"funnels/webinars/keep.txt":  "a note in a folder's directory",
	"funnels/season-1/.gitkeep":  "",
	"redirects.csv":              "domain,path\n",
	"manifest.yaml.orig":         "a backup of ours, kept as theirs",
	"funnels/draft.yaml.bak":     "not a funnel file",
	"funnels/archive/legacy.txt": "kept",
}

func writeTheirs(t *testing.T, dir string) {
	t.Helper()
	for rel, data := range theirs {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// checkExport fails unless dir holds exactly the files of tr in f, byte for byte,
// and every file of theirs as it was.
func checkExport(t *testing.T, dir string, tr *Tree, f Format) {
	t.Helper()
	want, err := tr.Files(f)
	if err != nil {
		t.Fatal(err)
	}
	got := files(t, dir)
	for rel, data := range theirs {
		if g, ok := got[rel]; !ok || string(g) != data {
			t.Errorf("%s of theirs: present %v, %q", rel, ok, g)
		}
		delete(got, rel)
	}
	for _, w := range want {
		if !bytes.Equal(got[w.Path], w.Data) {
			t.Errorf("%s: not the export's bytes", w.Path)
		}
		delete(got, w.Path)
	}
	if len(got) > 0 {
		t.Errorf("left in the directory besides the export and theirs: %v", keys(got))
	}
}

// An export written again into its directory, with and without --force, in the same
// format and the other, replaces its own files and removes those it no longer has,
// and keeps every file a person put there; the same export twice is the same bytes.
func TestWriteKeepsWhatItDidNotWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lakeside")
	if err := Write(dir, synthTree(40, 0), YAML, false); err != nil {
		t.Fatal(err)
	}
	writeTheirs(t, dir)
	steps := []struct {
		variant int
		f       Format
		force   bool
	}{{1, YAML, false}, {1, YAML, false}, {2, YAML, true}, {3, JSON, false}, {0, YAML, true}}
	for _, st := range steps {
		tr := synthTree(40, st.variant)
		if err := Write(dir, tr, st.f, st.force); err != nil {
			t.Fatalf("variant %d %s force %v: %v", st.variant, st.f, st.force, err)
		}
		checkExport(t, dir, tr, st.f)
		back, err := Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		if d := Diff(back, tr, Options{}); len(d) > 0 {
			t.Errorf("variant %d read back differs: %+v", st.variant, d[0])
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "funnels", "season-2")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a folder's directory the export no longer has is still there: %v", err)
	}
}

// A directory that holds files and no export is refused, forced or not, and left as
// it was: the home directory is not an export.
func TestWriteRefusesWhatIsNotAnExport(t *testing.T) {
	home := t.TempDir()
	writeTheirs(t, home)
	if err := os.WriteFile(filepath.Join(home, ".ssh"), []byte("key"), 0o600); err != nil {
		t.Fatal(err)
	}
	before := files(t, home)
	for _, force := range []bool{false, true} {
		if err := Write(home, synthTree(3, 0), YAML, force); !errors.Is(err, ErrNotExport) {
			t.Errorf("force %v: %v, want ErrNotExport", force, err)
		}
	}
	after := files(t, home)
	if len(after) != len(before) {
		t.Errorf("the refused directory changed: %v", keys(after))
	}
	for rel, data := range before {
		if !bytes.Equal(after[rel], data) {
			t.Errorf("%s changed", rel)
		}
	}
	file := filepath.Join(home, "file")
	_ = os.WriteFile(file, nil, 0o644)
	if err := Write(file, synthTree(1, 0), YAML, true); !errors.Is(err, ErrNotDirectory) {
		t.Errorf("a file as the directory: %v", err)
	}
	empty := filepath.Join(home, "empty")
	_ = os.Mkdir(empty, 0o755)
	if err := Write(empty, synthTree(1, 0), YAML, false); err != nil {
		t.Errorf("an empty directory: %v", err)
	}
}

// The export of another sub-account, or one whose manifest is damaged, is written
// over only with --force.
func TestWriteOverAnotherSubAccountsExport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x")
	if err := Write(dir, synthTree(2, 0), YAML, false); err != nil {
		t.Fatal(err)
	}
	other := synthTree(2, 1)
	other.Manifest.Location = Location{ID: "Loc02", Name: "Summit"}
	if err := Write(dir, other, YAML, false); !errors.Is(err, ErrOtherExport) || !strings.Contains(err.Error(), "Lakeside (Loc01)") {
		t.Fatalf("another sub-account's export: %v, want ErrOtherExport naming it", err)
	}
	if err := Write(dir, other, YAML, true); err != nil {
		t.Fatal(err)
	}
	_ = os.WriteFile(filepath.Join(dir, "manifest.yaml"), []byte("location: [\n"), 0o644)
	if err := Write(dir, other, YAML, false); !errors.Is(err, ErrOtherExport) {
		t.Fatalf("a damaged manifest: %v, want ErrOtherExport", err)
	}
}

// An export never writes through a link out of its directory, nor over something of
// its names that is not a file.
func TestWriteNeverGoesThroughALink(t *testing.T) {
	root := t.TempDir()
	dir, outside := filepath.Join(root, "export"), filepath.Join(root, "outside")
	if err := Write(dir, synthTree(3, 0), YAML, false); err != nil {
		t.Fatal(err)
	}
	_ = os.MkdirAll(outside, 0o755)
	_ = os.RemoveAll(filepath.Join(dir, "funnels"))
	if err := os.Symlink(outside, filepath.Join(dir, "funnels")); err != nil {
		t.Skip(err)
	}
	if err := Write(dir, synthTree(3, 0), YAML, true); !errors.Is(err, ErrNotDirectory) {
		t.Errorf("funnels/ a link out: %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) > 0 {
		t.Errorf("written through the link: %v", entries)
	}
	_ = os.Remove(filepath.Join(dir, "funnels"))
	_ = os.Mkdir(filepath.Join(dir, "domains.yaml.d"), 0o755)
	_ = os.Remove(filepath.Join(dir, "domains.yaml"))
	_ = os.Mkdir(filepath.Join(dir, "domains.yaml"), 0o755)
	if err := Write(dir, synthTree(3, 0), YAML, false); !errors.Is(err, ErrNotDirectory) {
		t.Errorf("a directory where a file goes: %v", err)
	}
}

// What a kill leaves at each point of a write: staging still being written (the
// previous export reads whole, and the leftover goes once an hour old), or files part
// way moved (the new export reads whole, and the next write finishes the move).
func TestAStoppedExportReadsWhole(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lakeside")
	oldTree, newTree := synthTree(30, 0), synthTree(30, 1)
	if err := Write(dir, oldTree, YAML, false); err != nil {
		t.Fatal(err)
	}
	writeTheirs(t, dir)

	stopped := filepath.Join(dir, stagingPrefix+"0-111"+writingSuffix)
	_ = os.MkdirAll(filepath.Join(stopped, stagedFiles, "funnels"), 0o755)
	_ = os.WriteFile(filepath.Join(stopped, stagedFiles, "manifest.yaml"), []byte("formatVer"), 0o644)
	if back, err := Read(dir); err != nil || len(Diff(back, oldTree, Options{})) > 0 {
		t.Fatalf("beside a staging killed while written: %v", err)
	}

	files, _ := newTree.Files(YAML)
	p := plan{Format: YAML}
	for _, f := range files {
		p.Files = append(p.Files, f.Path)
	}
	p.Stale, _ = staleFiles(dir, YAML, p.Files)
	swap, release, err := stage(dir, files, p)
	if err != nil {
		t.Fatal(err)
	}
	release() // as a kill would
	for _, moved := range []int{0, 1, len(p.Files) / 2, len(p.Files) - 1, len(p.Files)} {
		for _, rel := range p.Files[:moved] {
			from := filepath.Join(swap, stagedFiles, filepath.FromSlash(rel))
			if _, err := os.Stat(from); err != nil {
				continue
			}
			to := filepath.Join(dir, filepath.FromSlash(rel))
			_ = os.MkdirAll(filepath.Dir(to), 0o755)
			if err := os.Rename(from, to); err != nil {
				t.Fatal(err)
			}
		}
		back, err := Read(dir)
		if err != nil {
			t.Fatalf("%d of %d files moved: %v", moved, len(p.Files), err)
		}
		if d := Diff(back, newTree, Options{}); len(d) > 0 || back.Manifest.Counts != newTree.Count() {
			t.Fatalf("%d of %d files moved: not the new export (%d differences)", moved, len(p.Files), len(d))
		}
	}
	old := time.Now().Add(-2 * time.Hour)
	_ = os.Chtimes(stopped, old, old)
	if err := Write(dir, newTree, YAML, false); err != nil {
		t.Fatal(err)
	}
	checkExport(t, dir, newTree, YAML)
}

// A write killed (SIGKILL) at any moment leaves the previous export or the new one
// readable whole, the person's files untouched, and the next write finishes.
func TestKilledWriteLeavesOldOrNew(t *testing.T) {
	oldTree, newTree := synthTree(killedSize, 0), synthTree(killedSize, 1)
	root := t.TempDir()
	took := func() time.Duration {
		out, err := killable(filepath.Join(root, "timing")).Output()
		if err != nil {
			t.Fatal(err)
		}
		_, after, _ := strings.Cut(string(out), "wrote in ")
		after, _, _ = strings.Cut(after, "\n")
		d, err := time.ParseDuration(after)
		if err != nil {
			t.Fatalf("the child said %q", out)
		}
		return d
	}()
	states := map[string]int{}
	for i := range 12 {
		dir := filepath.Join(root, fmt.Sprint(i))
		if err := Write(dir, oldTree, YAML, false); err != nil {
			t.Fatal(err)
		}
		writeTheirs(t, dir)
		cmd := killable(dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		_, _ = bufio.NewReader(out).ReadString('\n') // "writing": Write begins
		// Most of a write is its staging; the later half of it, where files move,
		// gets most of the kills.
		time.Sleep(took/3 + time.Duration(rand.Int64N(int64(took))))
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		back, err := Read(dir)
		if err != nil {
			t.Fatalf("kill %d: the export does not read: %v", i, err)
		}
		state := "mixed"
		switch {
		case back.Manifest.Counts != back.Count():
		case len(Diff(back, oldTree, Options{})) == 0:
			state = "old"
		case len(Diff(back, newTree, Options{})) == 0:
			state = "new"
			if len(readySwaps(dir)) > 0 {
				state = "new, part way moved"
			}
		}
		states[state]++
		if state == "mixed" {
			t.Fatalf("kill %d: the export read is neither the old nor the new", i)
		}
		got := files(t, dir)
		for rel, data := range theirs {
			if string(got[rel]) != data {
				t.Fatalf("kill %d: %s of theirs lost or changed", i, rel)
			}
		}
		if err := Write(dir, newTree, YAML, false); err != nil {
			t.Fatal(err)
		}
		checkExport(t, dir, newTree, YAML)
	}
	t.Logf("a write took %v; what kills left: %v", took, states)
}

// killedSize is the number of funnels the killed writes write.
const killedSize = 300

// killable is this test binary writing synthTree(killedSize, 1) to dir in a process
// of its own (TestWriteHelperProcess), for a test to kill.
func killable(dir string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriteHelperProcess$")
	cmd.Env = append(os.Environ(), "FUNNELTREE_WRITE_TO="+dir)
	return cmd
}

// TestWriteHelperProcess is the child of TestKilledWriteLeavesOldOrNew: it says
// when it begins to write, and how long the write took.
func TestWriteHelperProcess(t *testing.T) {
	dir := os.Getenv("FUNNELTREE_WRITE_TO")
	if dir == "" {
		t.Skip("the child of TestKilledWriteLeavesOldOrNew")
	}
	tr := synthTree(killedSize, 1)
	fmt.Println("writing")
	start := time.Now()
	if err := Write(dir, tr, YAML, false); err != nil {
		t.Fatal(err)
	}
	fmt.Println("wrote in", time.Since(start))
}
