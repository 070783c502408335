package index

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// bigIndex is an index whose kept catalog is larger than splitCatalogFile: its keys
// and items blobs are mapped apart.
func bigIndex(t *testing.T) *Store {
	t.Helper()
	s := Open(filepath.Join(t.TempDir(), "index.db"), "k")
	now := time.Now().UnixMilli()
	if err := s.Update(ctxT(t), func(w *Writer) error {
		for i := range 3000 {
			name := fmt.Sprintf("Funnel %d %s", i, strings.Repeat("spring offer ", 3))
			if err := w.PutFunnel(Funnel{ID: fmt.Sprintf("f%05d", i), Name: name, At: now}); err != nil {
				return err
			}
		}
		return w.MarkCrawled()
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Catalog(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(s.Path() + catalogSuffix); err != nil || st.Size() < splitCatalogFile {
		t.Fatalf("the catalog file is not large enough to be mapped apart (%v)", err)
	}
	return s
}

// A catalog file large enough to be mapped in two (keys, items) reads as the one the
// records make, copied or mapped, read alone or in a set.
func TestALargeCatalogFileReadsWhole(t *testing.T) {
	s := bigIndex(t)
	snap := snapshot(t, s)
	want := snap.Items(nil)
	for _, mapped := range []bool{false, true} {
		c, st, made, err := s.loadCatalog(ctxT(t), false, mapped)
		if err != nil || made || !st.Exists || c.Len() != len(want) {
			t.Fatalf("mapped %v: %d items, made %v, %+v (%v)", mapped, c.Len(), made, st, err)
		}
		for i := range want {
			if c.Key(i) != want[i].Key() || !reflect.DeepEqual(c.Item(i, nil), want[i]) {
				t.Fatalf("mapped %v: item %d is %q %+v, want %+v", mapped, i, c.Key(i), c.Item(i, nil), want[i])
			}
		}
	}
	set, err := ReadMappedCatalogSet(ctxT(t), []*Store{s, s})
	if err != nil || set.Len() != 2*len(want) || set.Key(len(want)+7) != want[7].Key() {
		t.Fatalf("a set of it twice holds %d items (%v)", set.Len(), err)
	}
}

// A catalog found current is read without the index's stamp file, from the stamp it
// keeps; an index written since is not, even when the stamp file still names the
// state the catalog was kept in.
func TestTheKeptCatalogTrustsItsOwnStampOnly(t *testing.T) {
	s := bigIndex(t)
	if err := os.Remove(s.Path() + stampSuffix); err != nil {
		t.Fatal(err)
	}
	if _, fast := s.catalogFast(false); !fast {
		t.Fatal("the catalog was not read as current without the stamp file")
	}
	stamp, ok := readStamp(s.Path())
	if ok {
		t.Fatalf("a removed stamp file read as %q", stamp)
	}
	// Another writer changes the index and stamps it; the old stamp is put back, as a
	// writer killed before its stamp would leave it.
	old, _ := s.catalogFast(false)
	other := Open(s.Path(), "k")
	if err := other.Update(ctxT(t), func(w *Writer) error {
		return w.PutFunnel(Funnel{ID: "new", Name: "Summer Launch", At: time.Now().UnixMilli()})
	}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(s.Path()+stampSuffix, []byte(old.stamp), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, fast := s.catalogFast(false); fast {
		t.Fatal("a catalog of the index before a write was read as current")
	}
	c, err := s.Catalog(ctxT(t))
	if err != nil || c.Len() != old.cat.Len()+1 {
		t.Fatalf("after the write the catalog holds %d items, was %d (%v)", c.Len(), old.cat.Len(), err)
	}
}
