package index

import (
	"reflect"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// A funnel the index holds is answered from it with no request; asked fresh, with one
// request (its folder's funnel list narrowed by its name); one the index has never
// seen, by reading the funnel list whole, after which any funnel of it is answered
// with no request; an id the location does not have is no funnel and no error.
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
	last := all[len(all)-1]
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
	if n := asked(func() { got, err = LookupFunnel(ctx, c, empty, last.ID, false) }); n != 3 || err != nil {
		t.Fatalf("a funnel never seen took %d requests, want the 3 pages of the funnel list (%v)", n, err)
	}
	same(got.Funnel, last)
	if n := asked(func() { got, err = LookupFunnel(ctx, c, empty, inFolder.ID, false) }); n != 0 || err != nil {
		t.Fatalf("after the list was read whole, another funnel took %d requests (%v)", n, err)
	}
	same(got.Funnel, inFolder)
	if n := asked(func() { got, err = LookupFunnel(ctx, c, empty, "no-such-funnel", false) }); err != nil || got.Funnel != nil || n != 3 {
		t.Fatalf("an id the location does not have: %+v after %d requests (%v)", got.Funnel, n, err)
	}
	if got, err := LookupFunnel(ctx, c, nil, inFolder.ID, false); err != nil {
		t.Fatal(err)
	} else {
		same(got.Funnel, inFolder)
	}
}
