package cli

import (
	"fmt"
	"strings"

	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/validate"
)

// planSigns are how the plan marks each kind of step.
var planSigns = map[redirectplan.Kind]string{
	redirectplan.Add: "+ add", redirectplan.Change: "~ change", redirectplan.Delete: "− delete",
	redirectplan.Same: "= same", redirectplan.Refused: "! refused",
}

// printPlan writes the plan as a table on standard output (tab-separated when piped):
// what each step does, the address, where it goes (old → new for a change) and, for
// a refused row, where it was read and why; then the totals in words.
func (f *Factory) printPlan(plan redirectplan.Plan) error {
	if len(plan.Steps) > 0 {
		t := newTable(f.IO, textColumn("PLAN"), nameColumn("ADDRESS").tells(), nameColumn("TARGET"), wrapColumn("NOTE"))
		for _, s := range plan.Steps {
			addr := validate.DisplayHost(s.Row.Domain) + s.Row.Path
			target, note := s.Row.Target+" ("+s.Row.Action+")", ""
			switch s.Kind {
			case redirectplan.Change:
				target = changeText(s.Old.Target, s.Old.Action, s.Row.Target, s.Row.Action)
			case redirectplan.Refused:
				addr = orDefault(s.Row.Domain+s.Row.Path, "-")
				note = strings.TrimSpace(s.Row.Where + ": " + s.Reason)
			}
			t.row(planSigns[s.Kind], addr, target, note)
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

// changeText says what a change does: the target, the action, or both, old → new.
func changeText(oldTarget, oldAction, newTarget, newAction string) string {
	switch {
	case oldTarget == newTarget:
		return fmt.Sprintf("%s (%s → %s)", newTarget, oldAction, newAction)
	case oldAction == newAction:
		return fmt.Sprintf("%s → %s (%s)", oldTarget, newTarget, newAction)
	}
	return fmt.Sprintf("%s (%s) → %s (%s)", oldTarget, oldAction, newTarget, newAction)
}

// totalsText is a plan's totals in words.
func totalsText(t redirectplan.Totals) string {
	return fmt.Sprintf("Plan: %d to add, %d to change, %d to delete, %d the same, %d refused (%s to send).",
		t.Add, t.Change, t.Delete, t.Same, t.Refused, countOf(t.Writes(), "write"))
}
