package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// Keys that arrive in one read, as over a laggy SSH link: the whole burst goes to
// tmux as one command, so the program reads it at once and queues every key before
// it runs the command that an enter returned. Each key must still reach the field
// that has the focus when it is handled; what the sandbox was sent says whether it did.

// burst sends parts as one tmux command: a part "Enter" (or another key name in
// keyNames) is pressed, any other is typed literally.
func (s *tui) burst(parts ...string) {
	s.t.Helper()
	var args []string
	for i, p := range parts {
		if i > 0 {
			args = append(args, ";")
		}
		if p == "Enter" {
			args = append(args, "send-keys", "-t", "tui", p)
		} else {
			args = append(args, "send-keys", "-t", "tui", "-l", p)
		}
	}
	s.tmux(args...)
}

// sentBody is the body of the one request to path the sandbox got with method.
func sentBody(t *testing.T, base, method, path string, into any) {
	t.Helper()
	var found []sandbox.Request
	for _, r := range sandboxLog(t, base) {
		if r.Method == method && r.Path == path {
			found = append(found, r)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d %s %s requests, want 1: %+v", len(found), method, path, found)
	}
	if err := json.Unmarshal([]byte(found[0].Body), into); err != nil {
		t.Fatalf("%s %s body: %v\n%s", method, path, err, found[0].Body)
	}
}

// startBurstTUI is the browser at w×h against a sandbox of its own, whose request
// log the test reads.
func startBurstTUI(t *testing.T, w, h int) (*tui, string) {
	sb := startSandboxBinary(t)
	base := sb.values["base_url"]
	s := startTUI(t, w, h, nil, "--no-cache", "--base-url", base, "--token", sb.values["token"], "--location", sb.values["location_id"])
	s.waitFor("Spring Sale 2026")
	return s, base
}

// TestTUIBurstIntoTheNewStepForm: "VIP⏎/vip-offer⏎⏎⏎" in one read makes the step
// VIP at /vip-offer (not VIP/ at vip-offer).
func TestTUIBurstIntoTheNewStepForm(t *testing.T) {
	t.Parallel()
	s, base := startBurstTUI(t, 80, 24)
	s.keys("G")
	s.waitFor("Steps · Spring Sale 2026", "Thank You")
	s.keys("n")
	s.waitFor("New step in Spring Sale 2026", "┃ Name")
	s.burst("VIP", "Enter", "/vip-offer", "Enter", "Enter", "Enter")
	s.waitUntil("the step made and the form closed", func(scr string) bool {
		return !strings.Contains(scr, "New step in") && strings.Contains(lastLine(scr), "/vip-offer")
	})
	var body struct {
		Step struct{ Name, URL string } `json:"step"`
	}
	sentBody(t, base, "POST", "/funnels/funnel/create-step", &body)
	if body.Step.Name != "VIP" || body.Step.URL != "/vip-offer" {
		t.Fatalf("the step sent is %q at %q, want VIP at /vip-offer", body.Step.Name, body.Step.URL)
	}
	s.quit()
}

// TestTUIBurstIntoTheNewRedirectForm: "⏎/vip-x⏎⏎https://…⏎" in one read keeps the
// domain as it was, the path whole and the target's "h".
func TestTUIBurstIntoTheNewRedirectForm(t *testing.T) {
	t.Parallel()
	s, base := startBurstTUI(t, 120, 40)
	s.keys("U")
	s.waitFor("Redirects", "8 redirects", "/7-day-pass")
	s.keys("n")
	s.waitFor("New redirect", "┃ Domain", "join.lakesidefit.com")
	s.burst("Enter", "/vip-x", "Enter", "Enter", "https://join.lakesidefit.com/vip", "Enter")
	s.waitUntil("the redirect made and the form closed", func(scr string) bool {
		return !strings.Contains(scr, "New redirect") && strings.Contains(scr, "9 redirects")
	})
	var body struct{ Domain, Path, Target, Action string }
	sentBody(t, base, "POST", "/funnels/lookup/redirect", &body)
	if body.Domain != "join.lakesidefit.com" || body.Path != "/vip-x" || body.Target != "https://join.lakesidefit.com/vip" || body.Action != "url" {
		t.Fatalf("the redirect sent: %+v", body)
	}
	s.quit()
}
