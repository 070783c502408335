package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestEndSplitStartsOnTheSelectedPage: with the variation's row selected in the
// pages pane, End split test offers the variation as the winner; with the control's,
// the control.
func TestEndSplitStartsOnTheSelectedPage(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.selectRow("Webinars/")
	h.press("enter")
	h.waitFor("Webinar: Grow Your Gym")
	h.selectRow("Webinar: Grow Your Gym")
	h.press("tab")
	h.waitFor("50/50")
	h.selectRow("Registration")
	h.waitFor("variation 50%")
	h.press("tab")
	for _, role := range []string{"variation", "control"} {
		h.press("g")
		for range 5 {
			if p := h.m.pages.selected(); p != nil && strings.HasPrefix(p.role, role) {
				break
			}
			h.press("down")
		}
		page := h.m.pages.selected()
		if page == nil || !strings.HasPrefix(page.role, role) {
			t.Fatalf("no %s row among the pages:\n%s", role, h.view())
		}
		h.press("S")
		h.waitFor("End split test · Registration")
		f, ok := h.m.overlay.(*formOverlay)
		if !ok {
			t.Fatalf("no form: %T", h.m.overlay)
		}
		if got := f.Fields()[0].Current(); got != page.id {
			t.Errorf("with the %s (%s) selected the winner starts on %s", role, page.id, got)
		}
		h.press("esc")
		h.waitUntil("the form to close", func(string) bool { return !h.formOpen() })
	}
}
