package e2e

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTUINeverShowsTheToken: the real binary in tmux, with --debug and the
// token in FUNNELS_TOKEN, is walked through the browser, a page's detail, an error on
// the bar, a test event and the history, the request log, a request's details and a
// curl copy. tmux keeps what OSC 52 copied (set-clipboard on), so every screen, every
// copy, the scrollback after the program ends and the debug log under the XDG state
// home are searched for the token — after checking each of them holds what it should,
// so the search cannot pass by looking at nothing.
func TestTUINeverShowsTheToken(t *testing.T) {
	needTmux(t)
	t.Parallel()
	const token = "pit-e2e-SECRET-5d1e77c2-ab90-4f11-never-on-screen"
	sb := startSandboxBinary(t, "--token", token)
	base := sb.values["base_url"]
	state := filepath.Join(t.TempDir(), "state")
	// --no-cache: no crawl in the background to meet the failure injected below.
	s := startTUI(t, 120, 40, []string{"FUNNELS_TOKEN=" + token, "XDG_STATE_HOME=" + state},
		"--debug", "--no-cache", "--base-url", base, "--location", sb.values["location_id"])
	s.tmux("set-option", "-g", "set-clipboard", "on")

	var screens []string
	see := func(want ...string) {
		t.Helper()
		screens = append(screens, s.waitFor(want...))
	}
	see("Spring Sale 2026")
	s.keys("G")
	see("Steps · Spring Sale 2026", "Pages · Opt-in", "live")
	s.keys("Tab", "Tab", "Enter")
	see("Page · Opt-in", "pageVersion")
	s.keys("y")
	see("to clipboard")
	s.escape("pageVersion")

	// An error on the bar and in the pane.
	res, err := http.Post(base+"/_sandbox/fail?status=401&count=1", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	s.keys("r")
	see("401", "press r to retry")
	s.keys("r")
	see("Pages · Opt-in", "live")

	// A test event, the history and its answer.
	s.keys("E")
	see("Test conversion event", "┃ Event")
	s.keys("C-s")
	see("✓ Lead event accepted (200)")
	s.escape("event accepted")
	s.keys("H")
	see("Event history · newest first", "Lead")
	s.keys("Enter")
	see("Test conversion event · Lead", "event id")
	s.escape("Test conversion event · Lead")
	s.escape("Event history")

	// The request log, a request's details, a curl copy of an authorised read.
	s.keys("L")
	see("Request log · newest first", "/funnels/funnel/folder/entities", "401")
	s.keys("G")
	s.keys("c")
	see("copied curl for GET /funnels/funnel/folder/entities")
	s.keys("Enter")
	see("Request GET /funnels/funnel/folder/entities", "sent (never logged)", "Bearer $FUNNELS_TOKEN")
	s.escape("As curl")
	s.escape("Request log")
	s.quit()

	// What was copied: the id, then the curl command.
	buffers := s.tmux("list-buffers", "-F", "#{buffer_name}")
	var copies []string
	for _, name := range strings.Fields(buffers) {
		copies = append(copies, s.tmux("show-buffer", "-b", name))
	}
	all := strings.Join(copies, "\n")
	if len(copies) != 2 || !strings.Contains(all, "curl ") || !strings.Contains(all, "$FUNNELS_TOKEN") {
		t.Fatalf("tmux should hold the two copies (an id and a curl command): %q", copies)
	}
	// The terminal after the program: its stderr note and the scrollback.
	after := s.tmux("capture-pane", "-p", "-S", "-", "-t", "tui")
	if !strings.Contains(after, "writing a debug log to") {
		t.Fatalf("--debug should say where its log is:\n%s", after)
	}
	logPath := filepath.Join(state, "funnels", "debug.log")
	raw, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	debug := string(raw)
	for _, want := range []string{"GET " + base + "/funnels/funnel/folder/entities", "status=401", "status=200",
		"Authorization: Bearer [redacted]", "POST " + base + "/funnels/event/conversion"} {
		if !strings.Contains(debug, want) {
			t.Fatalf("the debug log lacks %q:\n%s", want, debug)
		}
	}

	places := map[string]string{"a copy": all, "the terminal after the program": after, "the debug log": debug}
	for i, scr := range screens {
		places["screen "+string(rune('A'+i))] = scr
	}
	for where, text := range places {
		for _, part := range []string{token, "SECRET-5d1e77c2", "never-on-screen"} {
			if strings.Contains(text, part) {
				t.Errorf("%s holds the token (%q):\n%s", where, part, text)
			}
		}
	}
}
