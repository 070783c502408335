package ui

import (
	"testing"

	"github.com/funnelsdev/funnels/client"
)

// A step whose split flag is on but which holds one page runs no test: its row shows
// no traffic split; one of two pages does.
func TestStepRowSplitOnlyWhileATestRuns(t *testing.T) {
	f := &client.Funnel{ID: "f", Name: "F", Steps: []client.Step{
		{ID: "one", Sequence: 1, Name: "One", Split: true, ControlTraffic: 70, Pages: []string{"p1"}},
		{ID: "two", Sequence: 2, Name: "Two", Split: true, ControlTraffic: 70, Pages: []string{"p2", "p3"}},
	}}
	rows := entityRows(nil, []client.Funnel{*f})[0].stepRows()
	if rows[0].split != "" {
		t.Errorf("a step of one page shows the split %q", rows[0].split)
	}
	if rows[1].split != "70/30" {
		t.Errorf("a step of two pages shows the split %q, want 70/30", rows[1].split)
	}
}
