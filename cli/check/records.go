package check

import (
	"slices"
	"strings"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
)

// finding is a finding as the command prints it: the engine's without the
// sub-account (a set's records carry it, with its name, in front), and after
// --since-last what changed.
type finding struct {
	Severity linkcheck.Severity  `json:"severity"`
	Kind     linkcheck.Kind      `json:"kind"`
	URL      string              `json:"url"`
	Subject  linkcheck.Subject   `json:"subject"`
	Message  string              `json:"message"`
	Fix      *linkcheck.Fix      `json:"fix,omitempty"`
	Evidence linkcheck.Evidence  `json:"evidence"`
	Affects  []linkcheck.Subject `json:"affects,omitempty"`
	// Change is, with --since-last, new, changed (its severity, as found now) or
	// resolved (as found last).
	Change string `json:"change,omitempty"`
}

// The changes --since-last lists.
const (
	changeNew      = "new"
	changeChanged  = "changed"
	changeResolved = "resolved"
)

func recordOf(f linkcheck.Finding, change string) finding {
	return finding{Severity: f.Severity, Kind: f.Kind, URL: f.URL, Subject: f.Subject, Message: f.Message, Fix: f.Fix,
		Evidence: f.Evidence, Affects: f.Affects, Change: change}
}

// severities are the severities --only names, as it names them.
var severities = map[string]linkcheck.Severity{
	"errors": linkcheck.Error, "error": linkcheck.Error,
	"warnings": linkcheck.Warning, "warning": linkcheck.Warning,
	"ok": linkcheck.OK,
}

// parseOnly reads --only: a comma list of errors, warnings and ok.
func parseOnly(values []string) (map[linkcheck.Severity]bool, error) {
	out := map[linkcheck.Severity]bool{}
	for _, v := range values {
		sev, ok := severities[strings.ToLower(strings.TrimSpace(v))]
		if !ok {
			return nil, cmdutil.Usagef("--only takes errors, warnings or ok (a comma list), not %s", cmdutil.QuoteInput(v))
		}
		out[sev] = true
	}
	return out, nil
}

// shown are the findings of one outcome the run prints: all of its result, or with
// sinceLast what changed since its last complete run; only the severities asked.
func shown(o linkcheck.Outcome, sinceLast bool, only map[linkcheck.Severity]bool) []finding {
	out := []finding{}
	add := func(fs []linkcheck.Finding, change string) {
		for _, f := range fs {
			if only[f.Severity] {
				out = append(out, recordOf(f, change))
			}
		}
	}
	switch {
	case o.Result == nil:
	case sinceLast:
		add(o.Since.New, changeNew)
		add(o.Since.Changed, changeChanged)
		add(o.Since.Resolved, changeResolved)
		slices.SortStableFunc(out, func(a, b finding) int { return rank(a.Severity) - rank(b.Severity) })
	default:
		add(o.Result.Findings, "")
	}
	return out
}

// rank orders severities worst first.
func rank(s linkcheck.Severity) int {
	switch s {
	case linkcheck.Error:
		return 0
	case linkcheck.Warning:
		return 1
	}
	return 2
}

// where is a finding's subject as a person finds it: the domain, or the address of
// the step or redirect without its scheme.
func where(f finding) string {
	if f.Subject.Type == linkcheck.SubjectDomain || f.Subject.Path == "" {
		return f.Subject.Host
	}
	return f.Subject.Host + f.Subject.Path
}

// marks are the severities as a terminal shows them.
var marks = map[linkcheck.Severity]string{linkcheck.Error: "✗ error", linkcheck.Warning: "⚠ warning", linkcheck.OK: "✓ ok"}

// findingRows are how findings print, of one sub-account or, under SUB-ACCOUNT, of a
// set: worst first, with the fix where one is known; with changes (--since-last)
// what changed first. On a terminal the severity carries its mark.
func findingRows(terminal, changes bool) cmdutil.Rows[finding] {
	cols := []cmdutil.Column{cmdutil.TextColumn("SEVERITY"), cmdutil.NameColumn("WHERE").Tells(), cmdutil.WrapColumn("FINDING"), cmdutil.WrapColumn("FIX")}
	if changes {
		cols = append([]cmdutil.Column{cmdutil.TextColumn("CHANGE")}, cols...)
	}
	return cmdutil.Rows[finding]{
		Output: &cmdutil.SetOutput{Key: "findings", Columns: cols},
		Cells: func(f finding) []string {
			sev := string(f.Severity)
			if terminal {
				sev = marks[f.Severity]
			}
			fix := ""
			if f.Fix != nil {
				fix = f.Fix.Text
			}
			cells := []string{sev, where(f), f.Message, cmdutil.OrDash(fix)}
			if changes {
				cells = append([]string{f.Change}, cells...)
			}
			return cells
		},
	}
}
