package cache

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// changeGroup is the changes of one funnel (or of the folders).
type changeGroup struct {
	title   string
	changes []index.Change
}

// groupChanges puts the changes under their funnels, folders last, each group's
// own funnel change first; groups in the order of their first change.
func groupChanges(cs []index.Change) []changeGroup {
	var groups []changeGroup
	at := map[string]int{}
	for _, c := range cs {
		key, title := "f"+c.FunnelID, c.Funnel
		if c.Item == "folder" {
			key, title = "d", "Folders"
		}
		if title == "" {
			title = "funnel " + c.FunnelID
		}
		i, ok := at[key]
		if !ok {
			i = len(groups)
			at[key] = i
			groups = append(groups, changeGroup{title: title})
		}
		groups[i].changes = append(groups[i].changes, c)
	}
	for i := range groups {
		slices.SortStableFunc(groups[i].changes, func(a, b index.Change) int {
			return itemOrder(a.Item) - itemOrder(b.Item)
		})
	}
	slices.SortStableFunc(groups, func(a, b changeGroup) int {
		return boolOrder(a.title == "Folders") - boolOrder(b.title == "Folders")
	})
	return groups
}

func itemOrder(item string) int {
	return map[string]int{"folder": 0, "funnel": 1, "step": 2, "page": 3}[item]
}

func boolOrder(b bool) int {
	if b {
		return 1
	}
	return 0
}

// changeSummary is "1 funnel added, 2 steps changed, 1 page removed".
func changeSummary(cs []index.Change) string {
	counts := map[string]int{}
	var order []string
	for _, c := range cs {
		key := c.Item + "\x00" + string(c.Kind)
		if counts[key] == 0 {
			order = append(order, key)
		}
		counts[key]++
	}
	slices.SortStableFunc(order, func(a, b string) int {
		ia, _, _ := strings.Cut(a, "\x00")
		ib, _, _ := strings.Cut(b, "\x00")
		return itemOrder(ia) - itemOrder(ib)
	})
	parts := make([]string, len(order))
	for i, key := range order {
		item, kind, _ := strings.Cut(key, "\x00")
		parts[i] = cmdutil.CountOf(counts[key], item) + " " + kind
	}
	return strings.Join(parts, ", ")
}

// fieldText is "old → new" of one field; an added field's value alone, a removed
// one's value struck through by words.
func fieldText(k index.ChangeKind, fc index.FieldChange) string {
	old, now := termtext.Line(fc.Old), termtext.Line(fc.New)
	switch k {
	case index.Added:
		return now
	case index.Removed:
		return old
	}
	return cmdutil.OrDash(old) + " → " + cmdutil.OrDash(now)
}

// writeChangeGroups writes the changes grouped by funnel: a summary, then each
// group's title and its changes, a field a line under each, cut to width (0: whole).
func writeChangeGroups(w io.Writer, cs []index.Change, width int, st cmdutil.ChangeStyles) {
	fit := func(s string) string {
		if width > 0 {
			return termtext.CutMiddle(s, width)
		}
		return s
	}
	for _, g := range groupChanges(cs) {
		fmt.Fprintln(w)
		fmt.Fprintln(w, st.Title.Render(fit(termtext.Line(g.title))))
		for _, c := range g.changes {
			head := fit(cmdutil.ChangeMarks[c.Kind] + " " + c.Item + " " + termtext.Line(c.Name) + pathOf(c))
			fmt.Fprintln(w, "  "+st.Kind(c.Kind).Render(head))
			if c.Kind != index.Changed {
				continue // an added or removed item is its name; --json has its fields
			}
			for _, fc := range c.Fields {
				label := fmt.Sprintf("      %-9s", fc.Field)
				fmt.Fprintln(w, st.Dim.Render(label)+fitAfter(fieldText(c.Kind, fc), width, len(label)))
			}
		}
	}
}

// pathOf is "  /path" of an added or removed item that has one.
func pathOf(c index.Change) string {
	if c.Kind == index.Changed {
		return ""
	}
	for _, fc := range c.Fields {
		if fc.Field == "path" {
			return "  " + fieldText(c.Kind, fc)
		}
	}
	return ""
}

// fitAfter cuts s to the room left after used cells (width 0: whole).
func fitAfter(s string, width, used int) string {
	if width <= 0 {
		return s
	}
	return termtext.CutMiddle(s, max(width-used, 8))
}

// changeLine is one change on one line, as `funnels watch` prints it: time, kind,
// what, and each field old → new.
func changeLine(at time.Time, c index.Change) string {
	what := c.Item + " " + termtext.Line(c.Name)
	if c.Item != "funnel" && c.Item != "folder" && c.Funnel != "" {
		what += " (" + termtext.Line(c.Funnel) + ")"
	}
	line := at.Local().Format("15:04:05") + "  " + fmt.Sprintf("%-7s", c.Kind) + "  " + what
	if c.Kind != index.Changed {
		return line + pathOf(c)
	}
	fields := make([]string, len(c.Fields))
	for i, fc := range c.Fields {
		fields[i] = fc.Field + " " + fieldText(c.Kind, fc)
	}
	return line + ": " + strings.Join(fields, "; ")
}
