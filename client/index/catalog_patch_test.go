package index

import (
	"os"
	"reflect"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// sameAsItems fails t unless c holds every item of the index as Items lists them,
// each with its key, flags and parent, in the same order.
func sameAsItems(t *testing.T, s *Store, c *Catalog) {
	t.Helper()
	snap, err := s.Snapshot(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	want := snap.Items(nil)
	parent := map[string]string{}
	for _, f := range snap.Folders {
		parent[f.ID] = f.ParentID
	}
	if c.Len() != len(want) {
		t.Fatalf("the catalog holds %d items, the index %d", c.Len(), len(want))
	}
	for i := range want {
		if got := c.Item(i, nil); !reflect.DeepEqual(got, want[i]) {
			t.Fatalf("item %d:\n got %+v\nwant %+v", i, got, want[i])
		}
		if got := c.Key(i); got != want[i].Key() {
			t.Fatalf("key %d: %q, want %q", i, got, want[i].Key())
		}
		if want[i].Kind == KindFolder && c.Parent(i) != parent[want[i].ID] {
			t.Fatalf("folder %s sits in %q, want %q", want[i].ID, c.Parent(i), parent[want[i].ID])
		}
	}
}

// keptGarbage is what the kept catalog file says patches left behind (0: made whole).
func keptGarbage(t *testing.T, s *Store) uint64 {
	t.Helper()
	cf, err := readCatalogFile(s.Path()+catalogSuffix, s.key, false)
	if err != nil {
		t.Fatal(err)
	}
	return cf.garbage
}

// Every kind of change a write makes — a funnel renamed (its steps and pages placed
// anew), deleted or added, a funnel's pages changed, a folder renamed (the funnels in
// it placed anew), a redirect added (a domain counted again) — is patched into the
// kept catalog, and the catalog patched is the one made whole from the records.
func TestAPatchedCatalogIsTheOneMadeWhole(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	ctx := ctxT(t)
	snap := snapshot(t, s)
	var inFolder, other Funnel
	for _, f := range snap.Funnels {
		switch {
		case f.ParentID != "" && inFolder.ID == "":
			inFolder = f
		case f.ParentID == "" && len(f.Steps) > 0 && other.ID == "":
			other = f
		}
	}
	if inFolder.ID == "" || other.ID == "" {
		t.Fatal("the seed has no funnel in a folder and at the root")
	}
	var folder Folder
	for _, f := range snap.Folders {
		if f.ID == inFolder.ParentID {
			folder = f
		}
	}
	var pages []Page
	for _, p := range snap.Pages {
		if p.FunnelID == other.ID {
			pages = append(pages, p)
		}
	}
	changes := []struct {
		what  string
		write func(w *Writer) error
	}{
		{"a funnel renamed", func(w *Writer) error {
			f := other
			f.Name, f.At = "Renamed Funnel", w.now.UnixMilli()
			return w.PutFunnel(f)
		}},
		{"a funnel's pages changed", func(w *Writer) error {
			ps := append([]Page(nil), pages[1:]...)
			ps[0].Name = "A Page Renamed"
			ps = append(ps, Page{ID: "new-page", StepID: other.Steps[0].ID, Name: "A New Page"})
			return w.ReplacePages(other.ID, "", ps)
		}},
		{"a funnel added", func(w *Writer) error {
			f := Funnel{ID: "0-first-by-id", Name: "Added Funnel", ParentID: folder.ID, StepsKnown: true, At: 1,
				DomainName: "new.example.com", Steps: []Step{{ID: "st-new", Name: "Its Step", URL: "/added", Pages: []string{"p-new"}}}}
			if err := w.PutFunnel(f); err != nil {
				return err
			}
			return w.ReplacePages(f.ID, "", []Page{{ID: "p-new", StepID: "st-new", Name: "Its Page"}})
		}},
		{"a folder renamed", func(w *Writer) error {
			f := folder
			f.Name = "Folder Renamed"
			return w.PutFolder(f)
		}},
		{"a redirect added", func(w *Writer) error {
			return w.PutRedirect(Redirect{ID: "r-new", Domain: "new.example.com", Path: "/old", Target: "/new", At: 1})
		}},
		{"a funnel deleted", func(w *Writer) error { return w.DeleteFunnel(inFolder.ID) }},
	}
	if _, err := s.Catalog(ctx); err != nil {
		t.Fatal(err)
	}
	for _, ch := range changes {
		if err := s.Update(ctx, ch.write); err != nil {
			t.Fatalf("%s: %v", ch.what, err)
		}
		c, _, made, err := s.loadCatalog(ctx, true, false)
		if err != nil || !made {
			t.Fatalf("%s: the catalog was not brought up to date (made %v, %v)", ch.what, made, err)
		}
		if keptGarbage(t, s) == 0 {
			t.Fatalf("%s: the catalog was made whole, not patched", ch.what)
		}
		sameAsItems(t, s, c)
	}
}

// A write by a program that keeps no record of what it changed (an earlier version)
// makes the next reader make the catalog whole from the records.
func TestAnUntrackedWriteMakesTheCatalogWhole(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	ctx := ctxT(t)
	if _, err := s.Catalog(ctx); err != nil {
		t.Fatal(err)
	}
	id := snapshot(t, s).Funnels[0].ID
	err := s.with(ctx, true, func(tx *bolt.Tx) error {
		k := []byte(id)
		f := Funnel{}
		if !get(tx.Bucket(bFunnels), k, &f) {
			return errCatalog
		}
		f.Name = "Renamed Behind Its Back"
		if err := put(tx.Bucket(bFunnels), k, f); err != nil {
			return err
		}
		if err := tx.Bucket(bChildren).Put(childKey('f', f.ParentID, f.ID), funnelRow(f)); err != nil {
			return err
		}
		return bumpGen(tx)
	})
	if err != nil {
		t.Fatal(err)
	}
	c, _, made, err := s.loadCatalog(ctx, true, false)
	if err != nil || !made || keptGarbage(t, s) != 0 {
		t.Fatalf("after a write that kept no record the catalog was not made whole (made %v, %v)", made, err)
	}
	sameAsItems(t, s, c)
	found := false
	for i := range c.Len() {
		if it := c.Item(i, nil); it.Kind == KindFunnel && it.ID == id && it.Name == "Renamed Behind Its Back" {
			found = true
		}
	}
	if !found {
		t.Fatal("the catalog does not hold the funnel as renamed")
	}
}

// What a browser start writes when nothing changed on the server — every funnel of
// the root listed again — rewrites no record and leaves the kept catalog current.
func TestAListingThatChangesNothingChangesNothing(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	c := newClient(t, sb, "")
	s := newStore(t, sb)
	crawl(t, c, s)
	ctx := ctxT(t)
	if _, err := s.Catalog(ctx); err != nil {
		t.Fatal(err)
	}
	l, _, err := c.BrowseFolder(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	records := func() map[string]string {
		out := map[string]string{}
		_, _ = s.view(ctx, func(tx *bolt.Tx) error {
			for _, b := range [][]byte{bFolders, bFunnels, bChildren, bPages} {
				_ = tx.Bucket(b).ForEach(func(k, v []byte) error {
					out[string(b)+"/"+string(k)] = string(v)
					return nil
				})
			}
			return nil
		})
		return out
	}
	before := records()
	s.now = func() time.Time { return time.Now().Add(time.Hour) }
	if err := s.SaveListing(ctx, "", l.Folders, l.Funnels, false, true); err != nil {
		t.Fatal(err)
	}
	if after := records(); !reflect.DeepEqual(before, after) {
		t.Fatal("listing the root again as it was rewrote records")
	}
	if _, _, made, err := s.loadCatalog(ctx, true, false); err != nil || made {
		t.Fatalf("the catalog was made again after a listing that changed nothing (%v)", err)
	}
	listing, err := s.Listing(ctx, "")
	if err != nil || time.Until(listing.At) < 50*time.Minute {
		t.Fatalf("the root's listing says it was seen at %v, not at the listing's time (%v)", listing.At, err)
	}
	// A crawl after it still finds every funnel seen, and removes none.
	crawl(t, c, s)
	if got := snapshot(t, s); len(got.Funnels) != seedFunnels {
		t.Fatalf("%d funnels after the crawl, want %d", len(got.Funnels), seedFunnels)
	}
}

// An index as it was when its catalog was last found current is not opened to read
// the catalog: a reader gets it while another process holds the index for writing.
func TestACurrentCatalogIsReadWithoutOpeningTheIndex(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	f, err := os.OpenFile(s.Path(), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Skipf("no flock here: %v", err)
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	reader := Open(s.Path(), s.key)
	reader.wait = 50 * time.Millisecond
	set, err := ReadCatalogSet(ctxT(t), []*Store{reader})
	if err != nil || set.Len() == 0 || set.Made(0) {
		t.Fatalf("the kept catalog was not read beside a writer: %v", err)
	}
	if st := set.State(0); !st.Exists || st.Crawled.IsZero() {
		t.Fatalf("the kept catalog's state %+v", st)
	}
}

// A catalog file is never taken for the catalog of another index file at the same
// path: one set aside and begun again has another identity.
func TestACatalogIsOfOneIndexFile(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	kept, err := os.ReadFile(s.Path() + catalogSuffix)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Clear(); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveFunnels(ctxT(t), []client.Funnel{{ID: "only", Name: "The Only Funnel"}}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.Path()+catalogSuffix, kept, 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := s.Catalog(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != 1 || c.Key(0) != "the only funnel" {
		t.Fatalf("the catalog of the file before was taken: %d items", c.Len())
	}
}
