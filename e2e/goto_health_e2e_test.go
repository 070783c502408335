package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestTUIGoToAnythingHealthAcrossAgencyGyms: an agency of three (`funnels sandbox
// --sub-accounts 3 --sites`) signed in; `funnels check` checks two of its gyms (the
// checks kept beside their indexes); the browser opened on Summit Strength, at 80 and
// at 200 columns. Go to anything's scope of all sub-accounts holds each gym's index
// once; tab again, its health scope (! in the query) lists what both checks found, Lakeside's among
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
		// Every sub-account's index once: the agency profile's own location is Lakeside's.
		s.keys("Tab")
		s.waitFor("Go to anything · all sub-accounts", "items in 2 sub-accounts", "tab health")
		s.keys("Tab")
		scr := s.waitFor("› !", "Go to anything · health · 6 errors, 7 warnings", "items in 3 sub-accounts", "Riverside Boxin", "not checked yet")
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

// TestServeGoToAnythingHealthShowsOnlyGrantedGyms: on a team server signed in as an
// agency of three, the operator's `funnels check` has kept the checks of Lakeside Fit
// and Summit Strength. Over `ssh -tt`, bob, granted Summit alone, finds in go to
// anything's health scope Summit's finding and nothing of Lakeside's or Riverside's;
// the lead, an admin of every sub-account, finds all three gyms there (the same
// indexes and checks: what bob is not shown is kept from him, not missing).
func TestServeGoToAnythingHealthShowsOnlyGrantedGyms(t *testing.T) {
	t.Parallel()
	needSSH(t)
	sb := startSandboxBinary(t, "--ephemeral", "--sites", "--sub-accounts", "3")
	env := append(testEnv(t), "USER=operator")
	sb.signIn(t, env, "agency_login")
	env = append(env, "FUNNELS_PROFILE=agency")
	args := checkLine(t, sb, "check_all")
	for i, a := range args {
		if a == "--all-sub-accounts" {
			args[i] = "--location=LakesideFit2026Loc01,SummitStrengthLoc002"
		}
	}
	if code, out, errOut := runIn(t, env, "", args...); code != 1 {
		t.Fatalf("check of two gyms: exit %d, want 1\n%s%s", code, out, errOut)
	}

	tm := &team{t: t, dir: filepath.Join(t.TempDir(), "serve"), env: env}
	var err error
	if tm.keys, tm.fps, err = addPeople(env, tm.dir, t.TempDir(), "SummitStrengthLoc002", map[string]string{"bob": "read", "lead": "admin"}); err != nil {
		t.Fatal(err)
	}
	p, err := startServeProc(env, tm.dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.stop() })
	tm.port = p.port

	bob := tm.browser("bob", 100, 30)
	bob.waitFor("Summit Open House")
	bob.keys("C-p")
	bob.text("!")
	scr := bob.waitFor("Go to anything · health · 1 error, 0 warnings", "2 items in 1 sub-account", "www.summitstrength.com/meet")
	for _, other := range []string{"Lakeside", "lakesidefit.com", "Riverside"} {
		if strings.Contains(scr, other) {
			t.Fatalf("bob, granted Summit alone, is shown %q:\n%s", other, scr)
		}
	}
	bob.keys("Escape")
	bob.waitUntil("the box closed", func(scr string) bool { return !strings.Contains(scr, "Go to anything") })
	bob.keys("q")
	bob.waitFor("ssh exited with 0")

	lead := tm.browser("lead", 100, 30)
	lead.waitFor("Spring Sale 2026") // the first sub-account of all, Lakeside Fit
	lead.keys("C-p")
	lead.text("!")
	lead.waitFor("Go to anything · health · 6 errors, 7 warnings", "in 3 sub-accounts", "Lakeside Fit", "Riverside Boxin")
	lead.keys("Escape")
	lead.waitUntil("the box closed", func(scr string) bool { return !strings.Contains(scr, "Go to anything") })
	lead.keys("q")
	lead.waitFor("ssh exited with 0")
}
