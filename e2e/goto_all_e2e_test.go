package e2e

import (
	"strings"
	"testing"
)

// TestTUIGoToAnythingAcrossGyms: in --demo, two gyms indexed (go to anything builds
// each one's), tab turns go to anything to every sub-account, a row names its gym,
// and enter on the other gym's item switches to that gym and opens the item there.
func TestTUIGoToAnythingAcrossGyms(t *testing.T) {
	s := startTUI(t, 120, 40, nil, "--demo")
	s.waitFor("Lead Generation")
	s.keys("C-p")
	s.waitFor("Go to anything · this sub-account", "278 items · indexed")
	s.keys("Escape")
	s.waitUntil("go to anything to close", func(scr string) bool { return !strings.Contains(scr, "Go to anything") })

	s.keys("C")
	s.waitFor("demo / Summit Strength")
	s.text("summit")
	s.keys("Enter")
	s.waitFor("Summit Open House", "SummitStrengthLoc002")
	s.keys("C-p")
	s.waitFor("Go to anything · this sub-account", "51 items · indexed")

	s.keys("Tab")
	s.waitFor("Go to anything · all sub-accounts", "329 items in 2 sub-accounts")
	s.text("doorbuster order")
	s.waitUntil("the best row, Lakeside's order form, naming its gym", func(scr string) bool {
		row := firstRowWith(scr, "▸")
		return strings.Contains(scr, "› doorbuster order") && strings.Contains(row, "Lakeside Fit") && strings.Contains(row, "Order Form")
	})
	s.keys("Enter")
	s.waitUntil("Lakeside Fit with the doorbuster's order form", func(scr string) bool {
		return strings.Contains(scr, "LakesideFit2026Loc01") && strings.Contains(scr, "Black Friday 2025 Doorbuster") &&
			strings.Contains(scr, "Order Form") && !strings.Contains(scr, "Go to anything")
	})
	s.quit()
}

// firstRowWith is the first line of scr that holds s ("" when none does).
func firstRowWith(scr, s string) string {
	for _, l := range strings.Split(scr, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
