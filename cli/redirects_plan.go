package cli

import (
	"fmt"

	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/validate"
)

// printPlan writes the plan as a table on standard output (tab-separated when piped):
// what each step does, the address, where it goes (old → new for a change) and, for
// a refused row, where it was read and why; then the totals in words.
func printPlan(f *Factory, plan redirectplan.Plan) error {
	if len(plan.Steps) > 0 {
		t := newTable(f.IO, textColumn("PLAN"), nameColumn("ADDRESS").tells(), nameColumn("TARGET"), wrapColumn("NOTE"))
		for _, s := range plan.Steps {
			t.row(planCells(s)...)
		}
		if err := t.print(); err != nil {
			return err
		}
	}
	f.prose("%s", totalsText(plan.Totals()))
	if !plan.DomainsChecked {
		f.notice("Note: the location's domains could not be listed, so the rows were not checked against them (the service refuses a domain that is not attached).")
	}
	return nil
}

// planCells are the cells of a step's row: what it does, the address, where it goes
// and the note.
func planCells(s redirectplan.Step) []string {
	addr := validate.DisplayHost(s.Row.Domain) + s.Row.Path
	if s.Kind == redirectplan.Refused {
		addr = orDefault(s.Row.Domain+s.Row.Path, "-")
	}
	return []string{s.Kind.Sign(), addr, s.TargetText(), s.Note()}
}

// totalsText is a plan's totals in words.
func totalsText(t redirectplan.Totals) string {
	return fmt.Sprintf("Plan: %d to add, %d to change, %d to delete, %d the same, %d refused (%s to send).",
		t.Add, t.Change, t.Delete, t.Same, t.Refused, countOf(t.Writes(), "write"))
}
