package index

import (
	"encoding/binary"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

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

// The catalog is made once per generation and kept in the index: a second reader
// reads it, a write makes the next read make it again with what was written.
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
	kept := false
	if _, err := s.view(ctx, func(tx *bolt.Tx) error {
		kept = tx.Bucket(bMeta).Get(mCatalogKeys) != nil && tx.Bucket(bMeta).Get(mCatalogItems) != nil
		return nil
	}); err != nil || !kept {
		t.Fatalf("the catalog was not kept in the index (%v)", err)
	}
	st, _ := s.State(ctx)
	if first.Gen() != st.Gen {
		t.Fatalf("making the catalog counted as a write: gen %d, catalog of %d", st.Gen, first.Gen())
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

// A whole crawl ends with the catalog of what it read kept in the index, so the
// first open of go to anything after it reads two values instead of every record.
func TestACrawlKeepsTheCatalog(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	kept := false
	if _, err := s.view(ctxT(t), func(tx *bolt.Tx) error {
		m := tx.Bucket(bMeta)
		k := m.Get(mCatalogKeys)
		kept = len(k) >= catalogHeader && btoi(m.Get(mGen)) == binary.LittleEndian.Uint64(k[len(catalogMagic):])
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if !kept {
		t.Fatal("the crawl ended without the catalog of the index as it left it")
	}
}
