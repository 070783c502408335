package e2e

import (
	"os/exec"
	"path/filepath"
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

// TestTUIGoToAnythingAcrossAgencyIndexes: an agency of eight (`funnels sandbox
// --sub-accounts 8`, the banner naming the suspended one and the one without the
// app) signed in; one gym indexed with `funnels index --profile agency --location`,
// the browser opened on another; go to anything across sub-accounts finds the
// indexed gym's funnel in its file on disk, and enter switches there and opens it.
func TestTUIGoToAnythingAcrossAgencyIndexes(t *testing.T) {
	needTmux(t)
	sb := startSandboxBinary(t, "--sub-accounts", "8")
	if !strings.HasPrefix(sb.values["agency"], "LakesideFitCompany01, 8 sub-accounts, 7 with the app installed") ||
		!strings.HasPrefix(sb.values["suspended"], "AgencyClientLoc00005 ") || !strings.HasPrefix(sb.values["not_installed"], "HarborYogaStudioLc04 ") {
		t.Fatalf("the banner: %v", sb.values)
	}
	env := append(testEnv(t), "XDG_CACHE_HOME="+filepath.Join(t.TempDir(), "cache"))
	args := strings.Fields(sb.values["agency_login"])
	if _, said := loginByPaste(t, env, append(args[1:], "--redirect-port", "0")...); !strings.Contains(said, "Summit Strength") {
		t.Fatalf("login --agency said:\n%s", said)
	}
	index := exec.Command(binPath, "index", "--profile", "agency", "--location", "SummitStrengthLoc002")
	index.Env = env
	if out, err := index.CombinedOutput(); err != nil {
		t.Fatalf("funnels index: %v\n%s", err, out)
	}

	s := startScript(t, 120, 40, env, shellCommand("--profile", "agency", "--location", "LakesideFit2026Loc01")+`; echo "funnels exited with $?"; sleep 600`)
	s.waitFor("Lead Generation", "LakesideFit2026Loc01")
	s.keys("C-p")
	s.waitFor("Go to anything · this sub-account")
	s.keys("Tab")
	s.waitFor("Go to anything · all sub-accounts", "items in 2 sub-accounts")
	s.text("strongman")
	s.waitUntil("summit's funnel first, naming its gym", func(scr string) bool {
		row := firstRowWith(scr, "▸")
		return strings.Contains(scr, "› strongman") && strings.Contains(row, "Summit Strength") && strings.Contains(row, "Strongman Saturday")
	})
	s.keys("Enter")
	s.waitUntil("summit with its funnel selected", func(scr string) bool {
		return strings.Contains(scr, "SummitStrengthLoc002") && strings.Contains(scr, "Root › Events") &&
			strings.Contains(scr, "▸ Strongman Saturday") && !strings.Contains(scr, "Go to anything")
	})
	s.keys("q")
	s.waitFor("funnels exited with 0")
}
