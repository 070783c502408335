package check

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/funnelsdev/funnels/client/index"
)

// What every surface does with a check — the command, the browser's Health view,
// the MCP tool, the watch — is the same: read each location from its index, go on
// from a run cut short, run, say what changed since the last run and keep this one.
// RunIndexed does it once for all of them.

// ErrNoIndex is a location whose index was never crawled: crawl it, then check.
var ErrNoIndex = errors.New("no local index of this location: crawl it first")

// Target is one location to check from its local index.
type Target struct {
	ID, Name string
	Store    *index.Store
	// SavedPath is where its last check is kept (SavedPath of the index's file);
	// "" keeps nothing and compares with nothing.
	SavedPath string
}

// Outcome is one target's check.
type Outcome struct {
	Target Target
	State  index.State // the index's: when it was crawled
	Result *Result     // nil when the index could not be read
	// Since is what changed since the target's last complete run (everything is new
	// when there was none).
	Since Delta
	// Err is why the target was not checked (ErrNoIndex, a damaged store) or its
	// check not kept; the other targets are checked all the same.
	Err error
}

// RunIndexed checks every target at once (Run): each read from its index, the
// answers of its interrupted last run taken up (within DefaultResumeWithin), and
// its result kept beside its index, complete or not. Options.Resume is added to
// what the saved files give. The error is Run's: ctx's when it ended first.
func RunIndexed(ctx context.Context, targets []Target, opts Options) ([]Outcome, error) {
	out := make([]Outcome, len(targets))
	saved := make([]*Saved, len(targets))
	var locs []Location
	var at []int // the outcome of each location
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	for i, t := range targets {
		out[i].Target = t
		loc, state, err := FromIndex(ctx, t.Store, t.ID, t.Name)
		out[i].State = state
		switch {
		case err != nil:
			out[i].Err = err
			continue
		case !state.Exists:
			out[i].Err = fmt.Errorf("%s: %w", nameOf(t), ErrNoIndex)
			continue
		}
		saved[i] = &Saved{}
		if t.SavedPath != "" {
			s, err := LoadSaved(t.SavedPath)
			if err != nil {
				out[i].Err = err
			}
			saved[i] = s
			opts.Resume = append(opts.Resume, s.Resume(now(), DefaultResumeWithin)...)
		}
		locs = append(locs, loc)
		at = append(at, i)
	}
	results, runErr := Run(ctx, locs, opts)
	if results == nil && runErr != nil {
		return out, runErr
	}
	for j, res := range results {
		i := at[j]
		out[i].Result = res
		out[i].Since = saved[i].SinceLast(res)
		if path := targets[i].SavedPath; path != "" {
			saved[i].Record(res)
			if err := saved[i].Write(path); err != nil && out[i].Err == nil {
				out[i].Err = err
			}
		}
	}
	return out, runErr
}

func nameOf(t Target) string {
	if t.Name != "" {
		return t.Name
	}
	return t.ID
}
