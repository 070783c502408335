package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestHelpPages: on a terminal too short for every key, ? pages with pgdn and pgup,
// G shows the last lines and g the first, and no key scrolls past either end (one ↑
// after G moves up at once).
func TestHelpPages(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 80, 24)
	h.waitFor("Spring Sale 2026")
	h.press("?")
	first := h.waitFor("Navigation", "↑↓ pgup pgdn g G scroll")
	top := h.m.overlay.(*helpOverlay)
	body, _ := top.lines(80)
	last := strings.TrimSpace(ansi.Strip(body[len(body)-1]))
	if strings.Contains(first, last) {
		t.Fatalf("the help fits an 80×24 terminal whole; the test needs it to scroll:\n%s", first)
	}
	page := top.visible()

	h.press("pgdown")
	if top.offset != page {
		t.Fatalf("pgdn scrolls a page (%d lines): offset %d", page, top.offset)
	}
	h.press("pgup")
	if top.offset != 0 || !strings.Contains(h.view(), "Navigation") {
		t.Fatalf("pgup scrolls back a page: offset %d", top.offset)
	}
	h.press("G")
	bottom := top.offset
	if v := h.view(); !strings.Contains(v, last) || bottom == 0 {
		t.Fatalf("G shows the last lines (offset %d):\n%s", bottom, v)
	}
	h.press("pgdown", "down", "end")
	if top.offset != bottom {
		t.Fatalf("nothing scrolls past the end: offset %d, the end is %d", top.offset, bottom)
	}
	h.press("up")
	if top.offset != bottom-1 {
		t.Fatalf("↑ after the end moves up one line at once: offset %d, want %d", top.offset, bottom-1)
	}
	h.press("g")
	if top.offset != 0 || !strings.Contains(h.view(), "Navigation") {
		t.Fatalf("g goes back to the top: offset %d", top.offset)
	}
	h.press("up", "pgup", "home")
	if top.offset != 0 {
		t.Fatalf("nothing scrolls before the top: offset %d", top.offset)
	}
}
