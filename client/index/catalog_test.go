package index

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// The catalog holds every item of the snapshot, each with its key, its fields and
// whether it is stale, as Items does.
func TestCatalogHoldsEveryItemAsItemsDoes(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	// A folder known only from the funnel list is stale as the funnels are.
	if err := s.Update(ctxT(t), func(w *Writer) error {
		return w.PutFolder(Folder{ID: "grouped-1", Grouped: true, At: 1})
	}); err != nil {
		t.Fatal(err)
	}
	snap, err := s.Snapshot(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	stale := func(k Kind) bool { return k == KindFunnel || k == KindPage }
	want := snap.Items(stale)
	c, err := s.Catalog(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if c.Len() != len(want) || c.Gen() != snap.State.Gen || !c.Crawled().Equal(snap.State.Crawled) {
		t.Fatalf("catalog of %d items, gen %d, crawled %v; want %d, %d, %v", c.Len(), c.Gen(), c.Crawled(),
			len(want), snap.State.Gen, snap.State.Crawled)
	}
	for i := range want {
		if got := c.Item(i, stale); !reflect.DeepEqual(got, want[i]) {
			t.Fatalf("item %d:\n got %+v\nwant %+v", i, got, want[i])
		}
		if got := c.Key(i); got != want[i].Key() {
			t.Fatalf("key %d: %q, want %q", i, got, want[i].Key())
		}
	}
}

// The catalog is kept beside the index: a second reader reads it as kept, a write
// that changes an item makes the next read bring it up to date with what was written.
func TestCatalogIsKeptUntilTheIndexChanges(t *testing.T) {
	s := Open(filepath.Join(t.TempDir(), "index.db"), "k")
	ctx := ctxT(t)
	put := func(id, name string) {
		t.Helper()
		if err := s.Update(ctx, func(w *Writer) error {
			return w.PutFunnel(Funnel{ID: id, Name: name, At: time.Now().UnixMilli()})
		}); err != nil {
			t.Fatal(err)
		}
	}
	put("f1", "Spring Sale")
	first, err := s.Catalog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Path() + catalogSuffix); err != nil {
		t.Fatalf("the catalog was not kept beside the index: %v", err)
	}
	st, _ := s.State(ctx)
	if first.Gen() != st.Gen {
		t.Fatalf("keeping the catalog counted as a write: gen %d, catalog of %d", st.Gen, first.Gen())
	}
	if _, _, made, err := s.loadCatalog(ctx, true, false); err != nil || made {
		t.Fatalf("the second read made the catalog again (%v)", err)
	}
	put("f2", "Summer Launch")
	second, err := s.Catalog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if first.Len() != 1 || second.Len() != 2 || second.Key(0) != "spring sale" || second.Key(1) != "summer launch" {
		t.Fatalf("the catalogs before and after a write hold %d and %d items", first.Len(), second.Len())
	}
}

// A whole crawl ends with the catalog of what it read kept beside the index and
// stamped, so the first open of go to anything after it does not open the index.
func TestACrawlKeepsTheCatalog(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	cf, fast := s.catalogFast(true)
	if !fast {
		t.Fatalf("the crawl ended without a current catalog beside the index (%v)", cf != nil)
	}
	st, _ := s.State(ctxT(t))
	if cf.state.Gen != st.Gen || !cf.state.Crawled.Equal(st.Crawled) || cf.cat.Len() == 0 {
		t.Fatalf("the kept catalog says %+v of an index at %+v", cf.state, st)
	}
}

// A catalog read with its keys mapped holds what the one read into memory holds.
func TestAMappedCatalogIsTheCatalog(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	copied, err := s.Catalog(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	mapped, err := s.MappedCatalog(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if copied.Len() != mapped.Len() || copied.Len() == 0 {
		t.Fatalf("%d items read into memory, %d mapped", copied.Len(), mapped.Len())
	}
	for i := range copied.Len() {
		if copied.Key(i) != mapped.Key(i) || !reflect.DeepEqual(copied.Item(i, nil), mapped.Item(i, nil)) {
			t.Fatalf("item %d: %q, mapped %q", i, copied.Key(i), mapped.Key(i))
		}
	}
	set, err := ReadMappedCatalogSet(ctxT(t), []*Store{s})
	if err != nil || set.Len() != copied.Len() || set.Key(set.Len()-1) != copied.Key(copied.Len()-1) {
		t.Fatalf("the mapped set holds %d items (%v)", set.Len(), err)
	}
}
