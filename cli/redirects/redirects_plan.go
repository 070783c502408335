package redirects

import (
	"fmt"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/validate"
)

// printPlan writes the plan as a table on standard output (tab-separated when piped):
// what each step does, the address, where it goes (old → new for a change) and, for
// a refused row, where it was read and why; then the totals in words.
func printPlan(f *cmdutil.Factory, plan redirectplan.Plan) error {
	if len(plan.Steps) > 0 {
		if err := planRows().Table(f.IO, plan.Steps).Print(); err != nil {
			return err
		}
	}
	f.Prose("%s", totalsText(plan.Totals()))
	if !plan.DomainsChecked {
		f.Notice("Note: the location's domains could not be listed, so the rows were not checked against them (the service refuses a domain that is not attached).")
	}
	return nil
}

// planRows are how an import or a restore prints its plan: what each step does, the
// address, where it goes and the note; across a set under SUB-ACCOUNT, and in --json
// the steps as they went (applyRecord).
func planRows() cmdutil.Rows[redirectplan.Step] {
	return cmdutil.Rows[redirectplan.Step]{
		Output: &cmdutil.SetOutput{Key: "steps", Columns: []cmdutil.Column{cmdutil.TextColumn("PLAN"), cmdutil.NameColumn("ADDRESS").Tells(),
			cmdutil.NameColumn("TARGET"), cmdutil.WrapColumn("NOTE")}},
		Cells: planCells,
	}
}

// planCells are the cells of a step's row: what it does, the address, where it goes
// and the note.
func planCells(s redirectplan.Step) []string {
	addr := validate.DisplayHost(s.Row.Domain) + s.Row.Path
	if s.Kind == redirectplan.Refused {
		addr = cmdutil.OrDefault(s.Row.Domain+s.Row.Path, "-")
	}
	return []string{s.Kind.Sign(), addr, s.TargetText(), s.Note()}
}

// totalsText is a plan's totals in words.
func totalsText(t redirectplan.Totals) string {
	return fmt.Sprintf("Plan: %d to add, %d to change, %d to delete, %d the same, %d refused (%s to send).",
		t.Add, t.Change, t.Delete, t.Same, t.Refused, cmdutil.CountOf(t.Writes(), "write"))
}
