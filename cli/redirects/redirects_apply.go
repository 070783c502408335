package redirects

import (
	"context"
	"errors"
	"fmt"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// applyRequest is what an apply of a plan needs beside the plan: what is wanted
// (its rows, its journal's name, what it is in words) and the command line's
// choices.
type applyRequest struct {
	wanted      redirectplan.Wanted
	dryRun, yes bool
	exporter    *cmdutil.Exporter
}

// applyRecord is one step of a plan and how it went: the --json of import and
// restore.
type applyRecord struct {
	Kind      string `json:"kind"`
	Domain    string `json:"domain"`
	Path      string `json:"path"`
	Target    string `json:"target"`
	Action    string `json:"action"`
	ID        string `json:"id,omitempty"`
	OldTarget string `json:"oldTarget,omitempty"`
	OldAction string `json:"oldAction,omitempty"`
	Where     string `json:"where,omitempty"`
	Reason    string `json:"reason,omitempty"`
	// Outcome: planned (nothing was sent), done, landed-before (a resumed run found
	// it done), failed, not-sent (the apply stopped first), unchanged or refused.
	Outcome string `json:"outcome"`
	Error   string `json:"error,omitempty"`
}

func recordOf(s redirectplan.Step) applyRecord {
	r := applyRecord{Kind: string(s.Kind), Domain: s.Row.Domain, Path: s.Row.Path, Target: s.Row.Target, Action: s.Row.Action,
		ID: s.Row.ID, Where: s.Row.Where, Reason: s.Reason, Outcome: redirectplan.Planned}
	if s.Old != nil {
		r.OldTarget, r.OldAction = s.Old.Target, s.Old.Action
	}
	switch s.Kind {
	case redirectplan.Same:
		r.Outcome = redirectplan.Unchanged
	case redirectplan.Refused:
		r.Outcome = redirectplan.RefusedRow
	}
	return r
}

// withOutcome is r as the apply left it.
func (r applyRecord) withOutcome(o redirectplan.Outcome) applyRecord {
	r.Outcome, r.Error = o.Outcome, o.Error
	if o.ID != "" {
		r.ID = o.ID
	}
	return r
}

// applyReport is how far an apply is, for its progress line.
type applyReport = redirectplan.Progress

// applyPlan shows plan and, unless told not to, sends it: paced in the background
// lane, each step journaled as it lands, the location's redirects (current) saved as
// a version first. The exit code: 0 when every write landed, 1 when one failed (or,
// with --dry-run, a row was refused), 2 when nothing could be asked or sent.
func applyPlan(ctx context.Context, f *cmdutil.Factory, c *client.Client, cfg *config.Config, plan redirectplan.Plan, current []client.Redirect, req applyRequest) error {
	totals := plan.Totals()
	records := make([]applyRecord, len(plan.Steps))
	for i, s := range plan.Steps {
		records[i] = recordOf(s)
	}
	finish := func(err error) error {
		if req.exporter.Enabled() {
			if werr := req.exporter.Write(ctx, f.IO, records, records); werr != nil && err == nil {
				return werr
			}
		}
		return err
	}
	if !req.exporter.Enabled() {
		if err := printPlan(f, plan); err != nil {
			return err
		}
	}
	switch {
	case c.ReadOnly():
		f.Notice("%s", f.PlanOnlyNote(c.LocationID()))
		return finish(refusedError(totals))
	case req.dryRun:
		return finish(refusedError(totals))
	case totals.Writes() == 0:
		f.Notice("Nothing to send: the location's redirects are already as planned.")
		return finish(nil)
	}
	if !req.yes {
		if !f.CanAsk() {
			return cmdutil.Usagef("not applied: there is no terminal to ask on; add --yes to send the %s", cmdutil.CountOf(totals.Writes(), "write"))
		}
		yes, err := f.Confirm(ctx, fmt.Sprintf("Send %s (+%d ~%d −%d)?", cmdutil.CountOf(totals.Writes(), "write"), totals.Add, totals.Change, totals.Delete))
		if err != nil {
			return err
		}
		if !yes {
			f.Notice("Nothing was sent.")
			return cmdutil.ErrCancelled
		}
	}
	unlock, err := lockRedirectsFor(ctx, f, c, cfg, req.wanted.What, current)
	if err != nil {
		return finish(err)
	}
	defer unlock()
	state, err := f.RedirectsStateOf(cfg)
	if err != nil {
		return err
	}
	bar := cmdutil.NewLineProgress(f, "funnels redirects", applyLine, func(applyReport) string { return "" })
	res, stopErr := redirectplan.Apply(ctx, c, state, req.wanted, plan, current, redirectplan.ApplyOptions{
		Began: func(saved redirectplan.Version, resumed bool) {
			if resumed {
				f.Notice("Resuming an apply that was interrupted: what landed before is not sent again.")
				return
			}
			f.Notice("Saved the location's %s as version %d ('funnels redirects restore %d' brings them back).", cmdutil.CountOf(len(current), "redirect"), saved.Number, saved.Number)
		},
		Progress: func(p redirectplan.Progress) {
			if p.Failed != nil {
				f.Notice("! %s%s: %s", termtext.Line(p.Failed.Row.Domain), termtext.Line(p.Failed.Row.Path), termtext.Line(p.Err.Error()))
			}
			bar.Update(p)
		},
	})
	bar.Done()
	for i, o := range res.Outcomes {
		records[i] = records[i].withOutcome(o)
	}
	var local *redirectplan.LocalError
	if errors.As(stopErr, &local) && res.Tally == (redirectplan.Tally{}) && !anySent(res.Outcomes) {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, stopErr)
	}
	tally := res.Tally
	f.Notice("%s", tallyText(tally, totals.Refused))
	if stopErr != nil {
		if errors.As(stopErr, &local) {
			stopErr = cmdutil.WithExitCode(cmdutil.ExitLocal, stopErr)
		}
		f.Notice("Stopped before the end: run the same command again to send the rest (nothing that landed is sent twice).")
		return finish(stopErr)
	}
	if tally.Failed > 0 {
		return finish(cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("%s failed (shown above): the others landed", cmdutil.CountOf(tally.Failed, "row"))))
	}
	return finish(nil)
}

// applyLine is the progress line of an apply.
func applyLine(r applyReport) (float64, string) {
	fraction := 1.0
	if r.Total > 0 {
		fraction = float64(r.Done) / float64(r.Total)
	}
	return fraction, fmt.Sprintf("%d of %d writes · %d added, %d changed, %d deleted, %d failed",
		r.Done, r.Total, r.Tally.Added, r.Tally.Changed, r.Tally.Deleted, r.Tally.Failed)
}

// tallyText is what an apply did, in words.
func tallyText(t redirectplan.Tally, refused int) string {
	s := fmt.Sprintf("Added %d, changed %d, deleted %d, refused %d, failed %d.", t.Added, t.Changed, t.Deleted, refused, t.Failed)
	if t.Before > 0 {
		s += fmt.Sprintf(" %s had landed before the interruption.", cmdutil.CountOf(t.Before, "write"))
	}
	return s
}

// refusedError is the end of a plan shown and not applied: exit 1 when a row was
// refused, else none.
func refusedError(t redirectplan.Totals) error {
	if t.Refused == 0 {
		return nil
	}
	return cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("%s refused (shown in the plan): nothing was sent", cmdutil.CountOf(t.Refused, "row")))
}

// anySent reports whether an apply got as far as sending (or finding landed) a write.
func anySent(outcomes []redirectplan.Outcome) bool {
	for _, o := range outcomes {
		switch o.Outcome {
		case redirectplan.Planned, redirectplan.NotSent, redirectplan.Unchanged, redirectplan.RefusedRow:
		default:
			return true
		}
	}
	return false
}
