package index

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// changeLines is each change as "kind item name: field old→new; …", sorted.
func changeLines(cs []Change) []string {
	var out []string
	for _, c := range cs {
		var fs []string
		for _, f := range c.Fields {
			fs = append(fs, f.Field+" "+f.Old+"→"+f.New)
		}
		out = append(out, fmt.Sprintf("%s %s %s: %s", c.Kind, c.Item, c.Name, strings.Join(fs, "; ")))
	}
	slices.Sort(out)
	return out
}

// editedLocation is a crawled sandbox whose location was then changed: a step renamed,
// another step's path changed, a page archived and a funnel added. want is what the
// next crawl must report, exactly.
func editedLocation(t *testing.T) (sb *sandbox.Running, c *client.Client, s *Store, want []string) {
	t.Helper()
	sb = fastSandbox(t, sandbox.Options{})
	c = newClient(t, sb, "")
	s = newStore(t, sb)
	crawl(t, c, s)
	// A funnel with a step of two pages (one is archived), and another funnel with
	// two steps (one renamed, one given a new path).
	var split, edited Funnel
	var splitStep Step
	for _, cand := range snapshot(t, s).Funnels {
		for _, st := range cand.Steps {
			if len(st.Pages) >= 2 && split.ID == "" {
				split, splitStep = cand, st
			}
		}
		if len(cand.Steps) >= 2 && edited.ID == "" && cand.ID != split.ID {
			edited = cand
		}
	}
	if split.ID == "" || edited.ID == "" {
		t.Fatal("the seed has no step of two pages, or no other funnel of two steps")
	}
	renamed, moved := edited.Steps[0], edited.Steps[1]
	if sb.Server.EditStep(sb.Server.LocationID(), edited.ID, renamed.ID, sandbox.StepEdit{Name: "Renamed Step"}) != nil ||
		sb.Server.EditStep(sb.Server.LocationID(), edited.ID, moved.ID, sandbox.StepEdit{URL: "/moved-here"}) != nil {
		t.Fatal("the sandbox did not find the steps")
	}
	step := client.Step{ID: splitStep.ID, Pages: splitStep.Pages}
	if _, _, err := c.ArchivePage(ctxT(t), split.ID, step, splitStep.Pages[1]); err != nil {
		t.Fatal(err)
	}
	sb.Server.AddFunnel("Spring Sale")
	want = []string{
		"added funnel Spring Sale: name →Spring Sale; type →funnel; folder →(top level); path →/spring-sale",
		"changed step Renamed Step: name " + renamed.Name + "→Renamed Step",
		"changed step " + moved.Name + ": path " + moved.URL + "→/moved-here",
	}
	if splitStep.Split {
		// Archiving one page of a split test ends it: the step keeps the other.
		want = append(want, fmt.Sprintf("changed step %s: split yes→no; traffic %g→100", splitStep.Name, splitStep.Control))
	}
	slices.Sort(want)
	return sb, c, s, want
}

// TestACrawlAgainReportsExactlyWhatChanged: a step renamed, a path changed, a page
// archived and a funnel added between two crawls are the second crawl's changes,
// with old → new, and nothing else is.
func TestACrawlAgainReportsExactlyWhatChanged(t *testing.T) {
	_, c, s, want := editedLocation(t)
	first, err := s.Changes(ctxT(t), Since{})
	if err != nil || !first.Found || !first.Baseline || first.To != 1 || len(first.Changes) != 0 {
		t.Fatalf("after the first crawl: %+v, %v", first, err)
	}
	crawl(t, c, s)
	r, err := s.Changes(ctxT(t), Since{})
	if err != nil || r.Baseline || r.From != 2 || r.To != 2 || r.Prev.IsZero() || r.At.Before(r.Prev) {
		t.Fatalf("report %+v, %v", r, err)
	}
	got := changeLines(r.Changes)
	// The archived page: the page list shows it archived or no longer lists it.
	var page []string
	for i := 0; i < len(got); i++ {
		if strings.Contains(got[i], " page ") {
			page = append(page, got[i])
			got = slices.Delete(got, i, i+1)
			i--
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(page) != 1 || !strings.HasPrefix(page[0], "changed page") && !strings.HasPrefix(page[0], "removed page") ||
		strings.HasPrefix(page[0], "changed page") && !strings.Contains(page[0], "archived no→yes") {
		t.Fatalf("the archived page shows as %q", page)
	}
	crawl(t, c, s)
	again, err := s.Changes(ctxT(t), Since{})
	if err != nil || again.To != 3 || len(again.Changes) != 0 {
		t.Fatalf("a third crawl with nothing changed: %+v, %v", again, err)
	}
	all, err := s.Changes(ctxT(t), Since{Version: 1})
	if err != nil || all.From != 2 || all.To != 3 || len(all.Changes) != len(want)+1 {
		t.Fatalf("since version 1: %+v, %v", all, err)
	}
	recent, err := s.Changes(ctxT(t), Since{Time: time.Now().Add(-time.Hour)})
	if err != nil || recent.From != 1 || !recent.Baseline {
		t.Fatalf("since an hour ago: %+v, %v", recent, err)
	}
}

// TestACrawlStoppedPartWayKeepsTheSnapshot: a crawl that fails part way reports no
// changes and keeps the version; the next whole one reports them.
func TestACrawlStoppedPartWayKeepsTheSnapshot(t *testing.T) {
	sb, c, s, want := editedLocation(t)
	sb.Server.FailNext(400, 1, "/funnels/page")
	_, err := (&Crawler{Client: c, Store: s}).Run(ctxT(t))
	if !errors.Is(err, ErrCrawlIncomplete) {
		t.Fatalf("a crawl whose page lists fail: %v", err)
	}
	r, err := s.Changes(ctxT(t), Since{})
	if err != nil || r.To != 1 || len(r.Changes) != 0 {
		t.Fatalf("after a crawl that stopped part way: %+v, %v", r, err)
	}
	crawl(t, c, s)
	r, err = s.Changes(ctxT(t), Since{})
	if err != nil || r.To != 2 || len(r.Changes) != len(want)+1 {
		t.Fatalf("after the crawl that ended whole: %v\n%v", changeLines(r.Changes), err)
	}
}

// TestChangesMergeAcrossCrawls: an item changed twice shows its first old and last
// new value; one changed and changed back, or added and removed, does not show.
func TestChangesMergeAcrossCrawls(t *testing.T) {
	sets := []ChangeSet{
		{Version: 1, At: 1, Baseline: true},
		{Version: 2, At: 2, Prev: 1, Changes: []Change{
			{Kind: Changed, Item: "step", ID: "a", Name: "A", Fields: []FieldChange{{"name", "A", "B"}}},
			{Kind: Changed, Item: "step", ID: "b", Name: "X", Fields: []FieldChange{{"path", "/x", "/y"}}},
			{Kind: Added, Item: "funnel", ID: "c", Name: "C", Fields: []FieldChange{{Field: "name", New: "C"}}},
		}},
		{Version: 3, At: 3, Prev: 2, Changes: []Change{
			{Kind: Changed, Item: "step", ID: "a", Name: "C", Fields: []FieldChange{{"name", "B", "C"}}},
			{Kind: Changed, Item: "step", ID: "b", Name: "X", Fields: []FieldChange{{"path", "/y", "/x"}}},
			{Kind: Removed, Item: "funnel", ID: "c", Name: "C", Fields: []FieldChange{{Field: "name", Old: "C"}}},
		}},
	}
	r := reportOf(sets, Since{Version: 1})
	if got := changeLines(r.Changes); !slices.Equal(got, []string{"changed step C: name A→C"}) || r.From != 2 || r.To != 3 {
		t.Fatalf("merged: %v (%d..%d)", got, r.From, r.To)
	}
	if r := reportOf(nil, Since{}); r.Found || r.Changes == nil {
		t.Fatalf("no history: %+v", r)
	}
	if r := reportOf(sets, Since{Version: 3}); !r.Found || len(r.Changes) != 0 || r.From != 4 {
		t.Fatalf("nothing since the newest: %+v", r)
	}
}

// TestTheHistoryIsBounded: past keepVersions crawls that found changes, the oldest
// go; a crawl that found nothing stays only while it is the newest.
func TestTheHistoryIsBounded(t *testing.T) {
	s := Open(t.TempDir()+"/index.db", "k")
	ctx := context.Background()
	for i := range keepVersions + 5 {
		if err := s.Update(ctx, func(w *Writer) error {
			if i < keepVersions+3 {
				if err := w.PutFolder(Folder{ID: fmt.Sprintf("d%d", i), Name: "F", At: 1}); err != nil {
					return err
				}
			}
			return w.recordCrawl()
		}); err != nil {
			t.Fatal(err)
		}
	}
	var versions []int
	if _, err := s.view(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bHistory).ForEach(func(k, _ []byte) error {
			versions = append(versions, int(btoi(k)))
			return nil
		})
	}); err != nil {
		t.Fatal(err)
	}
	// Versions 1 to keepVersions+3 found a change; the last two found none.
	if len(versions) != keepVersions+1 || versions[0] != 4 || versions[len(versions)-2] != keepVersions+3 ||
		versions[len(versions)-1] != keepVersions+5 {
		t.Fatalf("versions kept: %v", versions)
	}
}

// TestLocateFindsWhatAChangeNames: a changed step and an added funnel are found where
// they sit now, with their folders up to the top; a removed item is not.
func TestLocateFindsWhatAChangeNames(t *testing.T) {
	_, c, s, _ := editedLocation(t)
	crawl(t, c, s)
	r, err := s.Changes(ctxT(t), Since{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range r.Changes {
		at, err := s.Locate(ctxT(t), ch)
		if err != nil || !at.Found || at.Item.ID != ch.ID || at.Item.FunnelID != ch.FunnelID || at.Item.Kind.String() != ch.Item {
			t.Fatalf("locate %+v: %+v, %v", ch, at, err)
		}
		if ch.Item == "step" && at.Item.StepID != ch.ID {
			t.Fatalf("a step located without its step id: %+v", at.Item)
		}
		for _, f := range at.Folders {
			if f.Name == "" {
				t.Fatalf("a folder above %s without its name: %+v", ch.Name, at.Folders)
			}
		}
	}
	gone, err := s.Locate(ctxT(t), Change{Kind: Removed, Item: "step", ID: "no-such-step", FunnelID: r.Changes[0].FunnelID})
	if err != nil || gone.Found {
		t.Fatalf("a step that is not there: %+v, %v", gone, err)
	}
}
