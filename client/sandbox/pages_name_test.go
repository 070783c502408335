package sandbox

import (
	"net/url"
	"testing"
)

// TestPagesByName: the page list and the page count take name, as the documented
// routes and the official SDK offer it: the pages whose name holds it, without
// case, on the seed and the public surface alike.
func TestPagesByName(t *testing.T) {
	for _, surface := range []Surface{SurfaceSeed, SurfacePublic} {
		r := startT(t, Options{Surface: surface})
		c := newTC(t, r)
		f := funnelByName(t, c, "Summer Sale 2025") // Sales Page, Sales Page (Variation B), Thank You - Old Version, Thank You …
		base := "?locationId=" + r.Server.LocationID() + "&funnelId=" + f.ID + "&limit=20&offset=0"
		for name, want := range map[string][]string{
			"SALES page":             {"Sales Page", "Sales Page (Variation B)"},
			"thank you":              {"Thank You - Old Version", "Thank You"},
			"no page is called this": nil,
		} {
			var got []wirePage
			c.get("/funnels/page"+base+"&name="+url.QueryEscape(name)).hasStatus(t, 200).into(t, &got)
			if len(got) != len(want) {
				t.Fatalf("%s %q: %+v, want %v", surface, name, got, want)
			}
			for i, p := range got {
				if p.Name != want[i] || p.FunnelID != f.ID {
					t.Errorf("%s %q: page %d %+v, want %q", surface, name, i, p, want[i])
				}
			}
			if n := c.get("/funnels/page/count"+base+"&name="+url.QueryEscape(name)).hasStatus(t, 200).obj(t)["count"]; n != float64(len(want)) {
				t.Errorf("%s %q: count %v, want %d", surface, name, n, len(want))
			}
		}
	}
}
