package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// applyRequest is what an apply of a plan needs beside the plan: the input's
// fingerprint (which journal), what it is in words (for the version saved before
// it), and the command line's choices.
type applyRequest struct {
	fingerprint string
	what        string
	dryRun, yes bool
	exporter    *Exporter
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
		ID: s.Row.ID, Where: s.Row.Where, Reason: s.Reason, Outcome: "planned"}
	if s.Old != nil {
		r.OldTarget, r.OldAction = s.Old.Target, s.Old.Action
	}
	switch s.Kind {
	case redirectplan.Same:
		r.Outcome = "unchanged"
	case redirectplan.Refused:
		r.Outcome = "refused"
	}
	return r
}

// applyTally counts what an apply did.
type applyTally struct {
	added, changed, deleted, failed, before int
}

// applyReport is how far an apply is, for its progress line.
type applyReport struct {
	done, total int
	tally       applyTally
}

// applyPlan shows plan and, unless told not to, sends it: paced in the background
// lane, each step journaled as it lands, the location's redirects (current) saved as
// a version first. The exit code: 0 when every write landed, 1 when one failed (or,
// with --dry-run, a row was refused), 2 when nothing could be asked or sent.
func applyPlan(ctx context.Context, f *Factory, c *client.Client, cfg *config.Config, plan redirectplan.Plan, current []client.Redirect, req applyRequest) error {
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
		if err := f.printPlan(plan); err != nil {
			return err
		}
	}
	switch {
	case c.ReadOnly():
		f.notice("Read-only mode is on: this is the plan only, nothing can be sent.")
		return finish(refusedError(totals))
	case req.dryRun:
		return finish(refusedError(totals))
	case totals.Writes() == 0:
		f.notice("Nothing to send: the location's redirects are already as planned.")
		return finish(nil)
	}
	if !req.yes {
		if !f.canAsk() {
			return usagef("not applied: there is no terminal to ask on; add --yes to send the %s", countOf(totals.Writes(), "write"))
		}
		yes, err := f.confirm(ctx, fmt.Sprintf("Send %s (+%d ~%d −%d)?", countOf(totals.Writes(), "write"), totals.Add, totals.Change, totals.Delete))
		if err != nil {
			return err
		}
		if !yes {
			f.notice("Nothing was sent.")
			return errCancelled
		}
	}
	state, err := f.redirectsStateOf(cfg)
	if err != nil {
		return err
	}
	journal, err := redirectplan.OpenJournal(state.journal(req.fingerprint))
	if err != nil {
		return withExitCode(ExitLocal, err)
	}
	defer journal.Close()
	if journal.Fresh() {
		was := make([]redirectplan.Row, len(current))
		for i, r := range current {
			was[i] = redirectplan.RowOf(r)
		}
		v, err := state.versions().Save(redirectplan.Version{Time: time.Now().UTC(), Rows: was,
			Change: fmt.Sprintf("+%d ~%d −%d, %s", totals.Add, totals.Change, totals.Delete, req.what)})
		if err != nil {
			return withExitCode(ExitLocal, err)
		}
		f.notice("Saved the location's %s as version %d ('funnels redirects restore %d' brings them back).", countOf(len(current), "redirect"), v.Number, v.Number)
	} else {
		f.notice("Resuming an apply that was interrupted: what landed before is not sent again.")
	}
	tally, stopErr := sendSteps(ctx, f, c, plan, journal, records)
	if stopErr == nil && tally.failed == 0 {
		if err := journal.Remove(); err != nil {
			return withExitCode(ExitLocal, err)
		}
	}
	f.notice("%s", tallyText(tally, totals.Refused))
	if stopErr != nil {
		f.notice("Stopped before the end: run the same command again to send the rest (nothing that landed is sent twice).")
		return finish(stopErr)
	}
	if tally.failed > 0 {
		return finish(withExitCode(ExitAPI, fmt.Errorf("%s failed (shown above): the others landed", countOf(tally.failed, "row"))))
	}
	return finish(nil)
}

// sendSteps sends every write of plan that the journal does not show as landed, in
// the background lane, and fills in records. It stops at a refusal of the token or
// the route (every other write would meet it too), an interrupt or a lost answer,
// returning why; a row the service refuses alone is recorded as failed.
func sendSteps(ctx context.Context, f *Factory, c *client.Client, plan redirectplan.Plan, journal *redirectplan.Journal, records []applyRecord) (applyTally, error) {
	var tally applyTally
	total := plan.Totals().Writes()
	bar := newLineProgress(f, "funnels redirects", applyLine, func(applyReport) string { return "" })
	defer bar.done()
	bg := client.Background(ctx)
	done := 0
	for i, s := range plan.Steps {
		last, seen := journal.Last(s.Key)
		if s.Kind == redirectplan.Same && seen && last.State == redirectplan.Sending {
			// Sent before and its answer lost: the location's list (which the plan
			// was made from) shows it landed.
			if err := journal.Record(redirectplan.Entry{Key: s.Key, State: redirectplan.Done, Kind: last.Kind, ID: s.Row.ID}); err != nil {
				return tally, withExitCode(ExitLocal, err)
			}
			records[i].Outcome = "landed-before"
			tally.before++
			continue
		}
		if !s.Kind.Sends() {
			continue
		}
		if seen && last.State == redirectplan.Done {
			records[i].Outcome, records[i].ID = "landed-before", orDefault(last.ID, s.Row.ID)
			tally.before++
			done++
			continue
		}
		if err := journal.Record(redirectplan.Entry{Key: s.Key, State: redirectplan.Sending, Kind: s.Kind}); err != nil {
			return tally, withExitCode(ExitLocal, err)
		}
		id, err := sendStep(bg, c, s)
		if err != nil {
			if stop := stopsApply(err); stop {
				markNotSent(records[i:], plan.Steps[i:])
				records[i].Outcome, records[i].Error = "failed", err.Error()
				return tally, err
			}
			if jerr := journal.Record(redirectplan.Entry{Key: s.Key, State: redirectplan.Failed, Kind: s.Kind, Error: err.Error()}); jerr != nil {
				return tally, withExitCode(ExitLocal, jerr)
			}
			records[i].Outcome, records[i].Error = "failed", err.Error()
			tally.failed++
			f.notice("! %s%s: %s", termtext.Line(s.Row.Domain), termtext.Line(s.Row.Path), termtext.Line(err.Error()))
		} else {
			if err := journal.Record(redirectplan.Entry{Key: s.Key, State: redirectplan.Done, Kind: s.Kind, ID: id}); err != nil {
				return tally, withExitCode(ExitLocal, err)
			}
			records[i].Outcome, records[i].ID = "done", orDefault(id, s.Row.ID)
			switch s.Kind {
			case redirectplan.Add:
				tally.added++
			case redirectplan.Change:
				tally.changed++
			case redirectplan.Delete:
				tally.deleted++
			}
		}
		done++
		bar.update(applyReport{done: done, total: total, tally: tally})
	}
	return tally, nil
}

// sendStep sends one write and returns the redirect's id.
func sendStep(ctx context.Context, c *client.Client, s redirectplan.Step) (string, error) {
	switch s.Kind {
	case redirectplan.Add:
		r, _, err := c.CreateRedirect(ctx, client.CreateRedirectRequest{Domain: s.Row.Domain, Path: s.Row.Path, Target: s.Row.Target, Action: s.Row.Action})
		if err != nil {
			return "", err
		}
		return r.ID, nil
	case redirectplan.Change:
		_, _, err := c.UpdateRedirect(ctx, s.Old.ID, client.UpdateRedirectRequest{Target: s.Row.Target, Action: s.Row.Action})
		return s.Old.ID, err
	case redirectplan.Delete:
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

// markNotSent marks the writes of steps (and their records) that were not sent.
func markNotSent(records []applyRecord, steps []redirectplan.Step) {
	for i, s := range steps {
		if s.Kind.Sends() && records[i].Outcome == "planned" {
			records[i].Outcome = "not-sent"
		}
	}
}

// applyLine is the progress line of an apply.
func applyLine(r applyReport) (float64, string) {
	fraction := 1.0
	if r.total > 0 {
		fraction = float64(r.done) / float64(r.total)
	}
	return fraction, fmt.Sprintf("%d of %d writes · %d added, %d changed, %d deleted, %d failed",
		r.done, r.total, r.tally.added, r.tally.changed, r.tally.deleted, r.tally.failed)
}

// tallyText is what an apply did, in words.
func tallyText(t applyTally, refused int) string {
	s := fmt.Sprintf("Added %d, changed %d, deleted %d, refused %d, failed %d.", t.added, t.changed, t.deleted, refused, t.failed)
	if t.before > 0 {
		s += fmt.Sprintf(" %s had landed before the interruption.", countOf(t.before, "write"))
	}
	return s
}

// refusedError is the end of a plan shown and not applied: exit 1 when a row was
// refused, else none.
func refusedError(t redirectplan.Totals) error {
	if t.Refused == 0 {
		return nil
	}
	return withExitCode(ExitAPI, fmt.Errorf("%s refused (shown in the plan): nothing was sent", countOf(t.Refused, "row")))
}
