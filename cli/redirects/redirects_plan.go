package redirects

import (
	"fmt"
	"strings"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/plantext"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// printPlans writes the plans on standard output, then each one's totals in words
// and what could not be checked. On a terminal the steps are laid out by package
// plantext, so no address or target is ever cut; piped, one tab-separated line a
// step (planRows). Across a set the sub-account comes first.
func (r *planRun) printPlans() error {
	f := r.f
	var steps int
	for _, p := range r.plans {
		steps += len(p.plan.Steps)
	}
	if steps > 0 {
		if err := r.printSteps(); err != nil {
			return err
		}
	}
	for _, p := range r.plans {
		f.Prose("%s%s", r.whose(p), totalsText(p.plan.Totals()))
		if !p.plan.DomainsChecked {
			f.Notice("Note: %sthe location's domains could not be listed, so the rows were not checked against them (the service refuses a domain that is not attached).", r.whose(p))
		}
		if !p.plan.LiveChecked {
			f.Notice("Note: %snot every step of the location could be placed on its domain, so an add may shadow a live step the plan does not mark.", r.whose(p))
		}
	}
	return nil
}

// printSteps writes every plan's steps: laid out on a terminal, tab-separated when
// piped.
func (r *planRun) printSteps() error {
	ios := r.f.IO
	if !ios.OutTTY {
		if !r.set {
			return planRows().Table(ios, r.plans[0].plan.Steps).Print()
		}
		done := make([]cmdutil.MemberDone[[]redirectplan.Step], len(r.plans))
		for i, p := range r.plans {
			done[i] = cmdutil.MemberDone[[]redirectplan.Step]{Member: p.member, Result: p.plan.Steps}
		}
		return planRows().SetTable(ios, done).Print()
	}
	var rows []plantext.Row
	lead := ""
	if r.set {
		lead = "SUB-ACCOUNT"
	}
	for _, p := range r.plans {
		for _, s := range p.plan.Steps {
			rows = append(rows, plantext.Row{Lead: p.member.Name, Step: s})
		}
	}
	var b strings.Builder
	for _, line := range plantext.Lay(rows, lead, ios.Width).Lines() {
		b.WriteString(line.String())
		b.WriteByte('\n')
	}
	_, err := fmt.Fprint(ios.Out, b.String())
	return err
}

// whose is "NAME: " before what is said of one plan across a set, "" for one.
func (r *planRun) whose(p *planned) string {
	if !r.set {
		return ""
	}
	return cmdutil.QuoteName(p.member.Name) + ": "
}

// planRows are how an import or a restore prints its plan when piped: what each
// step does, the address, where it goes and the note, every value as the plan shows
// it; across a set under SUB-ACCOUNT. The record's Set output says so for the tests
// that hold every command to its record.
func planRows() cmdutil.Rows[redirectplan.Step] {
	return cmdutil.Rows[redirectplan.Step]{
		Output: &cmdutil.SetOutput{Key: "steps", Columns: []cmdutil.Column{cmdutil.TextColumn("PLAN"), cmdutil.NameColumn("ADDRESS").Tells(),
			cmdutil.NameColumn("TARGET"), cmdutil.WrapColumn("NOTE")}},
		Cells: func(s redirectplan.Step) []string {
			return []string{s.Kind.Sign(), s.Address(), s.TargetText(), s.Note()}
		},
	}
}

// totalsText is a plan's totals in words.
func totalsText(t redirectplan.Totals) string {
	return fmt.Sprintf("Plan: %d to add, %d to change, %d to delete, %d the same, %d refused (%s to send).",
		t.Add, t.Change, t.Delete, t.Same, t.Refused, cmdutil.CountOf(t.Writes(), "write"))
}

// shadowText says which live steps a plan shadows and that it is sent only with
// --allow-shadow.
func shadowText(marks []redirectplan.Mark) string {
	return termtext.Line((&redirectplan.ShadowError{Marks: marks}).Error()) + " (--allow-shadow)."
}
