package e2e

import (
	"strings"
	"testing"
)

// End-to-end tests of the browser's forms and views: the real binary (--demo) in
// tmux, typed at as a person would, waiting for text on the screen.

// escape presses esc and waits until the screen no longer shows gone, so the next
// key is not read as alt+key.
func (s *tui) escape(gone string) {
	s.t.Helper()
	s.keys("Escape")
	s.waitUntil(gone+" to close", func(scr string) bool { return !strings.Contains(scr, gone) })
}

func TestTUINewStepWithThePathCheck(t *testing.T) {
	t.Parallel()
	s := startTUI(t, 120, 40, nil, "--demo")
	s.waitFor("Spring Sale 2026")
	s.keys("G")
	s.waitFor("Steps · Spring Sale 2026", "Thank You")
	s.keys("n")
	s.waitFor("New step in Spring Sale 2026", "┃ Name")
	s.text("Spring Offer")
	s.keys("Tab")
	s.waitFor("┃ Path")

	// A seeded path: taken, with the service's suggestion beside the field.
	s.text("/spring-sale-opt-in")
	s.waitFor("✗ /spring-sale-opt-in is taken — suggested /spring-sale-opt-in-")
	s.keys("C-u") // clear the field
	s.waitUntil("the path cleared", func(scr string) bool { return !strings.Contains(scr, "is taken") })
	s.text("/spring-offer")
	s.waitFor("✓ /spring-offer is free")

	// enter through the type and the position sends it.
	s.keys("Enter")
	s.waitFor("┃ Type")
	s.keys("Enter")
	s.waitFor("┃ Position")
	s.keys("Enter")
	// Waited for as a whole: a capture can catch the terminal halfway through a frame.
	s.waitUntil("the step made, the form closed and the bar saying so", func(scr string) bool {
		return strings.Contains(scr, "▸ 6  Spring Offer") && !strings.Contains(scr, "New step in") &&
			strings.Contains(lastLine(scr), "created step Spring Offer at /spring-offer")
	})
	s.quit()
}

func TestTUITestEventHistoryAndReplay(t *testing.T) {
	t.Parallel()
	s := startTUI(t, 80, 24, nil, "--demo")
	s.waitFor("Spring Sale 2026")
	s.keys("E")
	s.waitFor("Test conversion event", "Event · 1 of 4", "┃ Event")
	s.keys("Up") // Purchase
	s.waitFor("▸ Purchase")
	s.keys("C-s")
	s.waitFor("✓ Purchase event accepted (200)", "without a token")
	s.escape("event accepted")
	s.keys("H")
	s.waitFor("Event history · newest first", "Purchase", "200", "1/1")
	s.keys("R")
	s.waitUntil("the replay in the history and on the bar", func(scr string) bool {
		return strings.Contains(scr, "2/2") && strings.Contains(lastLine(scr), "sent again: Purchase event") &&
			strings.Count(scr, "Purchase") >= 2
	})
	s.escape("Event history")
	s.quit()
}

func TestTUIRequestLogCopiesCurl(t *testing.T) {
	t.Parallel()
	s := startTUI(t, 120, 40, nil, "--demo")
	s.waitFor("Spring Sale 2026")
	s.keys("G")
	s.waitFor("Pages · Opt-in", "live")
	s.keys("L")
	s.waitFor("Request log · newest first", "/funnels/page?", "/funnels/funnel/folder/entities", "200")
	s.keys("c")
	scr := s.waitUntil("the copy in the status bar", func(scr string) bool {
		return strings.Contains(lastLine(scr), "copied curl for GET /funnels/page")
	})
	if !strings.Contains(lastLine(scr), "$FUNNELS_TOKEN") {
		t.Fatalf("the bar says where the token comes from: %q", lastLine(scr))
	}
	s.keys("Enter")
	s.waitFor("Request GET /funnels/page", "As curl", "Bearer $FUNNELS_TOKEN")
	s.escape("As curl") // back to the log
	s.waitFor("Request log · newest first")
	s.escape("Request log")
	s.quit()
}
