package check

import (
	"context"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// summary is one sub-account's run in --json, beside its findings.
type summary struct {
	cmdutil.MemberTag
	Complete bool             `json:"complete"` // every address was answered
	Started  time.Time        `json:"started"`
	Ended    time.Time        `json:"ended"`
	Counts   linkcheck.Counts `json:"counts"`
	Crawled  time.Time        `json:"crawled,omitzero"` // when the index the check asked from was read whole
	// Since counts what changed since the last whole run (Previous: when it ended).
	Previous time.Time  `json:"previous,omitzero"`
	Since    sinceCount `json:"since"`
}

// sinceCount is a Delta in numbers.
type sinceCount struct {
	New      int `json:"new"`
	Changed  int `json:"changed"`
	Resolved int `json:"resolved"`
	Same     int `json:"same"`
}

func summaryOf(o outcome) summary {
	s := summary{MemberTag: cmdutil.TagOf(o.member), Crawled: o.State.Crawled, Previous: o.Since.Previous,
		Since: sinceCount{New: len(o.Since.New), Changed: len(o.Since.Changed), Resolved: len(o.Since.Resolved), Same: o.Since.Same}}
	if r := o.Result; r != nil {
		s.Complete, s.Started, s.Ended, s.Counts = r.Complete, r.Started, r.Ended, r.Counts
	}
	return s
}

// oneOutput is the --json of a check of one sub-account.
type oneOutput struct {
	summary
	Findings []finding `json:"findings"`
}

// printOutcomes prints the findings: of one sub-account a table (or its --json), of
// a set every sub-account's under its name in the set's order, then each
// sub-account's counts in a sentence and the failures.
func printOutcomes(ctx context.Context, f *cmdutil.Factory, opts *CheckOptions, only map[linkcheck.Severity]bool, outcomes []outcome, total int, fails []cmdutil.MemberFailure) error {
	rows := findingRows(f.IO.OutTTY, opts.SinceLast)
	var done []cmdutil.MemberDone[[]finding]
	var sums []summary
	for _, o := range outcomes {
		if o.Result == nil {
			continue
		}
		done = append(done, cmdutil.MemberDone[[]finding]{Member: o.member, Result: shown(o.Outcome, opts.SinceLast, only)})
		sums = append(sums, summaryOf(o))
	}
	if opts.Exporter.Enabled() {
		if opts.Set.Given(f) {
			return rows.PrintSet(ctx, f, &opts.Exporter, total, done, fails, cmdutil.DocField{Key: "checked", Value: cmdutil.OrEmpty(sums)})
		}
		return opts.Exporter.Write(ctx, f.IO, oneOutput{summary: sums[0], Findings: done[0].Result}, done[0].Result)
	}
	// A set's failures are listed last, after the counts of those checked.
	if opts.Set.Given(f) {
		if err := rows.PrintSet(ctx, f, &opts.Exporter, total, done, nil); err != nil {
			return err
		}
	} else if len(done[0].Result) > 0 {
		if err := rows.Table(f.IO, done[0].Result).Print(); err != nil {
			return err
		}
	}
	if !opts.Quiet {
		if line := sentence(outcomes, opts.Set.Given(f), opts.SinceLast); line != "" {
			f.Prose("%s", line)
		}
	}
	return cmdutil.SetOutcome(f, total, fails)
}

// sentence is the check in words, of one sub-account — "Lakeside Fit: 5 errors, 7
// warnings, 104 ok · 131 addresses asked in 3.2s" — or a set's in all, with how many
// sub-accounts have errors; and with --since-last what changed.
func sentence(outcomes []outcome, set, sinceLast bool) string {
	var c linkcheck.Counts
	var took time.Duration
	var subs, broken, cut, previous int
	var d sinceCount
	var name string
	for _, o := range outcomes {
		r := o.Result
		if r == nil {
			continue
		}
		subs++
		name = o.member.Name
		c.Errors, c.Warnings, c.OK, c.URLs = c.Errors+r.Counts.Errors, c.Warnings+r.Counts.Warnings, c.OK+r.Counts.OK, c.URLs+r.Counts.URLs
		took = max(took, r.Ended.Sub(r.Started))
		if r.Counts.Errors > 0 {
			broken++
		}
		if !r.Complete {
			cut++
		}
		if !o.Since.Previous.IsZero() {
			previous++
		}
		d.New, d.Changed, d.Resolved = d.New+len(o.Since.New), d.Changed+len(o.Since.Changed), d.Resolved+len(o.Since.Resolved)
	}
	if subs == 0 {
		return ""
	}
	s := cmdutil.QuoteName(name) + ": "
	if set {
		s = cmdutil.CountOf(subs, "sub-account") + " checked"
		if broken > 0 {
			s += ", " + index.Thousands(broken) + " with errors"
		}
		s += ": "
	}
	switch {
	case c.Errors == 0 && c.Warnings == 0 && cut == 0:
		s += "everything is live, "
	case c.Errors == 0:
		s += "nothing broken, "
	}
	s += cmdutil.CountOf(c.Errors, "error") + ", " + cmdutil.CountOf(c.Warnings, "warning") + ", " + index.Thousands(c.OK) + " ok · " +
		addresses(c.URLs) + " asked in " + took.Round(100*time.Millisecond).String()
	if cut > 0 {
		s += " (cut short: only what was answered)"
	}
	if sinceLast {
		switch {
		case previous == 0:
			s += " · no whole run before to compare with: everything is new"
		default:
			s += " · since the last run: " + cmdutil.CountOf(d.New, "new finding") + ", " + index.Thousands(d.Changed) + " changed, " + index.Thousands(d.Resolved) + " resolved"
		}
	}
	return s
}

// addresses is "1 address", "10,200 addresses".
func addresses(n int) string {
	if n == 1 {
		return "1 address"
	}
	return index.Thousands(n) + " addresses"
}
