package index

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestListingReadsTheFolderRows: a folder is listed from its rows alone — with every
// funnel record unreadable, the listing still holds each funnel whole (steps, their
// pages, the split) and each folder, by name; an entry written without a row (an
// index from before rows were kept) or with a damaged one is read from its record.
func TestListingReadsTheFolderRows(t *testing.T) {
	ctx := ctxT(t)
	s := Open(filepath.Join(t.TempDir(), "index.db"), "test")
	var want []Funnel
	err := s.Update(ctx, func(w *Writer) error {
		if err := w.PutFolder(Folder{ID: "d1", Name: "webinars", Type: "funnel", At: 7}); err != nil {
			return err
		}
		if err := w.PutFolder(Folder{ID: "d2", Name: "Ads", Grouped: true, At: 8}); err != nil {
			return err
		}
		for i := range 5 {
			f := Funnel{ID: fmt.Sprintf("f%d", i), Name: fmt.Sprintf("Offer %d", 5-i), Type: "funnel", DomainName: "offers.example.com",
				URL: "/o", StepsKnown: true, Updated: 99, At: int64(100 + i),
				Steps: []Step{{ID: "s" + fmt.Sprint(i), Name: "Opt-in", URL: "/a", Type: "optin_funnel_page", Seq: 1,
					Pages: []string{"p1", "p2"}, Split: true, Control: 37.5}, {ID: "t" + fmt.Sprint(i), Name: "Thanks", Seq: 2}}}
			if err := w.PutFunnel(f); err != nil {
				return err
			}
			want = append([]Funnel{f}, want...) // "Offer 1" first
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.update(ctx, func(tx *bolt.Tx) error {
		b := tx.Bucket(bFunnels)
		for i := range 5 {
			if err := b.Put(fmt.Appendf(nil, "f%d", i), []byte("{not json")); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.Listing(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Folders) != 2 || l.Folders[0].Name != "Ads" || !l.Folders[0].Grouped || l.Folders[1].Name != "webinars" || l.Folders[1].Type != "funnel" {
		t.Fatalf("folders %+v", l.Folders)
	}
	if !reflect.DeepEqual(l.Funnels, want) {
		t.Fatalf("the funnels read from their rows:\n%+v\nwant\n%+v", l.Funnels, want)
	}
	if got := l.At.UnixMilli(); got != 7 {
		t.Fatalf("at %d, want the oldest fetch, 7", got)
	}

	// An entry with no row and one whose row is damaged: read from their records.
	err = s.Update(ctx, func(w *Writer) error {
		for _, id := range []string{"f0", "f1"} {
			if err := w.PutFunnel(Funnel{ID: id, Name: "Kept " + id, At: 50, Steps: []Step{{ID: "x", Name: "Only"}}, StepsKnown: true}); err != nil {
				return err
			}
		}
		if err := w.tx.Bucket(bChildren).Put(childKey('f', "", "f0"), nil); err != nil {
			return err
		}
		return w.tx.Bucket(bChildren).Put(childKey('f', "", "f1"), []byte{rowVersion, 0, 0xff})
	})
	if err != nil {
		t.Fatal(err)
	}
	l, err = s.Listing(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Funnels) != 5 || l.Funnels[0].Name != "Kept f0" || l.Funnels[1].Name != "Kept f1" || len(l.Funnels[1].Steps) != 1 ||
		l.Funnels[1].Steps[0].Name != "Only" {
		t.Fatalf("entries without a readable row: %+v", l.Funnels[:2])
	}
}

// TestRowsNeverPanicOnDamage: every row cut short, and every byte of a row changed,
// decodes or is refused, never a panic, never a step past the row's end.
func TestRowsNeverPanicOnDamage(t *testing.T) {
	row := funnelRow(Funnel{ID: "f", Name: "Spring", Steps: []Step{{ID: "s", Name: "A", Pages: []string{"p1", "p2"}, Split: true, Control: 50}}, StepsKnown: true})
	try := func(b []byte) {
		var steps []Step
		var pages []string
		r := rowReader{s: string(b), end: len(b)}
		_, _ = r.funnel("f", "", &steps, &pages)
		r = rowReader{s: string(b), end: len(b)}
		_, _ = r.folder("d", "")
	}
	for n := range len(row) {
		try(row[:n])
	}
	for i := range row {
		for _, v := range []byte{0, 1, 0x7f, 0x80, 0xff} {
			b := append([]byte(nil), row...)
			b[i] = v
			try(b)
		}
	}
	var steps []Step
	var pages []string
	r := rowReader{s: string(row[:len(row)-1]), end: len(row) - 1}
	if _, ok := r.funnel("f", "", &steps, &pages); ok {
		t.Fatal("a row cut short was read as whole")
	}
}
