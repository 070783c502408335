package cmdutil

import (
	"charm.land/lipgloss/v2"

	"github.com/funnelsdev/funnels/client/index"
)

// ChangeStyles colour what changed on a terminal, for `funnels changes`, `watch` and
// `diff`: added green, removed red, changed yellow, group titles bold (colorWriter
// drops what the terminal or NO_COLOR does not allow).
type ChangeStyles struct {
	Added, Removed, Changed, Title, Dim lipgloss.Style
}

func NewChangeStyles() ChangeStyles {
	return ChangeStyles{
		Added:   lipgloss.NewStyle().Foreground(lipgloss.Green),
		Removed: lipgloss.NewStyle().Foreground(lipgloss.Red),
		Changed: lipgloss.NewStyle().Foreground(lipgloss.Yellow),
		Title:   lipgloss.NewStyle().Bold(true),
		Dim:     lipgloss.NewStyle().Faint(true),
	}
}

// Kind is the style of a change's kind.
func (s ChangeStyles) Kind(k index.ChangeKind) lipgloss.Style {
	switch k {
	case index.Added:
		return s.Added
	case index.Removed:
		return s.Removed
	}
	return s.Changed
}

// ChangeMarks are the one-character signs of the kinds.
var ChangeMarks = map[index.ChangeKind]string{index.Added: "+", index.Removed: "-", index.Changed: "~"}
