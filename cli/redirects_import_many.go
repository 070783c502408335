package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// importSetRecord is one step of an import across a set, with the sub-account it
// is for: the --json of `funnels redirects import` given a set.
type importSetRecord struct {
	memberTag
	applyRecord
}

// importSetOutput is the --json shape of an import across a set.
type importSetOutput struct {
	Steps    []importSetRecord `json:"steps"`
	Failures []memberFailure   `json:"failures"`
}

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
func redirectsImportSetRun(ctx context.Context, f *Factory, opts *RedirectsImportOptions, rows []redirectplan.Row) error {
	fo, err := f.startSet(ctx, &opts.Set, "funnels redirects import")
	if err != nil {
		return err
	}
	w := redirectplan.ImportOf(rows, opts.Prune, filepath.Base(opts.File))
	planned, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) (memberPlan, error) {
		if m.Session.Client.ReadOnly() {
			return memberPlan{}, client.ErrReadOnly
		}
		plan, current, err := redirectplan.Prepare(ctx, m.Session.Client, w)
		mp := memberPlan{plan: plan, current: current, records: make([]applyRecord, len(plan.Steps))}
		for i, s := range plan.Steps {
			mp.records[i] = recordOf(s)
		}
		return mp, err
	})
	var toApply []member
	var totals redirectplan.Totals
	plans := map[int]memberPlan{}
	for _, p := range planned {
		plans[p.at] = p.Result
		t := p.Result.plan.Totals()
		totals.Add, totals.Change, totals.Delete, totals.Refused = totals.Add+t.Add, totals.Change+t.Change, totals.Delete+t.Delete, totals.Refused+t.Refused
		if t.Writes() > 0 {
			toApply = append(toApply, p.member)
		}
	}
	if !opts.Exporter.Enabled() {
		if err := printSetPlans(f, planned); err != nil {
			return err
		}
	}
	finish := func(err error) error {
		if opts.Exporter.Enabled() {
			out := importSetOutput{Steps: []importSetRecord{}, Failures: orEmpty(fails)}
			for _, p := range planned {
				for _, r := range plans[p.at].records {
					out.Steps = append(out.Steps, importSetRecord{tagOf(p.member), r})
				}
			}
			if werr := opts.Exporter.Write(ctx, f.IO, out, out.Steps); werr != nil {
				return werr
			}
		}
		return errors.Join(err, setOutcome(f, len(fo.set.members), fails))
	}
	switch {
	case opts.DryRun:
		return finish(refusedError(totals))
	case len(toApply) == 0:
		f.notice("Nothing to send: the redirects of every sub-account that answered are already as planned.")
		return finish(nil)
	}
	if !opts.Yes {
		question := fmt.Sprintf("Apply %s in %s?", countOf(totals.Writes(), "change"), countOf(len(toApply), "sub-account"))
		if !f.canAsk() {
			return usagef("not applied: there is no terminal to ask on; add --yes to send the %s in %s", countOf(totals.Writes(), "write"), countOf(len(toApply), "sub-account"))
		}
		yes, err := f.confirm(ctx, question)
		if err != nil {
			return err
		}
		if !yes {
			f.notice("Nothing was sent.")
			return errCancelled
		}
	}
	applySet := *fo.set
	applySet.members = toApply
	afo, err := newFanout(f, &applySet, "funnels redirects import")
	if err != nil {
		return err
	}
	applied, applyFails := runSet(ctx, afo, func(ctx context.Context, m *memberRun) (redirectplan.Tally, error) {
		mp := plans[m.at]
		unlock, err := f.lockRedirectsFor(ctx, m.Session.Client, m.Session.Config, w.What, mp.current)
		if err != nil {
			return redirectplan.Tally{}, err
		}
		defer unlock()
		state, err := m.Session.redirects()
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
			return res.Tally, withExitCode(ExitLocal, stopErr)
		case stopErr != nil:
			return res.Tally, fmt.Errorf("stopped before the end (run the same command again to send the rest; nothing that landed is sent twice): %w", stopErr)
		case res.Tally.Failed > 0:
			return res.Tally, withExitCode(ExitAPI, fmt.Errorf("%s of the plan failed: the others landed", countOf(res.Tally.Failed, "row")))
		}
		return res.Tally, nil
	})
	for _, a := range applied {
		f.notice("%s: %s", quoteName(a.Name), tallyText(a.Result, plans[a.at].plan.Totals().Refused))
	}
	fails = append(fails, applyFails...)
	return finish(nil)
}

// printSetPlans writes the plans of every member as one table, the sub-account
// first on each row, then each one's totals by name.
func printSetPlans(f *Factory, planned []memberDone[memberPlan]) error {
	t := newTable(f.IO, nameColumn("SUB-ACCOUNT"), textColumn("PLAN"), nameColumn("ADDRESS").tells(), nameColumn("TARGET"), wrapColumn("NOTE"))
	for _, p := range planned {
		for _, s := range p.Result.plan.Steps {
			t.row(append([]string{p.Name}, planCells(s)...)...)
		}
	}
	if err := t.print(); err != nil {
		return err
	}
	for _, p := range planned {
		f.prose("%s: %s", quoteName(p.Name), totalsText(p.Result.plan.Totals()))
		if !p.Result.plan.DomainsChecked {
			f.notice("Note: %s: the domains could not be listed, so the rows were not checked against them.", quoteName(p.Name))
		}
	}
	return nil
}
