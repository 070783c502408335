package index

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// The snapshot comparison that reads only the funnels changed since the last one
// finds what the comparison of every item finds, in the same order, with the same
// count of items — a funnel renamed, pages renamed, removed and added, a funnel added
// and one removed, and a funnel whose id begins another's left alone.
func TestTheComparisonOfWhatChangedIsTheWholeOne(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	ctx := ctxT(t)
	if err := s.Update(ctx, func(w *Writer) error {
		for _, f := range []Funnel{{ID: "zz", Name: "Short Id", Steps: []Step{{ID: "a", Name: "A"}}, StepsKnown: true},
			{ID: "zzz", Name: "Longer Id", Steps: []Step{{ID: "b", Name: "B"}}, StepsKnown: true}} {
			if err := w.PutFunnel(f); err != nil {
				return err
			}
			if err := w.ReplacePages(f.ID, "", []Page{{ID: f.ID + "-page", StepID: f.Steps[0].ID, Name: "Its Page"}}); err != nil {
				return err
			}
		}
		return w.RecordCrawl()
	}); err != nil {
		t.Fatal(err)
	}
	snap := snapshot(t, s)
	var victim Funnel
	for _, f := range snap.Funnels {
		if len(f.Steps) > 0 && f.ID != "zz" && f.ID != "zzz" {
			victim = f
			break
		}
	}
	var pages []Page
	for _, p := range snap.Pages {
		if p.FunnelID == victim.ID {
			pages = append(pages, p)
		}
	}
	change := func(w *Writer) error {
		f := victim
		f.Name = "Renamed"
		if err := w.PutFunnel(f); err != nil {
			return err
		}
		ps := append([]Page(nil), pages[1:]...)
		ps[0].Name = "Renamed Page"
		ps = append(ps, Page{ID: "added-page", StepID: victim.Steps[0].ID, Name: "Added Page"})
		if err := w.ReplacePages(victim.ID, "", ps); err != nil {
			return err
		}
		if err := w.PutFunnel(Funnel{ID: "new", Name: "New Funnel", Steps: []Step{{ID: "c", Name: "C"}}, StepsKnown: true}); err != nil {
			return err
		}
		zz := Funnel{ID: "zz", Name: "Short Id Renamed", Steps: []Step{{ID: "a", Name: "A"}}, StepsKnown: true}
		if err := w.PutFunnel(zz); err != nil {
			return err
		}
		return w.DeleteFunnel("zzz")
	}
	// The same index twice: one compares what changed, the other (no record of when
	// its snapshot was made) every item.
	whole := Open(filepath.Join(t.TempDir(), "copy.db"), s.key)
	raw, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(whole.Path(), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := whole.with(ctx, true, func(tx *bolt.Tx) error { return tx.Bucket(bMeta).Delete(mSeenGen) }); err != nil {
		t.Fatal(err)
	}
	for _, st := range []*Store{s, whole} {
		if err := st.Update(ctx, func(w *Writer) error {
			if err := change(w); err != nil {
				return err
			}
			return w.RecordCrawl()
		}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Changes(ctx, Since{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := whole.Changes(ctx, Since{})
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Changes) < 6 {
		t.Fatalf("the whole comparison found %d changes: %+v", len(want.Changes), want.Changes)
	}
	if !reflect.DeepEqual(got.Changes, want.Changes) {
		t.Fatalf("what changed:\n got %+v\nwant %+v", got.Changes, want.Changes)
	}
	items := func(st *Store) int {
		n := 0
		_, _ = st.view(ctx, func(tx *bolt.Tx) error {
			_, v := tx.Bucket(bHistory).Cursor().Last()
			var set ChangeSet
			if json.Unmarshal(v, &set) == nil {
				n = set.Items
			}
			return nil
		})
		return n
	}
	if items(s) != items(whole) || items(s) == 0 {
		t.Fatalf("items compared: %d, the whole comparison %d", items(s), items(whole))
	}
}
