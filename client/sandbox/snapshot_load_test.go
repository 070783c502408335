package sandbox

import (
	"testing"
)

// TestLoadSnapshotCopiesUnderNewIDs: a snapshot of Lakeside Fit loaded into Summit
// gives Summit as many folders, funnels, pages and URL redirects, every id new and
// every reference (parents, steps' pages, pages' steps) following them; an unknown
// sub-account is refused. EditStep renames a step and changes its path there only.
func TestLoadSnapshotCopiesUnderNewIDs(t *testing.T) {
	r := startT(t, Options{})
	if err := r.Server.LoadSnapshot(seedLocationID, summitLocationID); err != nil {
		t.Fatal(err)
	}
	if err := r.Server.LoadSnapshot(seedLocationID, "nowhere"); err == nil {
		t.Error("a snapshot into no sub-account was taken")
	}
	var src, dst *data
	r.Server.subByID[seedLocationID].store.with(func(d *data) { src = d })
	r.Server.subByID[summitLocationID].store.with(func(d *data) { dst = d })
	if len(dst.folders) != len(src.folders) || len(dst.funnels) != len(src.funnels) || len(dst.pages) != len(src.pages) ||
		len(dst.urlRedirects) != len(src.urlRedirects) || dst.locationID != summitLocationID {
		t.Fatalf("copied %d folders, %d funnels, %d pages, %d redirects", len(dst.folders), len(dst.funnels), len(dst.pages), len(dst.urlRedirects))
	}
	old := map[string]bool{}
	for _, f := range src.funnels {
		old[f.ID] = true
		for _, st := range f.Steps {
			old[st.ID] = true
		}
	}
	for _, p := range src.pages {
		old[p.ID] = true
	}
	for _, f := range dst.funnels {
		if old[f.ID] || (f.ParentID != "" && dst.folder(f.ParentID) == nil) {
			t.Fatalf("funnel %q: id %s, parent %q", f.Name, f.ID, f.ParentID)
		}
		for _, st := range f.Steps {
			for _, id := range st.Pages {
				if p := dst.pageByID[id]; old[st.ID] || p == nil || p.StepID != st.ID || p.FunnelID != f.ID {
					t.Fatalf("step %q of %q: page %s does not follow", st.Name, f.Name, id)
				}
			}
		}
	}
	f := dst.funnels[0]
	if err := r.Server.EditStep(summitLocationID, f.ID, f.Steps[0].ID, StepEdit{Name: "Renamed", URL: "/renamed"}); err != nil {
		t.Fatal(err)
	}
	if st := dst.funnel(f.ID).step(f.Steps[0].ID); st.Name != "Renamed" || st.URL != "/renamed" {
		t.Errorf("the step after the edit: %q %q", st.Name, st.URL)
	}
	if err := r.Server.EditStep(seedLocationID, f.ID, f.Steps[0].ID, StepEdit{Name: "x"}); err == nil {
		t.Error("a step of another sub-account was edited")
	}
}
