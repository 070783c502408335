package e2e

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestTUIGoToAnythingHealthAcrossAgencyGyms: an agency of three (`funnels sandbox
// --sub-accounts 3 --sites`) signed in; `funnels check` checks two of its gyms (the
// checks kept beside their indexes); the browser opened on Summit Strength, at 80 and
// at 200 columns. ! in go to anything lists what both checks found, Lakeside's among
// them, each row naming its gym, and Riverside's row says it was never checked; the
// filter finds Lakeside's page that answers 404, and enter switches to Lakeside Fit
// and selects that step, marked ✗. No line is wider than the terminal.
func TestTUIGoToAnythingHealthAcrossAgencyGyms(t *testing.T) {
	t.Parallel()
	needTmux(t)
	sb := startSandboxBinary(t, "--ephemeral", "--sites", "--sub-accounts", "3")
	env := testEnv(t)
	sb.signIn(t, env, "agency_login")
	args := checkLine(t, sb, "check_all")
	for i, a := range args {
		if a == "--all-sub-accounts" {
			args[i] = "--location=LakesideFit2026Loc01,SummitStrengthLoc002"
		}
	}
	if code, out, errOut := runIn(t, env, "", args...); code != 1 || !strings.Contains(out, "Lakeside Fit") || !strings.Contains(out, "Summit Strength") {
		t.Fatalf("check of two gyms: exit %d, want 1\n%s%s", code, out, errOut)
	}

	for _, width := range []int{80, 200} {
		s := startScript(t, width, 30, env, shellCommand("--profile", "agency", "--location", "SummitStrengthLoc002")+`; echo "funnels exited with $?"; sleep 600`)
		s.waitFor("Summit Open House", "SummitStrengthLoc002")
		s.keys("C-p")
		s.waitFor("Go to anything · this sub-account", "tab all sub-accounts")
		s.text("!")
		scr := s.waitFor("Go to anything · health · 6 errors, 7 warnings", "items in 3 sub-accounts", "Riverside Boxin", "not checked yet")
		if row := firstRowWith(scr, "promo.lakesidefit.com"); !strings.Contains(row, "✗") || !strings.Contains(row, "Lakeside Fit") {
			t.Fatalf("at %d columns Lakeside's domain should be listed, marked, naming its gym: %q\n%s", width, row, scr)
		}
		fits(t, scr, width)

		s.text("address answers 404")
		scr = s.waitUntil("Lakeside's page that answers 404, first", func(scr string) bool {
			row := firstRowWith(scr, "✗▸") // the row selected, marked
			return strings.Contains(scr, "1 of ") && strings.Contains(row, "Lakeside Fit") && strings.Contains(row, "join.lak")
		})
		fits(t, scr, width)
		s.keys("Enter")
		scr = s.waitUntil("Lakeside Fit with the broken step selected", func(scr string) bool {
			return strings.Contains(lastLine(scr), "agency / Lakeside Fit") && strings.Contains(scr, "Steps · Free Workout Guide") &&
				strings.Contains(scr, "│✗▸ 2  Thank You") && !strings.Contains(scr, "Go to anything")
		})
		fits(t, scr, width)
		s.quit()
	}
}

// fits fails when a line of scr is wider than width.
func fits(t *testing.T, scr string, width int) {
	t.Helper()
	for _, l := range strings.Split(scr, "\n") {
		if w := ansi.StringWidth(l); w > width {
			t.Fatalf("a line of %d cells at %d columns: %q", w, width, l)
		}
	}
}
