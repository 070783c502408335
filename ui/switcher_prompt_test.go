package ui

import (
	"net/http"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestSwitcherPromptReadsAsOne: the switcher's input line reads as one instruction,
// at 80 columns as at 140: its prompt and its placeholder never make "switch to type
// to filter", and the placeholder is shown whole.
func TestSwitcherPromptReadsAsOne(t *testing.T) {
	h, _, _ := switchHarness(t, sandbox.Options{}, http.DefaultTransport)
	for _, w := range []int{140, 80} {
		h.update(tea.WindowSizeMsg{Width: w, Height: 30})
		h.press("C")
		v := h.waitFor("Switch profile or sub-account", "Summit Strength")
		prompt := line(v, "› ")
		if !strings.Contains(prompt, "› type a profile, sub-account or location id to filter") || strings.Contains(v, "switch to type") {
			t.Errorf("at %d columns the switcher's input line reads %q", w, strings.TrimSpace(ansi.Strip(prompt)))
		}
		h.press("esc")
	}
}
