package redirectplan

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/funnelsdev/funnels/client"
)

// Outcomes of a step of an applied plan.
const (
	Planned      = "planned"       // nothing was sent (yet)
	Landed       = "done"          // the write landed
	LandedBefore = "landed-before" // a resumed apply found it landed
	FailedRow    = "failed"        // the service refused it, or the apply stopped at it
	NotSent      = "not-sent"      // the apply stopped before it
	Unchanged    = "unchanged"     // a step of kind Same
	RefusedRow   = "refused"       // a step of kind Refused
)

// Outcome is how one step of a plan went.
type Outcome struct {
	Outcome string
	ID      string // the redirect's id, when known
	Error   string
}

// Tally counts what an apply did.
type Tally struct {
	Added, Changed, Deleted, Failed, Before int
}

// Progress is how far an apply is, reported after each write. Failed is the step
// the service has just refused (with Err), nil otherwise.
type Progress struct {
	Done, Total int
	Tally       Tally
	Failed      *Step
	Err         error
}

// ApplyOptions are how Apply reports and dates what it does.
type ApplyOptions struct {
	// Began is told, before the first write, the version the location's redirects
	// were saved as, or that this apply resumes one interrupted (resumed: nothing
	// saved, what landed before is not sent again). Nil: not told.
	Began func(saved Version, resumed bool)
	// Progress is told after each write (nil: not told). It runs on Apply's
	// goroutine: it must not block for long.
	Progress func(Progress)
	Now      func() time.Time // nil: time.Now
}

// Result is what an apply did: an outcome per step of the plan, and the counts.
type Result struct {
	Outcomes []Outcome
	Tally    Tally
}

// LocalError is a failure of the machine's own files (the journal, a version),
// not of the service.
type LocalError struct{ Err error }

func (e *LocalError) Error() string { return e.Err.Error() }
func (e *LocalError) Unwrap() error { return e.Err }

// Apply sends plan's writes for w: the location's redirects (current, which the plan
// was made from) saved first as a version in st, then each write in the background
// lane (paced at the rate limit, behind the user's own requests), journaled as it
// leaves and as it lands, so an apply of the same w run again after an interruption
// sends nothing twice and skips what landed. A row the service refuses alone is
// counted as failed and the rest go on; a refusal of the token or the route, an
// interrupt or a lost answer stops it, returned as the error with the outcomes so
// far. When every write landed the journal is removed.
func Apply(ctx context.Context, c *client.Client, st State, w Wanted, plan Plan, current []client.Redirect, o ApplyOptions) (Result, error) {
	res := Result{Outcomes: make([]Outcome, len(plan.Steps))}
	for i, s := range plan.Steps {
		res.Outcomes[i] = outcomeOf(s)
	}
	journal, err := OpenJournal(st.Journal(w.Fingerprint))
	if err != nil {
		return res, &LocalError{err}
	}
	defer journal.Close()
	var saved Version
	if journal.Fresh() {
		now := time.Now
		if o.Now != nil {
			now = o.Now
		}
		t := plan.Totals()
		saved, err = st.Versions().Save(Version{Time: now().UTC(), Rows: RowsOf(current),
			Change: fmt.Sprintf("+%d ~%d −%d, %s", t.Add, t.Change, t.Delete, w.What)})
		if err != nil {
			return res, &LocalError{err}
		}
	}
	if o.Began != nil {
		o.Began(saved, !journal.Fresh())
	}
	err = sendSteps(ctx, c, plan, journal, &res, o.Progress)
	if err == nil && res.Tally.Failed == 0 {
		if rerr := journal.Remove(); rerr != nil {
			return res, &LocalError{rerr}
		}
	}
	return res, err
}

func outcomeOf(s Step) Outcome {
	switch s.Kind {
	case Same:
		return Outcome{Outcome: Unchanged}
	case Refused:
		return Outcome{Outcome: RefusedRow}
	}
	return Outcome{Outcome: Planned}
}

// sendSteps sends every write of plan that the journal does not show as landed and
// fills in res.
func sendSteps(ctx context.Context, c *client.Client, plan Plan, journal *Journal, res *Result, progress func(Progress)) error {
	total := plan.Totals().Writes()
	bg := client.Background(ctx)
	done := 0
	t := &res.Tally
	record := func(e Entry) error {
		if err := journal.Record(e); err != nil {
			return &LocalError{err}
		}
		return nil
	}
	for i, s := range plan.Steps {
		out := &res.Outcomes[i]
		last, seen := journal.Last(s.Key)
		if s.Kind == Same && seen && last.State == Sending {
			// Sent before and its answer lost: the location's list (which the plan
			// was made from) shows it landed.
			if err := record(Entry{Key: s.Key, State: Done, Kind: last.Kind, ID: s.Row.ID}); err != nil {
				return err
			}
			out.Outcome = LandedBefore
			t.Before++
			continue
		}
		if !s.Kind.Sends() {
			continue
		}
		if seen && last.State == Done {
			out.Outcome, out.ID = LandedBefore, orID(last.ID, s.Row.ID)
			t.Before++
			done++
			continue
		}
		if err := record(Entry{Key: s.Key, State: Sending, Kind: s.Kind}); err != nil {
			return err
		}
		id, err := sendStep(bg, c, s)
		var failed *Step
		switch {
		case err != nil && stopsApply(err):
			for j := i + 1; j < len(plan.Steps); j++ {
				if plan.Steps[j].Kind.Sends() && res.Outcomes[j].Outcome == Planned {
					res.Outcomes[j].Outcome = NotSent
				}
			}
			out.Outcome, out.Error = FailedRow, err.Error()
			return err
		case err != nil:
			if jerr := record(Entry{Key: s.Key, State: Failed, Kind: s.Kind, Error: err.Error()}); jerr != nil {
				return jerr
			}
			out.Outcome, out.Error = FailedRow, err.Error()
			t.Failed++
			failed = &plan.Steps[i]
		default:
			if err := record(Entry{Key: s.Key, State: Done, Kind: s.Kind, ID: id}); err != nil {
				return err
			}
			out.Outcome, out.ID = Landed, orID(id, s.Row.ID)
			switch s.Kind {
			case Add:
				t.Added++
			case Change:
				t.Changed++
			case Delete:
				t.Deleted++
			}
		}
		done++
		if progress != nil {
			progress(Progress{Done: done, Total: total, Tally: *t, Failed: failed, Err: err})
		}
	}
	return nil
}

func orID(id, fallback string) string {
	if id != "" {
		return id
	}
	return fallback
}

// sendStep sends one write and returns the redirect's id.
func sendStep(ctx context.Context, c *client.Client, s Step) (string, error) {
	switch s.Kind {
	case Add:
		r, _, err := c.CreateRedirect(ctx, client.CreateRedirectRequest{Domain: s.Row.Domain, Path: s.Row.Path, Target: s.Row.Target, Action: s.Row.Action})
		if err != nil {
			return "", err
		}
		return r.ID, nil
	case Change:
		_, _, err := c.UpdateRedirect(ctx, s.Old.ID, client.UpdateRedirectRequest{Target: s.Row.Target, Action: s.Row.Action})
		return s.Old.ID, err
	case Delete:
		_, err := c.DeleteRedirect(ctx, s.Old.ID)
		return s.Old.ID, err
	}
	return "", nil
}

// stopsApply reports whether err ends the whole apply rather than one row: the
// token or the route refused (every write would be), an interrupt, no answer (the
// row may have landed: the next run finds out), or the rate limit not waited out.
func stopsApply(err error) bool {
	for _, e := range []error{client.ErrUnauthorized, client.ErrForbidden, client.ErrScope, client.ErrRouteUnavailable,
		client.ErrRouteMissing, client.ErrWrongLocation, client.ErrReadOnly, client.ErrNetwork, client.ErrRateLimited,
		context.Canceled, context.DeadlineExceeded} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
