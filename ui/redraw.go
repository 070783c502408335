package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// The renderer writes only the cells it thinks changed since its last frame, so the
// screen stays right only while the terminal shows exactly what was drawn. While a
// window is being resized that can fail: a frame drawn for the old size lands on the
// new one (tmux, for one, resizes its screen at once but tells the program in batches,
// a quarter of a second apart), and the marks it leaves would stay. Worse, the
// renderer scrolls by setting the terminal's scroll region to the rows it knows of: set
// for an old height, that region outlives the resize, and a line written at its foot
// later scrolls half the screen. So when a resize has settled the scroll region is
// reset and the screen drawn whole, and ctrl+l does the same on demand, as in a shell
// — for whatever else may have written to the terminal.

// resizeSettle is how long the size must stay put before the screen is drawn whole.
const resizeSettle = 300 * time.Millisecond

// resizeSettledMsg fires resizeSettle after a resize; only the latest one counts.
type resizeSettledMsg struct{ seq uint64 }

// resized starts the wait for a resize to settle (not for the first size, which the
// program learns as it starts and draws whole anyway).
func (m *Model) resized(first bool) tea.Cmd {
	if first {
		return nil
	}
	m.resizeSeq++
	seq := m.resizeSeq
	return tea.Tick(resizeSettle, func(time.Time) tea.Msg { return resizeSettledMsg{seq: seq} })
}

// settled draws the screen whole when no resize came after the one that sent msg.
func (m *Model) settled(msg resizeSettledMsg) tea.Cmd {
	if msg.seq != m.resizeSeq {
		return nil
	}
	return redrawWhole()
}

// redrawWhole resets the terminal's scroll region to the whole screen (which also puts
// the cursor home) and has the renderer draw every cell again.
func redrawWhole() tea.Cmd {
	return tea.Sequence(tea.Raw(ansi.SetTopBottomMargins(0, 0)), tea.ClearScreen)
}
