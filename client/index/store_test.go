package index

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestAFileThatIsNotAnIndexIsRebuilt: garbage where the index should be reads as an
// empty index, is set aside as .damaged with a notice saying so, and the next crawl
// builds a new one in its place.
func TestAFileThatIsNotAnIndexIsRebuilt(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	junk := bytes.Repeat([]byte("not a database "), 2000)
	if err := os.WriteFile(s.Path(), junk, 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := s.Listing(ctxT(t), "")
	if err != nil || l.Known || len(l.Funnels) > 0 {
		t.Fatalf("a damaged index read as %+v, %v", l, err)
	}
	if n := s.Notice(); !strings.Contains(n, "damaged") || !strings.Contains(n, ".damaged") {
		t.Fatalf("notice %q", n)
	}
	if s.Notice() != "" {
		t.Fatal("the notice is told twice")
	}
	if got, err := os.ReadFile(s.Path() + ".damaged"); err != nil || !bytes.Equal(got, junk) {
		t.Fatalf("the damaged file was not set aside whole: %v", err)
	}
	crawl(t, newClient(t, sb, ""), s)
	if snap := snapshot(t, s); len(snap.Pages) != seedPages {
		t.Fatalf("%d pages after the rebuild", len(snap.Pages))
	}
}

// TestDamagedPagesNeverPanic: an index with bytes overwritten all over its data pages
// (a disk that lies, a copy cut short) is read without a panic: what can be read is,
// and a file bbolt cannot walk is set aside and rebuilt.
func TestDamagedPagesNeverPanic(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	c := newClient(t, sb, "")
	built := newStore(t, sb)
	crawl(t, c, built)
	good, err := os.ReadFile(built.Path())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 120 {
		bad := bytes.Clone(good)
		switch round % 3 {
		case 0: // random bytes over data pages (the two meta pages and the freelist stay)
			for range 64 {
				i := 4*4096 + rng.IntN(len(bad)-4*4096)
				bad[i] = byte(rng.IntN(256))
			}
		case 1: // a whole page of zeros
			p := 4 + rng.IntN(len(bad)/4096-4)
			clear(bad[p*4096 : (p+1)*4096])
		case 2: // cut short
			bad = bad[:4096*(2+rng.IntN(len(bad)/4096-2))]
		}
		path := filepath.Join(t.TempDir(), "index.db")
		if err := os.WriteFile(path, bad, 0o600); err != nil {
			t.Fatal(err)
		}
		s := Open(path, built.key)
		if _, err := s.Snapshot(ctxT(t)); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if _, err := s.Listing(ctxT(t), ""); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if err := s.SaveFunnels(ctxT(t), []client.Funnel{{ID: "after", Name: "Written after the damage"}}); err != nil {
			t.Fatalf("round %d: a write after the damage: %v", round, err)
		}
	}
}

// TestAnotherLocationNeverMixes: each profile, location and API has its own file; an
// index met with another key reads as empty, and the first write empties it.
func TestAnotherLocationNeverMixes(t *testing.T) {
	dir := t.TempDir()
	a := PathFor(dir, "default", "https://services.leadconnectorhq.com", "LocA")
	for _, other := range []string{
		PathFor(dir, "default", "https://services.leadconnectorhq.com", "LocB"),
		PathFor(dir, "clinic", "https://services.leadconnectorhq.com", "LocA"),
		PathFor(dir, "default", "http://127.0.0.1:8484", "LocA"),
		PathFor(dir, "../../etc", "https://services.leadconnectorhq.com", "../LocA"),
	} {
		if other == a || !strings.HasPrefix(other, filepath.Join(dir, "index")+string(filepath.Separator)) {
			t.Fatalf("%s shares a file with %s or leaves the cache directory", other, a)
		}
	}
	sa := Open(a, KeyOf("https://services.leadconnectorhq.com", "LocA"))
	if err := sa.SaveListing(ctxT(t), "", nil, []client.Funnel{{ID: "f1", Name: "Spring Sale", StepsKnown: true}}, false, true); err != nil {
		t.Fatal(err)
	}
	sb := Open(a, KeyOf("https://services.leadconnectorhq.com", "LocB")) // the same file, another location
	if l, err := sb.Listing(ctxT(t), ""); err != nil || l.Known || len(l.Funnels) != 0 {
		t.Fatalf("location B reads location A's index: %+v, %v", l, err)
	}
	if err := sb.SaveListing(ctxT(t), "", nil, []client.Funnel{{ID: "f2", Name: "Clinic Intake"}}, false, true); err != nil {
		t.Fatal(err)
	}
	snap := snapshot(t, sb)
	if len(snap.Funnels) != 1 || snap.Funnels[0].ID != "f2" {
		t.Fatalf("after B wrote, the file holds %+v", snap.Funnels)
	}
	if l, _ := sa.Listing(ctxT(t), ""); len(l.Funnels) != 0 {
		t.Fatalf("location A reads B's funnels: %+v", l.Funnels)
	}
}

// TestWhatTheBrowserSawIsKept: a listing, pages and redirects written through as the
// browser reads them are painted back, and a listing read whole drops what left it.
func TestWhatTheBrowserSawIsKept(t *testing.T) {
	s := Open(filepath.Join(t.TempDir(), "index.db"), "k")
	ctx := ctxT(t)
	steps := []client.Step{{ID: "s1", Name: "Opt-in", URL: "/spring", Pages: []string{"p1"}, Sequence: 1}}
	if err := s.SaveListing(ctx, "", []client.Folder{{ID: "d1", Name: "Webinars"}},
		[]client.Funnel{{ID: "f1", Name: "Spring Sale", Steps: steps, StepsKnown: true}, {ID: "f2", Name: "Old"}}, false, true); err != nil {
		t.Fatal(err)
	}
	if err := s.SavePages(ctx, "f1", "s1", []client.Page{{ID: "p1", StepID: "s1", Name: "Opt-in A"}, {ID: "p2", StepID: "s1", Name: "Opt-in B"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveListing(ctx, "", []client.Folder{{ID: "d1", Name: "Webinars"}},
		[]client.Funnel{{ID: "f1", Name: "Spring Sale 2026"}}, false, true); err != nil {
		t.Fatal(err)
	}
	l, err := s.Listing(ctx, "")
	if err != nil || !l.Known || len(l.Folders) != 1 || len(l.Funnels) != 1 {
		t.Fatalf("listing %+v: %v", l, err)
	}
	f := l.Funnels[0].Client()
	if f.Name != "Spring Sale 2026" || !f.StepsKnown || len(f.Steps) != 1 || f.Steps[0].URL != "/spring" {
		t.Fatalf("a funnel listed again without its steps lost them: %+v", f)
	}
	pg, err := s.Pages(ctx, "f1", "s1")
	if err != nil || !pg.Known || len(pg.Pages) != 2 {
		t.Fatalf("pages %+v: %v", pg, err)
	}
	if err := s.SavePages(ctx, "f1", "s1", []client.Page{{ID: "p2", StepID: "s1", Name: "Opt-in B"}}); err != nil {
		t.Fatal(err)
	}
	if pg, _ := s.Pages(ctx, "f1", "s1"); len(pg.Pages) != 1 || pg.Pages[0].ID != "p2" {
		t.Fatalf("a page gone from the step is still kept: %+v", pg.Pages)
	}
	if err := s.SaveRedirects(ctx, []client.Redirect{{ID: "r1", Domain: "offers.example.com", Path: "/old", Target: "/new"}}, true); err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveRedirect(ctx, "r1"); err != nil {
		t.Fatal(err)
	}
	snap := snapshot(t, s)
	if len(snap.Redirects) != 0 || len(snap.Funnels) != 1 || len(snap.Pages) != 1 {
		t.Fatalf("snapshot %d redirects, %d funnels, %d pages", len(snap.Redirects), len(snap.Funnels), len(snap.Pages))
	}
	if snap.State.Gen < 6 {
		t.Fatalf("gen %d after six writes", snap.State.Gen)
	}
}

// TestTempIndexesOfGoneProcessesAreSwept: a session-only index left by a process that
// was killed is removed by the next OpenTemp; one of a live process stays, and Close
// removes the session's own.
func TestTempIndexesOfGoneProcessesAreSwept(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := exec.Command(os.Args[0], "-test.run=^$")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	left := filepath.Join(tmp, tempPrefix+strconv.Itoa(gone.Process.Pid)+"-123")
	live := filepath.Join(tmp, tempPrefix+"1-456") // init, always there
	for _, d := range []string{left, live} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	s, err := OpenTemp("k")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Fatalf("the index of a gone process is still there: %v", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Fatalf("the index of a live process was removed: %v", err)
	}
	if err := s.SaveFunnels(ctxT(t), []client.Funnel{{ID: "f"}}); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(s.Path())
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("Close left the session's index: %v", err)
	}
}
