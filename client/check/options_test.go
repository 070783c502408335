package check

import (
	"errors"
	"testing"

	"github.com/funnelsdev/funnels/client/index"
)

func TestOptionsOutOfRange(t *testing.T) {
	for _, o := range []Options{{PerHost: -1}, {PerHost: 65}, {Timeout: -1}, {MaxHops: 51}, {MaxBody: -1}, {FailCertDays: -1}} {
		_, err := Run(ctxT(t), nil, o)
		var oe *OptionError
		if !errors.Is(err, ErrOptions) || !errors.As(err, &oe) || oe.Option == "" {
			t.Errorf("%+v: %v", o, err)
		}
	}
	if res, err := Run(ctxT(t), nil, Options{}); err != nil || len(res) != 0 {
		t.Errorf("nothing to check: %v %v", res, err)
	}
}

// The snapshots say where steps were: a path changed, a funnel moved to another
// domain; a step's pages say whether it is live.
func TestFromSnapshot(t *testing.T) {
	snap := &index.Snapshot{
		Funnels: []index.Funnel{
			{ID: "F1", Name: "Spring", DomainName: "https://Offers.Example.com/", Steps: []index.Step{
				{ID: "s1", Name: "Opt-in", URL: "/spring-join", Pages: []string{"p1"}},
				{ID: "s2", Name: "Old", URL: "/old", Pages: []string{"p2"}},
				{ID: "s3", Name: "Unread", URL: "/unread", Pages: []string{"p9"}},
			}},
			{ID: "F2", Name: "Site", DomainName: "www.example.com", Steps: []index.Step{{ID: "s4", Name: "Home", URL: "/home"}}},
		},
		Pages: []index.Page{{ID: "p1", FunnelID: "F1", StepID: "s1"}, {ID: "p2", FunnelID: "F1", StepID: "s2", Deleted: true},
			{ID: "p4", FunnelID: "F2", StepID: "s4"}},
		Redirects: []index.Redirect{{ID: "r1", Domain: "offers.example.com", Path: "/x", Target: "/spring-join", Action: "funnel"}},
	}
	history := []index.ChangeSet{
		{Version: 2, Changes: []index.Change{{Kind: index.Changed, Item: "step", ID: "s1", FunnelID: "F1",
			Fields: []index.FieldChange{{Field: "path", Old: "/spring-opt-in", New: "/spring-2"}}}}},
		{Version: 3, Changes: []index.Change{
			{Kind: index.Changed, Item: "step", ID: "s1", FunnelID: "F1", Fields: []index.FieldChange{{Field: "path", Old: "/spring-2", New: "/spring-join"}}},
			{Kind: index.Changed, Item: "funnel", ID: "F2", FunnelID: "F2", Fields: []index.FieldChange{{Field: "domain", Old: "old.example.com", New: "www.example.com"}}},
			{Kind: index.Added, Item: "step", ID: "s9", FunnelID: "F1"},
		}},
	}
	loc := FromSnapshot(snap, history)
	live := map[string]bool{}
	for _, s := range loc.Steps {
		live[s.ID] = s.Live
		if s.ID == "s1" && (s.Host != "offers.example.com" || s.Funnel != "Spring" || s.FunnelID != "F1") {
			t.Errorf("s1: %+v", s)
		}
	}
	if !live["s1"] || live["s2"] || !live["s3"] || !live["s4"] {
		t.Errorf("live %v", live)
	}
	want := []Move{{StepID: "s1", OldHost: "offers.example.com", OldPath: "/spring-opt-in"},
		{StepID: "s1", OldHost: "offers.example.com", OldPath: "/spring-2"},
		{StepID: "s4", OldHost: "old.example.com", OldPath: "/home"}}
	if len(loc.Moves) != len(want) {
		t.Fatalf("moves %+v", loc.Moves)
	}
	for i := range want {
		if loc.Moves[i] != want[i] {
			t.Errorf("move %d: %+v, want %+v", i, loc.Moves[i], want[i])
		}
	}
	if len(loc.Redirects) != 1 || loc.Redirects[0].Host != "offers.example.com" {
		t.Errorf("redirects %+v", loc.Redirects)
	}
}
