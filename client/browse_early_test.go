package client_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// listingIDs is the ids of a listing in the order the server sent them: folders,
// then funnels.
func listingIDs(l *client.Listing) []string {
	var out []string
	for _, f := range l.Folders {
		out = append(out, f.ID)
	}
	for _, f := range l.Funnels {
		out = append(out, f.ID)
	}
	return out
}

// The first records of a folder's answer are handed on while the answer is read: one
// cut off halfway, which never decodes whole, brings them all the same; read whole,
// they come once, before the listing, as its first records, steps and all.
func TestBrowseFolderEarlyHandsTheFirstRecordsBeforeTheEnd(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{Bulk: sandbox.Bulk{Funnels: 400, PagesPerFunnel: 3}},
		func(o *client.Options) { o.MaxRetries = -1 })
	ctx := ctxT(t)
	whole, _, err := c.BrowseFolder(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	const n = 50
	want := listingIDs(whole)[:n]

	sb.Server.SetFaults(sandbox.Faults{TruncateRate: 1})
	var early []*client.Listing
	got, _, err := c.BrowseFolderEarly(ctx, "", n, func(l *client.Listing) { early = append(early, l) })
	if err == nil {
		t.Fatalf("an answer cut halfway was read whole: %d funnels", len(got.Funnels))
	}
	if len(early) != 1 || !slices.Equal(listingIDs(early[0]), want) {
		t.Fatalf("the answer cut halfway handed on %d listings, want one of the first %d records (%v)", len(early), n, err)
	}

	sb.Server.SetFaults(sandbox.Faults{})
	early = nil
	returned := false
	got, _, err = c.BrowseFolderEarly(ctx, "", n, func(l *client.Listing) {
		if returned {
			t.Error("the first records came after the listing")
		}
		early = append(early, l)
	})
	returned = true
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(listingIDs(got), listingIDs(whole)) {
		t.Fatal("the listing differs from BrowseFolder's")
	}
	if len(early) != 1 || !slices.Equal(listingIDs(early[0]), want) {
		t.Fatalf("%d early listings, want one of the first %d records", len(early), n)
	}
	last := early[0].Funnels[len(early[0].Funnels)-1]
	if i := slices.IndexFunc(got.Funnels, func(f client.Funnel) bool { return f.ID == last.ID }); i < 0 ||
		!last.StepsKnown || len(last.Steps) != len(got.Funnels[i].Steps) || last.Name != got.Funnels[i].Name {
		t.Fatalf("an early funnel differs from the listing's: %+v", last)
	}

	early = nil
	if _, _, err := c.BrowseFolderEarly(ctx, "", 10_000, func(l *client.Listing) { early = append(early, l) }); err != nil || len(early) != 0 {
		t.Fatalf("a folder of fewer records than asked handed on %d early listings (%v)", len(early), err)
	}
}

// Where folder entities are refused, the folder's first page of the funnel list is
// handed on before the next page is asked for, grouped as the whole is: the root's
// funnels without a folder, and a folder per parentId.
func TestBrowseFolderEarlyHandsTheFunnelListsFirstPage(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{Surface: sandbox.SurfacePublic, Bulk: sandbox.Bulk{Funnels: 450, PagesPerFunnel: 2}})
	ctx := ctxT(t)
	var early []*client.Listing
	asked := -1
	got, _, err := c.BrowseFolderEarly(ctx, "", 50, func(l *client.Listing) {
		early = append(early, l)
		asked, _ = countRequests(sb, "GET", "/funnels/funnel/list")
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(early) != 1 || asked != 1 {
		t.Fatalf("%d early listings, handed on after %d pages of the funnel list; want one, after the first", len(early), asked)
	}
	part := early[0]
	if part.Via != client.FamilyFunnelList || !part.Grouped || part.Refusal == nil || len(part.Funnels) == 0 || len(part.Funnels) > 100 {
		t.Fatalf("the first page as a listing: via %v grouped %v refusal %v, %d funnels", part.Via, part.Grouped, part.Refusal, len(part.Funnels))
	}
	if got.Via != client.FamilyFunnelList || len(got.Funnels) <= len(part.Funnels) {
		t.Fatalf("the whole listing: via %v, %d funnels", got.Via, len(got.Funnels))
	}
	byID := map[string]client.Funnel{}
	for _, f := range got.Funnels {
		byID[f.ID] = f
	}
	folders := map[string]bool{}
	for _, f := range got.Folders {
		folders[f.ID] = true
	}
	for _, f := range part.Folders {
		if !folders[f.ID] {
			t.Errorf("early folder %s is not in the listing", f.ID)
		}
	}
	for i, f := range part.Funnels {
		if w, ok := byID[f.ID]; !ok || w.Name != f.Name || len(w.Steps) != len(f.Steps) {
			t.Errorf("early funnel %s differs from the listing's", f.ID)
		}
		if i > 0 && strings.ToLower(part.Funnels[i-1].Name) > strings.ToLower(f.Name) {
			t.Errorf("early funnels are not sorted by name: %q before %q", part.Funnels[i-1].Name, f.Name)
		}
	}
}
