package redirects

import (
	"context"
	"errors"
	"fmt"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// A plan of redirects goes one way whether it is for the location of the command
// line or for a set of sub-accounts named on it (one is a set of one): every plan is
// made first and shown (across a set each under its sub-account's name); with
// --dry-run or read-only that is all; a plan that shadows a live step goes no
// further without --allow-shadow; one question covers every write (--yes without a
// terminal); then each sub-account's writes go through its own client, under its
// location's lock, journaled and versioned (redirects_apply.go).

// planned is one sub-account's plan: what it was made from, each step's record as
// it goes, and what its apply did.
type planned struct {
	member   cmdutil.Member
	plan     redirectplan.Plan
	current  []client.Redirect
	records  []applyRecord
	readOnly bool

	sent    bool // the apply got as far as sending, and tally says what it did
	tally   redirectplan.Tally
	stopped bool // the apply stopped before its end
}

func newPlanned(m cmdutil.Member, plan redirectplan.Plan, current []client.Redirect, readOnly bool) *planned {
	p := &planned{member: m, plan: plan, current: current, readOnly: readOnly, records: make([]applyRecord, len(plan.Steps))}
	for i, s := range plan.Steps {
		p.records[i] = recordOf(s)
	}
	return p
}

// planChoices are what the command line says of a plan.
type planChoices struct {
	dryRun, yes, allowShadow bool
	exporter                 *cmdutil.Exporter
}

// sendWork sends one sub-account's plan through its session.
type sendWork func(ctx context.Context, s *cmdutil.Session, p *planned) error

// planRun is the plans of one command: of one sub-account, or of a set.
type planRun struct {
	f       *cmdutil.Factory
	what    string // the command, for the progress of a set: "funnels redirects import"
	wanted  redirectplan.Wanted
	choices planChoices
	plans   []*planned
	set     bool // a set named on the command line
	total   int  // the members of the set
	fails   []cmdutil.MemberFailure
	// each runs work for every plan of ps, through its sub-account's session; what
	// fails across a set is recorded in fails, for one it is the error.
	each func(ctx context.Context, ps []*planned, work sendWork) error
}

// planOne plans what want says (of the location's session) for the location of
// the command line and goes on as ch says.
func planOne(ctx context.Context, f *cmdutil.Factory, what string, ch planChoices, want func(*cmdutil.Session) (redirectplan.Wanted, error)) error {
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	w, err := want(sess)
	if err != nil {
		return err
	}
	plan, current, err := redirectplan.Prepare(ctx, sess.Client, w)
	if err != nil {
		return err
	}
	m := cmdutil.Member{Name: sess.Label, Location: sess.Client.LocationID()}
	r := &planRun{f: f, what: what, wanted: w, choices: ch, total: 1,
		plans: []*planned{newPlanned(m, plan, current, sess.Client.ReadOnly())},
		each: func(ctx context.Context, ps []*planned, work sendWork) error {
			return work(ctx, sess, ps[0])
		}}
	return r.run(ctx)
}

// planSet plans w for every member of the set o names, side by side, and goes on as
// ch says; a member is written to only when it is in that set.
func planSet(ctx context.Context, f *cmdutil.Factory, what string, o *cmdutil.SetOptions, w redirectplan.Wanted, ch planChoices) error {
	fo, err := f.StartSet(ctx, o, what)
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (*planned, error) {
		plan, current, err := redirectplan.Prepare(ctx, m.Session.Client, w)
		if err != nil {
			return nil, err
		}
		return newPlanned(m.Member, plan, current, m.Session.Client.ReadOnly()), nil
	})
	r := &planRun{f: f, what: what, wanted: w, choices: ch, set: true, total: len(fo.Set.Members), fails: fails}
	for _, d := range done {
		r.plans = append(r.plans, d.Result)
	}
	r.each = func(ctx context.Context, ps []*planned, work sendWork) error {
		at := map[int]*planned{}
		sending := *fo.Set
		sending.Members = nil
		for _, p := range ps {
			at[p.member.At] = p
			sending.Members = append(sending.Members, p.member)
		}
		afo, err := cmdutil.NewFanout(f, &sending, what)
		if err != nil {
			return err
		}
		_, fails := cmdutil.RunSet(ctx, afo, func(ctx context.Context, m *cmdutil.MemberRun) (struct{}, error) {
			return struct{}{}, work(ctx, m.Session, at[m.At])
		})
		r.fails = append(r.fails, fails...)
		return nil
	}
	return r.run(ctx)
}

// run shows the plans and sends them as the choices say. The exit code: 0 when
// every write landed (or, shown only, no row was refused), 1 when a write failed or
// a row was refused, 2 when nothing could be asked, the answer was no or a plan
// shadows a live step without --allow-shadow.
func (r *planRun) run(ctx context.Context) error {
	f, ch := r.f, r.choices
	if !ch.exporter.Enabled() {
		if err := r.printPlans(); err != nil {
			return err
		}
	}
	var all, sending redirectplan.Totals
	var toSend []*planned
	readOnly := len(r.plans) > 0
	var planOnly []*planned // members with writes this sign-in may not send
	for _, p := range r.plans {
		t := p.plan.Totals()
		all = addTotals(all, t)
		readOnly = readOnly && p.readOnly
		switch {
		case t.Writes() == 0:
		case p.readOnly:
			planOnly = append(planOnly, p)
		default:
			toSend = append(toSend, p)
			sending = addTotals(sending, t)
		}
	}
	switch {
	case readOnly, ch.dryRun:
		if readOnly && len(r.plans) > 0 {
			f.Notice("%s", f.PlanOnlyNote(r.plans[0].member.Location))
		}
		for _, p := range r.plans {
			if len(p.plan.Marks) > 0 && !ch.allowShadow {
				f.Notice("%s%s", r.whose(p), shadowText(p.plan.Marks))
			}
		}
		return r.finish(ctx, refusedError(all))
	}
	for _, p := range toSend {
		if err := p.plan.CheckShadows(ch.allowShadow); err != nil {
			return r.finish(ctx, cmdutil.WithExitCode(cmdutil.ExitUsage,
				fmt.Errorf("nothing was sent: %s%w (--allow-shadow sends it all the same)", r.whose(p), err)))
		}
	}
	// A member whose sign-in may only read keeps its plan shown and is said once, by
	// name: it is neither asked about nor sent to.
	for _, p := range planOnly {
		f.Notice("%s%s", r.whose(p), f.PlanOnlyNote(p.member.Location))
	}
	if len(toSend) == 0 {
		switch {
		case all.Refused > 0:
			// Every row left to send was refused: the file did not take, which a
			// script must see (exit 1), as with --dry-run.
		case r.set:
			f.Notice("Nothing to send: the redirects of every sub-account that answered are already as planned.")
		default:
			f.Notice("Nothing to send: the location's redirects are already as planned.")
		}
		return r.finish(ctx, refusedError(all))
	}
	if !ch.yes {
		if err := r.ask(ctx, sending, toSend); err != nil {
			return r.finish(ctx, err)
		}
	}
	err := r.each(ctx, toSend, r.send)
	for _, p := range toSend {
		if p.sent {
			f.Notice("%s%s", r.whose(p), tallyText(p.tally, p.plan.Totals().Refused))
		}
		if p.stopped && !r.set {
			f.Notice("Stopped before the end: run the same command again to send the rest (nothing that landed is sent twice).")
		}
	}
	return r.finish(ctx, err)
}

// ask asks once whether to send t, the writes of ps; no answer or a no is the end.
func (r *planRun) ask(ctx context.Context, t redirectplan.Totals, ps []*planned) error {
	f := r.f
	where := cmdutil.CountOf(len(ps), "sub-account")
	if !r.set {
		where = ps[0].member.Location
		if name := ps[0].member.Name; name != "" && name != where {
			where += " (" + cmdutil.QuoteName(name) + ")"
		}
	}
	if !f.CanAsk() {
		return cmdutil.Usagef("not applied: there is no terminal to ask on; add --yes to send the %s to %s", cmdutil.CountOf(t.Writes(), "write"), where)
	}
	yes, err := f.Confirm(ctx, fmt.Sprintf("Send %s (+%d ~%d −%d) to %s?", cmdutil.CountOf(t.Writes(), "write"), t.Add, t.Change, t.Delete, where))
	if err != nil {
		return err
	}
	if !yes {
		f.Notice("Nothing was sent.")
		return cmdutil.ErrCancelled
	}
	return nil
}

// planDoc is the --json of a plan of one sub-account: its steps as they went and
// its marks (the live steps it shadows, the redirects that would chain).
type planDoc struct {
	Steps []applyRecord       `json:"steps"`
	Marks []redirectplan.Mark `json:"marks"`
}

// taggedMark is a mark of a set's plan with its sub-account.
type taggedMark = cmdutil.Tagged[redirectplan.Mark]

// finish writes the --json asked for and returns err; across a set with the
// failures of its members, said on standard error.
func (r *planRun) finish(ctx context.Context, err error) error {
	ch, f := r.choices, r.f
	if ch.exporter.Enabled() {
		var werr error
		if r.set {
			records := make([]cmdutil.MemberDone[[]applyRecord], len(r.plans))
			marks := []taggedMark{}
			for i, p := range r.plans {
				records[i] = cmdutil.MemberDone[[]applyRecord]{Member: p.member, Result: p.records}
				for _, m := range p.plan.Marks {
					marks = append(marks, taggedMark{MemberTag: cmdutil.TagOf(p.member), Record: m})
				}
			}
			steps := cmdutil.TagAll(records)
			werr = ch.exporter.Write(ctx, f.IO, cmdutil.SetJSON(planRows().Output.Key, steps, r.fails, cmdutil.DocField{Key: "marks", Value: marks}), steps)
		} else {
			p := r.plans[0]
			werr = ch.exporter.Write(ctx, f.IO, planDoc{Steps: p.records, Marks: cmdutil.OrEmpty(p.plan.Marks)}, p.records)
		}
		if err == nil {
			err = werr
		}
	}
	if r.set {
		return errors.Join(err, cmdutil.SetOutcome(f, r.total, r.fails))
	}
	return err
}

func addTotals(a, b redirectplan.Totals) redirectplan.Totals {
	return redirectplan.Totals{Add: a.Add + b.Add, Change: a.Change + b.Change, Delete: a.Delete + b.Delete, Same: a.Same + b.Same, Refused: a.Refused + b.Refused}
}
