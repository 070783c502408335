package redirectplan

import (
	"cmp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/funnelsdev/funnels/client/validate"
)

// The plan in words, the same for the command line's table and the browser's list.
// Every value is shown whole up to MaxShownBytes — twice the longest address or path
// the service takes, so a redirect that can exist is never cut; a longer value (a
// cell of a broken file) shows its start and how long it is.

// MaxShownBytes bounds a value as a plan shows it.
const MaxShownBytes = 4096

// shownHead is how much of a value past MaxShownBytes is shown.
const shownHead = 120

// Shown is s as a plan shows it: whole, or past MaxShownBytes its start and
// "… (n bytes, cut)".
func Shown(s string) string {
	if len(s) <= MaxShownBytes {
		return s
	}
	head := shownHead
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	return s[:head] + "… (" + strconv.Itoa(len(s)) + " bytes, cut)"
}

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

// Address is where the step's redirect answers, as a person reads it: the host in
// its Unicode form and the path. A refused row is shown as its file had it, with
// the slash that checking adds before a path without one ("old-page" is
// "/old-page"); "-" when it names neither.
func (s Step) Address() string {
	domain, path := Shown(s.Row.Domain), Shown(s.Row.Path)
	if s.Kind != Refused {
		return validate.DisplayHost(domain) + path
	}
	switch {
	case domain == "" && path == "":
		return "-"
	case path == "" || strings.HasPrefix(path, "/"):
		return domain + path
	case strings.Contains(path, "://"):
		return domain + " " + path // an address where a path belongs: the reason says so
	}
	return domain + "/" + path
}

// Targets say where the step's redirect goes. For a change of target, from is
// where it went ("old" or, when the action changes too, "old (funnel)") and to
// where it will go ("new (url)"); for every other step from is "" and to is its
// target and action ("target (url)", or for a change of action alone "target
// (funnel → url)"). A plan shows them on one line as from → to, or from on one and
// → to on the next.
func (s Step) Targets() (from, to string) {
	n := s.Row
	target := cmp.Or(Shown(n.Target), "-")
	if s.Kind != Change || s.Old == nil {
		return "", target + " (" + n.Action + ")"
	}
	o := s.Old
	switch {
	case o.Target == n.Target:
		return "", target + " (" + o.Action + " → " + n.Action + ")"
	case o.Action == n.Action:
		return cmp.Or(Shown(o.Target), "-"), target + " (" + n.Action + ")"
	}
	return cmp.Or(Shown(o.Target), "-") + " (" + o.Action + ")", target + " (" + n.Action + ")"
}

// TargetText is Targets on one line: "target (action)", or for a change of target
// "old → new (action)".
func (s Step) TargetText() string {
	from, to := s.Targets()
	if from == "" {
		return to
	}
	return from + " → " + to
}

// Note is, for a refused step, where its row was read and why; for a step with a
// warning, "warning: " and what it risks; "" otherwise.
func (s Step) Note() string {
	switch {
	case s.Kind == Refused:
		return strings.TrimPrefix(Shown(s.Row.Where)+": "+Shown(s.Reason), ": ")
	case s.Warning != "":
		return "warning: " + Shown(s.WarningText)
	}
	return ""
}
