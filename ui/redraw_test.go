package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// resetRegion is what the terminal gets to reset its scroll region to the whole screen.
const resetRegion = "\x1b[;r"

// TestOnlyTheLastResizeRedrawsWhole: the first size draws whole anyway and asks for
// nothing; of the resizes in a storm, only the last one's settling redraws.
func TestOnlyTheLastResizeRedrawsWhole(t *testing.T) {
	m := New(Options{})
	if cmd := m.update(tea.WindowSizeMsg{Width: 120, Height: 40}); cmd != nil {
		t.Fatal("the first size should not schedule a redraw")
	}
	first := m.update(tea.WindowSizeMsg{Width: 100, Height: 30})
	last := m.update(tea.WindowSizeMsg{Width: 120, Height: 40})
	if first == nil || last == nil {
		t.Fatal("every later resize waits to settle")
	}
	early, ok := first().(resizeSettledMsg)
	if !ok {
		t.Fatalf("the wait ends in a resizeSettledMsg")
	}
	late := last().(resizeSettledMsg)
	if cmd := m.update(early); cmd != nil {
		t.Fatal("a resize followed by another must not redraw")
	}
	cmd := m.update(late)
	if cmd == nil {
		t.Fatal("the last resize's settling must redraw")
	}
	wantRedraw(t, "a settled resize", cmd)
}

// wantRedraw checks that cmd is the whole redraw: a sequence that resets the scroll
// region, then clears the screen and draws it all.
func wantRedraw(t *testing.T, where string, cmd tea.Cmd) {
	t.Helper()
	got := cmdMsgs(t, cmd)
	if len(got) != 2 || got[0] != (tea.RawMsg{Msg: resetRegion}) || got[1] != tea.ClearScreen() {
		t.Fatalf("%s should reset the scroll region, then clear the screen; got %#v", where, got)
	}
}

// TestCtrlLRedrawsTheWholeScreen: ctrl+l, wherever the focus is (a pane, a form being
// typed in), and the palette's Redraw do what a settled resize does.
func TestCtrlLRedrawsTheWholeScreen(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	wantRedraw(t, "ctrl+l in a pane", h.m.update(keyPress("ctrl+l")))
	h.press("N")
	h.waitFor("New folder")
	h.typeText("Half typed")
	wantRedraw(t, "ctrl+l in a form", h.m.update(keyPress("ctrl+l")))
	if v := h.view(); !strings.Contains(v, "Half typed") {
		t.Fatalf("the form keeps what was typed:\n%s", v)
	}
	for _, a := range h.m.paletteEntries() {
		if a.name == "Redraw" {
			if a.key != "ctrl+l" {
				t.Fatalf("the palette shows the key %q", a.key)
			}
			wantRedraw(t, "the palette's Redraw", a.run(h.m))
			return
		}
	}
	t.Fatal("the palette has no Redraw")
}

// cmdMsgs runs cmd and returns the messages it sends, sequences and batches opened.
func cmdMsgs(t *testing.T, cmd tea.Cmd) []tea.Msg {
	t.Helper()
	if cmd == nil {
		return nil
	}
	h := &harness{t: t, msgs: make(chan tea.Msg, 8)}
	h.deliver(cmd())
	var got []tea.Msg
	for len(h.msgs) > 0 {
		got = append(got, <-h.msgs)
	}
	return got
}
