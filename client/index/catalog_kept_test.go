package index

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// A browser start lists the root again and writes when each funnel was last seen:
// the catalog kept before it is still current after it, stamped by that write, so the
// next reader takes it without opening the index. A write that changes what the
// catalog shows leaves it to be patched, and the patched catalog shows the change.
func TestAWriteThatChangesNothingLeavesTheCatalogCurrent(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	c := newClient(t, sb, "")
	ctx := ctxT(t)
	crawl(t, c, s)
	if _, fast := s.catalogFast(false); !fast {
		t.Fatal("the crawl ended without a current catalog")
	}
	root, _, err := c.BrowseFolder(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	before, _ := s.State(ctx)
	if err := s.SaveListing(ctx, "", root.Folders, root.Funnels, root.Grouped, true); err != nil {
		t.Fatal(err)
	}
	after, _ := s.State(ctx)
	if after.Gen == before.Gen {
		t.Fatal("the listing was not written (the test would prove nothing)")
	}
	cf, fast := s.catalogFast(false)
	if !fast {
		t.Fatal("a listing that changed nothing left the catalog to be checked against the index")
	}
	if cf.state.Gen != after.Gen {
		t.Fatalf("the catalog is stamped as of gen %d, the index is at %d", cf.state.Gen, after.Gen)
	}

	renamed := root.Funnels[0]
	renamed.Name = "Renamed After The Start"
	if err := s.SaveFunnels(ctx, []client.Funnel{renamed}); err != nil {
		t.Fatal(err)
	}
	if _, fast := s.catalogFast(false); fast {
		t.Fatal("a rename left the catalog stamped current")
	}
	cat, err := s.Catalog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i := range cat.Len() {
		if strings.Contains(cat.Key(i), "renamed after the start") {
			found = true
		}
	}
	if !found {
		t.Fatal("the catalog read after the rename does not hold the new name")
	}
}
