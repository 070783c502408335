package index

import (
	"reflect"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// A funnel the index holds is answered from it with no request; asked fresh, with one
// request (its folder's funnel list narrowed by its name); one the index has never
// seen, at the root, with two (the list's first page, then the root's listing),
// after which any funnel of those is answered with no request; one in a folder past
// the list's first page, with the list whole beside the root's listing; an id the
// location does not have is no funnel and no error.
func TestLookupFunnelAsksTheFewestRequests(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{Bulk: sandbox.Bulk{Funnels: 250, PagesPerFunnel: 3}})
	c := newClient(t, sb, "")
	ctx := ctxT(t)
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil || len(all) < 250 {
		t.Fatalf("the funnel list: %d funnels, %v", len(all), err)
	}
	var inFolder client.Funnel
	for _, f := range all {
		if f.ParentID != "" && len(f.Steps) > 0 {
			inFolder = f
			break
		}
	}
	asked := func(do func()) int {
		t.Helper()
		sb.Server.ResetLog()
		do()
		return len(sb.Server.Requests())
	}
	same := func(got *client.Funnel, want client.Funnel) {
		t.Helper()
		if got == nil || got.ID != want.ID || got.Name != want.Name || len(got.Steps) != len(want.Steps) {
			t.Fatalf("looked up %+v, want %s %q with %d steps", got, want.ID, want.Name, len(want.Steps))
		}
		for i := range want.Steps {
			if got.Steps[i].ID != want.Steps[i].ID || got.Steps[i].URL != want.Steps[i].URL ||
				!reflect.DeepEqual(got.Steps[i].Pages, want.Steps[i].Pages) {
				t.Fatalf("step %d: %+v, want %+v", i, got.Steps[i], want.Steps[i])
			}
		}
	}

	s := newStore(t, sb)
	crawl(t, c, s)
	var got FunnelLookup
	if n := asked(func() { got, err = LookupFunnel(ctx, c, s, inFolder.ID, false) }); n != 0 || err != nil || !got.FromIndex || got.Seen.IsZero() {
		t.Fatalf("a funnel the index holds took %d requests (%v, from the index %v)", n, err, got.FromIndex)
	}
	same(got.Funnel, inFolder)
	if n := asked(func() { got, err = LookupFunnel(ctx, c, s, inFolder.ID, true) }); n != 1 || err != nil || got.FromIndex {
		t.Fatalf("asked fresh, the funnel took %d requests (%v)", n, err)
	}
	same(got.Funnel, inFolder)

	empty := newStore(t, sb)
	var atRoot, deep client.Funnel
	for _, f := range all[listPageSize:] {
		switch {
		case f.ParentID == "" && atRoot.ID == "":
			atRoot = f
		case f.ParentID != "" && deep.ID == "":
			deep = f
		}
	}
	if atRoot.ID == "" || deep.ID == "" {
		t.Fatalf("the bulk sandbox has no funnel past the first page at the root (%q) or in a folder (%q)", atRoot.ID, deep.ID)
	}
	if n := asked(func() { got, err = LookupFunnel(ctx, c, empty, atRoot.ID, false) }); n != 2 || err != nil {
		t.Fatalf("a funnel never seen at the root took %d requests, want 2: the list's first page, then the root's listing (%v)", n, err)
	}
	same(got.Funnel, atRoot)
	if n := asked(func() { got, err = LookupFunnel(ctx, c, empty, all[0].ID, false) }); n != 0 || err != nil || !got.FromIndex {
		t.Fatalf("a funnel of the list's first page, read beside, took %d requests (%v)", n, err)
	}
	same(got.Funnel, all[0])
	pages := (len(all) + listPageSize - 1) / listPageSize
	if n := asked(func() { got, err = LookupFunnel(ctx, c, empty, deep.ID, false) }); n > 1+pages+pages/2 || err != nil {
		t.Fatalf("a funnel never seen in a folder took %d requests, want at most %d (%v)", n, 1+pages+pages/2, err)
	}
	same(got.Funnel, deep)
	if n := asked(func() { got, err = LookupFunnel(ctx, c, empty, inFolder.ID, false) }); n != 0 || err != nil {
		t.Fatalf("after the list was read whole, another funnel took %d requests (%v)", n, err)
	}
	same(got.Funnel, inFolder)
	if n := asked(func() { got, err = LookupFunnel(ctx, c, empty, "no-such-funnel", false) }); err != nil || got.Funnel != nil || n > 1+pages+pages/2 {
		t.Fatalf("an id the location does not have: %+v after %d requests (%v)", got.Funnel, n, err)
	}
	if got, err := LookupFunnel(ctx, c, nil, inFolder.ID, false); err != nil {
		t.Fatal(err)
	} else {
		same(got.Funnel, inFolder)
	}
}

// Where folder listings are refused to the token, a funnel never seen is found in the
// funnel list alone, and the refused route is not asked again.
func TestLookupFunnelWithoutFolders(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{Surface: sandbox.SurfaceDocumented, Bulk: sandbox.Bulk{Funnels: 250, PagesPerFunnel: 1}})
	c := newClient(t, sb, "")
	ctx := ctxT(t)
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil || len(all) < 250 {
		t.Fatalf("the funnel list: %d funnels, %v", len(all), err)
	}
	last := all[len(all)-1]
	for range 2 {
		sb.Server.ResetLog()
		got, err := LookupFunnel(ctx, c, newStore(t, sb), last.ID, false)
		if err != nil || got.Funnel == nil || got.Funnel.ID != last.ID || !got.Funnel.StepsKnown {
			t.Fatalf("looked up %+v (%v)", got.Funnel, err)
		}
		pages := (len(all) + listPageSize - 1) / listPageSize
		if n, _ := requestsTo(sb, "/funnels/funnel/list"); n != pages {
			t.Fatalf("%d requests of the funnel list, want its %d pages", n, pages)
		}
	}
	if n, _ := requestsTo(sb, "/funnels/funnel/folder/entities"); n != 0 {
		t.Fatalf("the refused folder listing was asked again %d times", n)
	}
}

// A server that announces no count may have one page left of its list: a funnel the
// index never saw is then looked for in a few folders at most before the rest of the
// list is read, not in fifty.
func TestLookupFunnelOfAListOfNoKnownLength(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{Dialect: sandbox.Dialect{BareLists: true}, Bulk: sandbox.Bulk{Funnels: 150, PagesPerFunnel: 1}})
	c := newClient(t, sb, "")
	ctx := ctxT(t)
	s := newStore(t, sb)
	crawl(t, c, s)
	snap, err := s.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	folders := 0
	for _, f := range snap.Folders {
		if f.ParentID == "" {
			folders++
		}
	}
	if folders <= unknownLengthWalk {
		t.Fatalf("the seed has %d folders at the root: the test needs more than %d", folders, unknownLengthWalk)
	}
	sb.Server.ResetLog()
	got, err := LookupFunnel(ctx, c, newStore(t, sb), "no-such-funnel", false)
	if err != nil || got.Funnel != nil {
		t.Fatalf("an id the location does not have: %+v (%v)", got.Funnel, err)
	}
	if n, _ := requestsTo(sb, "/funnels/funnel/folder/entities"); n > 1+unknownLengthWalk {
		t.Fatalf("%d folder listings for a list of no known length, want at most %d", n, 1+unknownLengthWalk)
	}
}
