package redirectplan

import (
	"fmt"
	"strings"
)

// The plan in words, the same for the command line's table and the browser's list.

// Sign is how a plan marks a step of kind k: "+ add", "~ change", "− delete",
// "= same", "! refused".
func (k Kind) Sign() string {
	switch k {
	case Add:
		return "+ add"
	case Change:
		return "~ change"
	case Delete:
		return "− delete"
	case Same:
		return "= same"
	case Refused:
		return "! refused"
	}
	return string(k)
}

// TargetText says where the step's redirect goes: "target (action)", or for a
// change what changes, old → new.
func (s Step) TargetText() string {
	if s.Kind != Change || s.Old == nil {
		return s.Row.Target + " (" + s.Row.Action + ")"
	}
	o, n := s.Old, s.Row
	switch {
	case o.Target == n.Target:
		return fmt.Sprintf("%s (%s → %s)", n.Target, o.Action, n.Action)
	case o.Action == n.Action:
		return fmt.Sprintf("%s → %s (%s)", o.Target, n.Target, n.Action)
	}
	return fmt.Sprintf("%s (%s) → %s (%s)", o.Target, o.Action, n.Target, n.Action)
}

// Note is, for a refused step, where its row was read and why; for a step with a
// warning, "warning: " and what it risks; "" otherwise.
func (s Step) Note() string {
	switch {
	case s.Kind == Refused:
		return strings.TrimSpace(s.Row.Where + ": " + s.Reason)
	case s.Warning != "":
		return "warning: " + s.WarningText
	}
	return ""
}
