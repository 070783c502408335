package client_test

import (
	"slices"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestTheDocumentedSurfaceReadsAsTheSeed: over loopback, the documented surface's
// example shapes (a funnel list of one as an object, deleted as a string on every
// other page) decode to the same funnels and pages as the seed's arrays and bools.
func TestTheDocumentedSurfaceReadsAsTheSeed(t *testing.T) {
	doc, _ := newTestClient(t, sandbox.Options{Surface: sandbox.SurfaceDocumented})
	seed, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	all, _, err := seed.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil || len(all) < 2 {
		t.Fatalf("seed funnels: %d %v", len(all), err)
	}
	ones := 0
	for _, name := range []string{all[0].Name, all[1].Name} {
		want, _, err := seed.ListFunnels(ctx, client.ListFunnelsParams{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := doc.ListFunnels(ctx, client.ListFunnelsParams{Name: name})
		if err != nil || len(got.Funnels) != len(want.Funnels) || len(got.Funnels) == 0 {
			t.Fatalf("%q: %d funnels (%v), want %d", name, len(got.Funnels), err, len(want.Funnels))
		}
		if len(want.Funnels) == 1 {
			ones++
		}
		if g, w := got.Funnels[0], want.Funnels[0]; g.ID != w.ID || len(g.Steps) != len(w.Steps) || !g.StepsKnown {
			t.Errorf("%q: %+v, want %+v", name, g, w)
		}
	}
	if ones == 0 {
		t.Error("no funnel list of one was asked: the object shape was never read")
	}
	archived := 0
	for _, f := range all {
		want, _, err := seed.ListAllPages(ctx, client.ListPagesParams{FunnelID: f.ID})
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := doc.ListAllPages(ctx, client.ListPagesParams{FunnelID: f.ID})
		if err != nil {
			t.Fatal(err)
		}
		pageState := func(ps []client.Page) []string {
			var out []string
			for _, p := range ps {
				out = append(out, p.ID+map[bool]string{true: " archived", false: ""}[p.Deleted])
			}
			return out
		}
		if !slices.Equal(pageState(got), pageState(want)) {
			t.Errorf("funnel %s: pages %q, want %q", f.ID, pageState(got), pageState(want))
		}
		for _, p := range want {
			if p.Deleted {
				archived++
			}
		}
	}
	if archived == 0 {
		t.Error("no archived page in the seed: deleted \"true\" was never read")
	}
}
