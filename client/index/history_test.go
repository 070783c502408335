package index

import (
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// ChangeSets hands every kept change set whole, oldest first: a step moved twice
// shows both paths it left, which the merged report folds into one.
func TestChangeSetsKeepEveryStep(t *testing.T) {
	sb, c, s, _ := editedLocation(t)
	crawl(t, c, s)
	var moved Step
	var funnelID string
	for _, f := range snapshot(t, s).Funnels {
		for _, st := range f.Steps {
			if st.URL == "/moved-here" {
				moved, funnelID = st, f.ID
			}
		}
	}
	if err := sb.Server.EditStep(sb.Server.LocationID(), funnelID, moved.ID, sandbox.StepEdit{URL: "/moved-again"}); err != nil {
		t.Fatal(err)
	}
	crawl(t, c, s)
	sets, err := s.ChangeSets(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 3 || !sets[0].Baseline || sets[1].Version != 2 || sets[2].Version != 3 {
		t.Fatalf("%d sets: %+v", len(sets), sets)
	}
	var paths []string
	for _, set := range sets {
		for _, ch := range set.Changes {
			for _, f := range ch.Fields {
				if ch.ID == moved.ID && f.Field == "path" {
					paths = append(paths, f.Old+"→"+f.New)
				}
			}
		}
	}
	if len(paths) != 2 || paths[1] != "/moved-here→/moved-again" {
		t.Errorf("the step's paths: %v", paths)
	}
	if empty, err := newStore(t, sb).ChangeSets(ctxT(t)); err != nil || len(empty) != 0 {
		t.Errorf("a new index: %v %v", empty, err)
	}
}
