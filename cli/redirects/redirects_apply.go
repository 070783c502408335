package redirects

import (
	"context"
	"errors"
	"fmt"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/termtext"
)

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
	// Warning is what an add risks beyond its kind (shadow: it is at a live step's
	// address), in words in WarningText.
	Warning     string `json:"warning,omitempty"`
	WarningText string `json:"warningText,omitempty"`
	// Outcome: planned (nothing was sent), done, landed-before (a resumed run found
	// it done), failed, not-sent (the apply stopped first), unchanged or refused.
	Outcome string `json:"outcome"`
	Error   string `json:"error,omitempty"`
}

func recordOf(s redirectplan.Step) applyRecord {
	r := applyRecord{Kind: string(s.Kind), Domain: s.Row.Domain, Path: s.Row.Path, Target: s.Row.Target, Action: s.Row.Action,
		ID: s.Row.ID, Where: s.Row.Where, Reason: s.Reason, Warning: string(s.Warning), WarningText: s.WarningText, Outcome: redirectplan.Planned}
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

// send sends p's writes through s: under the location's lock, which also checks
// that its redirects are still those the plan was made from; the location's
// redirects saved as a version first; each step journaled as it lands, so the same
// command again sends nothing twice. p's records take the outcomes and p says what
// was done. For one sub-account the version saved, each refused row and the
// progress are told as they come; across a set the progress line is the set's.
func (r *planRun) send(ctx context.Context, s *cmdutil.Session, p *planned) error {
	if p.readOnly || s.Client.ReadOnly() {
		return r.f.RefusedWrite(p.member.Location)
	}
	f := r.f
	unlock, err := lockRedirectsFor(ctx, f, s.Client, s.Config, r.wanted.What, p.current)
	if err != nil {
		return err
	}
	defer unlock()
	state, err := s.Redirects()
	if err != nil {
		return err
	}
	var o redirectplan.ApplyOptions
	barDone := func() {}
	if !r.set {
		bar := cmdutil.NewLineProgress(f, "funnels redirects", applyLine, func(applyReport) string { return "" })
		barDone = bar.Done
		o.Began = func(saved redirectplan.Version, resumed bool) {
			if resumed {
				f.Notice("Resuming an apply that was interrupted: what landed before is not sent again.")
				return
			}
			f.Notice("Saved the location's %s as version %d ('funnels redirects restore %d' brings them back).", cmdutil.CountOf(len(p.current), "redirect"), saved.Number, saved.Number)
		}
		o.Progress = func(pr redirectplan.Progress) {
			if pr.Failed != nil {
				f.Notice("! %s%s: %s", termtext.Line(pr.Failed.Row.Domain), termtext.Line(pr.Failed.Row.Path), termtext.Line(pr.Err.Error()))
			}
			bar.Update(pr)
		}
	}
	res, stopErr := redirectplan.Apply(ctx, s.Client, state, r.wanted, p.plan, p.current, o)
	barDone()
	for i, out := range res.Outcomes {
		p.records[i] = p.records[i].withOutcome(out)
	}
	var local *redirectplan.LocalError
	if errors.As(stopErr, &local) && res.Tally == (redirectplan.Tally{}) && !anySent(res.Outcomes) {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, stopErr)
	}
	p.sent, p.tally = true, res.Tally
	switch {
	case stopErr != nil:
		p.stopped = true
		if errors.As(stopErr, &local) {
			stopErr = cmdutil.WithExitCode(cmdutil.ExitLocal, stopErr)
		}
		if r.set {
			return fmt.Errorf("stopped before the end (run the same command again to send the rest; nothing that landed is sent twice): %w", stopErr)
		}
		return stopErr
	case res.Tally.Failed > 0:
		return cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("%s of the plan failed: the others landed", cmdutil.CountOf(res.Tally.Failed, "row")))
	}
	return nil
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
