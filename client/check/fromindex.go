package check

import (
	"context"
	"fmt"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// FromIndex is what the local index holds of a location, as a run takes it, with
// the index's state (State.Exists false: never crawled, Location empty; Crawled
// says how fresh it is).
func FromIndex(ctx context.Context, store *index.Store, id, name string) (Location, index.State, error) {
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return Location{}, index.State{}, fmt.Errorf("reading the local index: %w", err)
	}
	history, err := store.ChangeSets(ctx)
	if err != nil {
		return Location{}, snap.State, fmt.Errorf("reading the index's history: %w", err)
	}
	loc := FromSnapshot(snap, history)
	loc.ID, loc.Name = id, name
	return loc, snap.State, nil
}

// FromSnapshot is a location from an index's records and its change sets (oldest
// first): every step with its funnel's domain and whether it has a live page, every
// URL redirect, and the addresses steps had before — a path changed, or a funnel
// moved to another domain.
func FromSnapshot(snap *index.Snapshot, history []index.ChangeSet) Location {
	var loc Location
	live := map[string]bool{}     // page id → not archived
	stepLive := map[string]bool{} // step id → one of its pages is live
	for _, p := range snap.Pages {
		live[p.ID] = !p.Deleted
		if !p.Deleted && p.StepID != "" {
			stepLive[p.StepID] = true
		}
	}
	funnels := map[string]*index.Funnel{}
	for i := range snap.Funnels {
		f := &snap.Funnels[i]
		funnels[f.ID] = f
		for _, s := range f.Steps {
			loc.Steps = append(loc.Steps, Step{ID: s.ID, Name: s.Name, FunnelID: f.ID, Funnel: f.Name,
				Host: client.Host(f.DomainName), Path: s.URL, Live: stepLive[s.ID] || anyLive(s.Pages, live)})
		}
	}
	for _, r := range snap.Redirects {
		loc.Redirects = append(loc.Redirects, Redirect{ID: r.ID, Host: client.Host(r.Domain), Path: r.Path,
			Target: r.Target, Action: r.Action})
	}
	for _, set := range history {
		for _, c := range set.Changes {
			loc.Moves = append(loc.Moves, movesOf(c, funnels)...)
		}
	}
	return loc
}

// anyLive reports whether one of a step's pages is live: known live, or not known
// to the index at all (its pages never read: the step's own list is taken at its
// word).
func anyLive(pages []string, live map[string]bool) bool {
	for _, id := range pages {
		if l, known := live[id]; l || !known {
			return true
		}
	}
	return false
}

// movesOf are the old addresses a change gives: a step's old path on its funnel's
// domain, or every step of a funnel on the domain it had.
func movesOf(c index.Change, funnels map[string]*index.Funnel) []Move {
	if c.Kind != index.Changed {
		return nil
	}
	f := funnels[c.FunnelID]
	if f == nil {
		return nil
	}
	var out []Move
	for _, fc := range c.Fields {
		switch {
		case c.Item == "step" && fc.Field == "path" && fc.Old != "":
			out = append(out, Move{StepID: c.ID, OldHost: client.Host(f.DomainName), OldPath: fc.Old})
		case c.Item == "funnel" && fc.Field == "domain" && fc.Old != "":
			for _, s := range f.Steps {
				out = append(out, Move{StepID: s.ID, OldHost: client.Host(fc.Old), OldPath: s.URL})
			}
		}
	}
	return out
}
