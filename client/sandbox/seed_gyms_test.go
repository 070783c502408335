package sandbox

import "testing"

// The other gyms are small but whole: fresh ids, steps with live pages, their own
// location on every record, and their first funnel's id pinned (screenshots and the
// e2e tests name them).
func TestOtherGymsSeed(t *testing.T) {
	want := map[string]struct{ funnels, folders int }{
		summitLocationID: {6, 2}, riversideLocationID: {4, 1}, harborLocationID: {0, 0},
	}
	ids := map[string]bool{}
	for _, f := range seeded().funnels {
		ids[f.ID] = true
	}
	for _, spec := range seedSubAccounts()[1:] {
		d := seedSub(spec)
		w := want[spec.location]
		if len(d.funnels) != w.funnels || len(d.folders) != w.folders {
			t.Errorf("%s: %d funnels, %d folders; want %d, %d", spec.name, len(d.funnels), len(d.folders), w.funnels, w.folders)
		}
		for _, f := range d.funnels {
			if !idRe.MatchString(f.ID) || ids[f.ID] || f.LocationID != spec.location {
				t.Errorf("%s: funnel %s id %q location %q", spec.name, f.Name, f.ID, f.LocationID)
			}
			ids[f.ID] = true
			for _, st := range f.Steps {
				if len(st.Pages) == 0 || !isUUIDv4(st.ID) {
					t.Errorf("%s / %s / %s: pages %v id %q", spec.name, f.Name, st.Name, st.Pages, st.ID)
				}
				for _, id := range st.Pages {
					if p := d.pageByID[id]; p == nil || p.LocationID != spec.location {
						t.Errorf("%s / %s: page %s", spec.name, f.Name, id)
					}
				}
			}
		}
		for _, r := range d.urlRedirects {
			if d.domainByHost(r.Domain) == nil || r.LocationID != spec.location {
				t.Errorf("%s: redirect %+v", spec.name, *r)
			}
		}
	}
	if got := seedSub(summit).funnels[0]; got.ID != "oHUK1WX5U7kMXb1vQ00K" || got.Name != "Summit Open House" {
		t.Errorf("summit's first funnel changed: %s %s", got.ID, got.Name)
	}
}
