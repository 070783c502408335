package index

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// A set of two indexes' catalogs (and one index never written) reads as one list:
// every item of each, in the order of the stores, with the catalog that holds it;
// a catalog older than its index is made again without a byte of the file written,
// and a missing file holds nothing and is not made.
func TestCatalogSetReadsSeveralIndexesAsOne(t *testing.T) {
	ctx := ctxT(t)
	dir := t.TempDir()
	put := func(s *Store, names ...string) {
		t.Helper()
		if err := s.Update(ctx, func(w *Writer) error {
			for i, n := range names {
				if err := w.PutFunnel(Funnel{ID: s.Path()[len(dir):] + n, Name: n, At: time.Now().UnixMilli() + int64(i)}); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	a := Open(filepath.Join(dir, "a.db"), "api A")
	b := Open(filepath.Join(dir, "b.db"), "api B")
	never := Open(filepath.Join(dir, "never.db"), "api C")
	put(a, "Spring Sale", "Summer Launch")
	if _, err := a.Catalog(ctx); err != nil { // kept in a's file
		t.Fatal(err)
	}
	put(b, "Open House")
	put(a, "Autumn Offer") // a's kept catalog is now older than a
	before, err := os.ReadFile(a.Path())
	if err != nil {
		t.Fatal(err)
	}

	set, err := ReadCatalogSet(ctx, []*Store{a, never, b})
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(a.Path()); !bytes.Equal(before, after) {
		t.Fatal("reading the set wrote to an index")
	}
	if _, err := os.Stat(never.Path()); !os.IsNotExist(err) {
		t.Fatalf("reading the set made a file for an index never written: %v", err)
	}
	if set.Len() != 4 || set.Sources() != 3 || set.Start(1) != 3 || set.Start(2) != 3 || set.Catalog(1).Len() != 0 {
		t.Fatalf("set of %d items from %d catalogs, starts %d %d", set.Len(), set.Sources(), set.Start(1), set.Start(2))
	}
	var keys []string
	for i := range set.Len() {
		src := set.Source(i)
		store := []*Store{a, never, b}[src]
		c, err := store.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		j := i - set.Start(src)
		if got, want := set.Item(i, nil), c.Item(j, nil); !reflect.DeepEqual(got, want) || set.Key(i) != c.Key(j) ||
			set.Kind(i) != c.Kind(j) || set.Parent(i) != c.Parent(j) {
			t.Fatalf("item %d (catalog %d): %+v, want %+v", i, src, got, want)
		}
		keys = append(keys, set.Key(i))
	}
	if want := []string{"autumn offer", "spring sale", "summer launch", "open house"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("keys %q, want %q", keys, want)
	}
}

// A store that cannot be read is named in the error and holds nothing; the others
// are read.
func TestCatalogSetNamesAnIndexThatCannotBeRead(t *testing.T) {
	ctx := ctxT(t)
	dir := t.TempDir()
	good := Open(filepath.Join(dir, "good.db"), "k")
	if err := good.Update(ctx, func(w *Writer) error { return w.PutFunnel(Funnel{ID: "f1", Name: "Spring Sale", At: 1}) }); err != nil {
		t.Fatal(err)
	}
	// A file where its directory should be: the index cannot be looked at.
	if err := os.WriteFile(filepath.Join(dir, "plain"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	bad := Open(filepath.Join(dir, "plain", "bad.db"), "k")
	set, err := ReadCatalogSet(ctx, []*Store{bad, good})
	if set == nil || set.Len() != 1 || set.Source(0) != 1 {
		t.Fatalf("set %+v beside %v; want the good store's one item", set, err)
	}
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte(bad.Path())) {
		t.Fatalf("error %v does not name %s", err, bad.Path())
	}
}

// A set says what each index said of itself when it was read (whether it exists,
// its generation) and which catalogs it had to make; once a catalog is kept
// (Store.WithCatalog), the next set reads it as kept.
func TestCatalogSetStatesAndMadeCatalogs(t *testing.T) {
	ctx := ctxT(t)
	dir := t.TempDir()
	a := Open(filepath.Join(dir, "a.db"), "api A")
	never := Open(filepath.Join(dir, "never.db"), "api B")
	if err := a.Update(ctx, func(w *Writer) error {
		return w.PutFunnel(Funnel{ID: "f1", Name: "Spring Sale", At: time.Now().UnixMilli()})
	}); err != nil {
		t.Fatal(err)
	}
	st, err := a.State(ctx)
	if err != nil {
		t.Fatal(err)
	}
	set, err := ReadCatalogSet(ctx, []*Store{a, never})
	if err != nil {
		t.Fatal(err)
	}
	if got := set.State(0); !got.Exists || got.Gen != st.Gen {
		t.Errorf("state of a: %+v, want %+v", got, st)
	}
	if set.State(1).Exists || set.State(5).Exists {
		t.Errorf("an index never written, or past the set, exists: %+v %+v", set.State(1), set.State(5))
	}
	if !set.Made(0) {
		t.Error("a's catalog was never kept, yet the set says it did not make it")
	}
	if err := a.WithCatalog(ctx, func(*Catalog) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if set, err = ReadCatalogSet(ctx, []*Store{a}); err != nil || set.Made(0) || set.Len() != 1 {
		t.Errorf("after keeping a's catalog: made %v, %d items, %v", set.Made(0), set.Len(), err)
	}
}
