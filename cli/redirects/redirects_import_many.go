package redirects

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// memberPlan is one member's plan: what it has now and what the file makes of it.
type memberPlan struct {
	plan    redirectplan.Plan
	current []client.Redirect
	records []applyRecord
}

// redirectsImportSetRun makes the redirects of every member of an explicitly named
// set what one file says: every plan first (shown per sub-account, by name), one
// question for them all ("Apply 37 changes in 3 sub-accounts?"), then each member's
// writes through its own client, journaled and versioned as an import of one is. A
// member is never written to unless it is in the named set; a read-only one shows
// its plan and fails with the reason.
func redirectsImportSetRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsImportOptions, rows []redirectplan.Row) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels redirects import")
	if err != nil {
		return err
	}
	w := redirectplan.ImportOf(rows, opts.Prune, filepath.Base(opts.File))
	planned, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (memberPlan, error) {
		if m.Session.Client.ReadOnly() {
			return memberPlan{}, f.RefusedWrite(m.Location)
		}
		plan, current, err := redirectplan.Prepare(ctx, m.Session.Client, w)
		mp := memberPlan{plan: plan, current: current, records: make([]applyRecord, len(plan.Steps))}
		for i, s := range plan.Steps {
			mp.records[i] = recordOf(s)
		}
		return mp, err
	})
	var toApply []cmdutil.Member
	var totals redirectplan.Totals
	plans := map[int]memberPlan{}
	for _, p := range planned {
		plans[p.At] = p.Result
		t := p.Result.plan.Totals()
		totals.Add, totals.Change, totals.Delete, totals.Refused = totals.Add+t.Add, totals.Change+t.Change, totals.Delete+t.Delete, totals.Refused+t.Refused
		if t.Writes() > 0 {
			toApply = append(toApply, p.Member)
		}
	}
	if !opts.Exporter.Enabled() {
		if err := printSetPlans(f, planned); err != nil {
			return err
		}
	}
	finish := func(err error) error {
		if opts.Exporter.Enabled() {
			records := make([]cmdutil.MemberDone[[]applyRecord], len(planned))
			for i, p := range planned {
				records[i] = cmdutil.MemberDone[[]applyRecord]{Member: p.Member, Result: plans[p.At].records}
			}
			steps := cmdutil.TagAll(records)
			if werr := opts.Exporter.Write(ctx, f.IO, cmdutil.SetJSON(planRows().Output.Key, steps, fails), steps); werr != nil {
				return werr
			}
		}
		return errors.Join(err, cmdutil.SetOutcome(f, len(fo.Set.Members), fails))
	}
	switch {
	case opts.DryRun:
		return finish(refusedError(totals))
	case len(toApply) == 0:
		f.Notice("Nothing to send: the redirects of every sub-account that answered are already as planned.")
		return finish(nil)
	}
	if !opts.Yes {
		question := fmt.Sprintf("Apply %s in %s?", cmdutil.CountOf(totals.Writes(), "change"), cmdutil.CountOf(len(toApply), "sub-account"))
		if !f.CanAsk() {
			return cmdutil.Usagef("not applied: there is no terminal to ask on; add --yes to send the %s in %s", cmdutil.CountOf(totals.Writes(), "write"), cmdutil.CountOf(len(toApply), "sub-account"))
		}
		yes, err := f.Confirm(ctx, question)
		if err != nil {
			return err
		}
		if !yes {
			f.Notice("Nothing was sent.")
			return cmdutil.ErrCancelled
		}
	}
	applySet := *fo.Set
	applySet.Members = toApply
	afo, err := cmdutil.NewFanout(f, &applySet, "funnels redirects import")
	if err != nil {
		return err
	}
	applied, applyFails := cmdutil.RunSet(ctx, afo, func(ctx context.Context, m *cmdutil.MemberRun) (redirectplan.Tally, error) {
		mp := plans[m.At]
		unlock, err := lockRedirectsFor(ctx, f, m.Session.Client, m.Session.Config, w.What, mp.current)
		if err != nil {
			return redirectplan.Tally{}, err
		}
		defer unlock()
		state, err := m.Session.Redirects()
		if err != nil {
			return redirectplan.Tally{}, err
		}
		res, stopErr := redirectplan.Apply(ctx, m.Session.Client, state, w, mp.plan, mp.current, redirectplan.ApplyOptions{})
		for i, o := range res.Outcomes {
			mp.records[i] = mp.records[i].withOutcome(o)
		}
		var local *redirectplan.LocalError
		switch {
		case errors.As(stopErr, &local):
			return res.Tally, cmdutil.WithExitCode(cmdutil.ExitLocal, stopErr)
		case stopErr != nil:
			return res.Tally, fmt.Errorf("stopped before the end (run the same command again to send the rest; nothing that landed is sent twice): %w", stopErr)
		case res.Tally.Failed > 0:
			return res.Tally, cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("%s of the plan failed: the others landed", cmdutil.CountOf(res.Tally.Failed, "row")))
		}
		return res.Tally, nil
	})
	for _, a := range applied {
		f.Notice("%s: %s", cmdutil.QuoteName(a.Name), tallyText(a.Result, plans[a.At].plan.Totals().Refused))
	}
	fails = append(fails, applyFails...)
	return finish(nil)
}

// printSetPlans writes the plans of every member as one table, the sub-account
// first on each row, then each one's totals by name.
func printSetPlans(f *cmdutil.Factory, planned []cmdutil.MemberDone[memberPlan]) error {
	steps := make([]cmdutil.MemberDone[[]redirectplan.Step], len(planned))
	for i, p := range planned {
		steps[i] = cmdutil.MemberDone[[]redirectplan.Step]{Member: p.Member, Result: p.Result.plan.Steps}
	}
	if err := planRows().SetTable(f.IO, steps).Print(); err != nil {
		return err
	}
	for _, p := range planned {
		f.Prose("%s: %s", cmdutil.QuoteName(p.Name), totalsText(p.Result.plan.Totals()))
		if !p.Result.plan.DomainsChecked {
			f.Notice("Note: %s: the domains could not be listed, so the rows were not checked against them.", cmdutil.QuoteName(p.Name))
		}
	}
	return nil
}
