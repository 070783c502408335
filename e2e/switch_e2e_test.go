package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// rateRe reads "N/LIMIT" off the status bar.
var rateRe = regexp.MustCompile(`(\d+)/(\d+)`)

// rateLeft is what the status bar says is left of the rate limit (-1: nothing yet).
func rateLeft(status string) int {
	m := rateRe.FindAllStringSubmatch(status, -1)
	if len(m) == 0 {
		return -1
	}
	n, _ := strconv.Atoi(m[len(m)-1][1])
	return n
}

// TestTUISwitchAgencySubAccount: an agency signed in with `funnels login --agency`
// against `funnels sandbox`; the browser opens its first gym, C switches to another,
// which shows its own funnels and its own rate limit and nothing of the first;
// switching back shows the first's again, its rate limit where it was.
func TestTUISwitchAgencySubAccount(t *testing.T) {
	sb := startSandboxBinary(t, "--limit", "50", "--window", "1h")
	args := strings.Fields(sb.values["agency_login"])
	if len(args) < 3 || args[1] != "login" || args[2] != "--agency" {
		t.Fatalf("sandbox agency login line %q", sb.values["agency_login"])
	}
	env := testEnv(t)
	_, said := loginByPaste(t, env, append(args[1:], "--redirect-port", "0")...)
	if !strings.Contains(said, "at agency level") || !strings.Contains(said, "Summit Strength") {
		t.Fatalf("login --agency said:\n%s", said)
	}

	// --no-cache: no crawl in the background, so each gym's rate counts only the test's requests.
	s := startScript(t, 130, 30, env, shellCommand("--profile", "agency", "--no-cache")+`; echo "funnels exited with $?"; sleep 600`)
	s.waitFor("Lead Generation", "Spring Sale 2026", "agency / Lakeside Fit · LakesideFit2026Loc01")
	s.keys("Enter") // Archive/
	s.waitFor("2025 Campaigns")
	s.keys("h") // back to the root
	s.waitFor("Lead Generation")
	scr := s.waitUntil("lakeside's rate after two loads", func(scr string) bool {
		n := rateLeft(lastLine(scr))
		return n >= 0 && n <= 48
	})
	lakesideLeft := rateLeft(lastLine(scr))

	s.keys("C")
	s.waitFor("Switch profile or sub-account", "agency / Summit Strength", "agency / Riverside Boxing Club")
	s.text("summit")
	s.keys("Enter")
	scr = s.waitFor("Summit Open House", "Memberships/", "SummitStrengthLoc002")
	for _, old := range []string{"Lead Generation", "Spring Sale 2026", "LakesideFit2026Loc01"} {
		if strings.Contains(scr, old) {
			t.Fatalf("%q of the first gym is still on screen:\n%s", old, scr)
		}
	}
	// Summit's own bucket: one request (its root), whatever lakeside spent.
	s.waitUntil("summit's own rate", func(scr string) bool { return rateLeft(lastLine(scr)) == 49 })

	s.keys("C")
	s.waitFor("Switch profile or sub-account")
	s.text("lakeside")
	s.keys("Enter")
	scr = s.waitFor("Lead Generation", "LakesideFit2026Loc01")
	if strings.Contains(scr, "Summit Open House") {
		t.Fatalf("summit left on screen:\n%s", scr)
	}
	s.waitUntil("lakeside's rate again", func(scr string) bool {
		n := rateLeft(lastLine(scr))
		return n >= 0 && n < lakesideLeft
	})
	s.keys("q")
	s.waitFor("funnels exited with 0")
}

// TestTUISwitchProfiles: two gyms' private tokens as two profiles; C switches
// between them.
func TestTUISwitchProfiles(t *testing.T) {
	sb := startSandboxBinary(t)
	base, loc := sb.values["base_url"], sb.values["location_id"]
	summit := strings.Fields(sb.values["sub_account_2"])
	if len(summit) < 4 || summit[0] != "SummitStrengthLoc002" {
		t.Fatalf("sandbox printed sub_account_2: %q", sb.values["sub_account_2"])
	}
	login := func(profile, location, token string) string {
		return "printf '%s' '" + token + "' | " + shellCommand("login", "--profile", profile, "--base-url", base, "--location", location, "--with-token") + " && "
	}
	script := login("lakeside", loc, sb.values["token"]) + login("summit", summit[0], summit[len(summit)-1]) +
		shellCommand("--profile", "lakeside") + `; echo "funnels exited with $?"; sleep 600`
	s := startScript(t, 130, 30, nil, script)
	s.waitFor("Lead Generation", "lakeside · LakesideFit2026Loc01")
	s.keys("C")
	scr := s.waitFor("Switch profile or sub-account", "summit", "lakeside", "pit")
	if !strings.Contains(scr, "● lakeside") {
		t.Fatalf("the profile shown is not marked:\n%s", scr)
	}
	s.text("summit")
	s.keys("Enter")
	scr = s.waitFor("Summit Open House", "summit · SummitStrengthLoc002")
	if strings.Contains(scr, "Lead Generation") {
		t.Fatalf("the first gym is still on screen:\n%s", scr)
	}
	s.keys("q")
	s.waitFor("funnels exited with 0")
}

// TestTUIDemoSwitchAndReadOnly: --demo offers the sandbox's other gyms in the
// switcher; with --readonly the bar says so, a write key is refused, and the palette
// has no write.
func TestTUIDemoSwitchAndReadOnly(t *testing.T) {
	s := startTUI(t, 120, 30, nil, "--demo", "--readonly")
	scr := s.waitFor("Lead Generation", "read-only")
	if strings.Contains(scr, "new folder") {
		t.Fatalf("the footer offers a write:\n%s", scr)
	}
	s.keys("N")
	s.waitUntil("the refusal", func(scr string) bool { return strings.Contains(lastLine(scr), "read-only: new folder is off") })
	s.keys(":")
	s.text("new")
	scr = s.waitFor("Commands")
	if strings.Contains(scr, "New step") || strings.Contains(scr, "New folder") || strings.Contains(scr, "New redirect") {
		t.Fatalf("the palette offers a write:\n%s", scr)
	}
	s.keys("Escape")
	s.waitUntil("the palette to close", func(scr string) bool { return !strings.Contains(scr, "Commands") })
	s.keys("C")
	s.waitFor("demo / Riverside Boxing Club", "demo / Summit Strength")
	s.text("riverside")
	s.keys("Enter")
	scr = s.waitFor("First Class Free", "RiversideBoxingLoc03", "read-only")
	if strings.Contains(scr, "Lead Generation") {
		t.Fatalf("the first gym is still on screen:\n%s", scr)
	}
	s.keys("q")
	s.waitFor("funnels exited with 0")
}
