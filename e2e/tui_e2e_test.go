package e2e

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// End-to-end tests of the terminal browser: the real binary in a real terminal (tmux),
// read back with capture-pane. Each test has its own tmux server (-L), so tests never
// see each other's sessions or the user's, and waits for text on the screen rather
// than sleeping.

// tuiDeadline bounds every wait for the screen; generous for a loaded CI machine.
const tuiDeadline = 60 * time.Second

// tui is the binary running in a detached tmux session of its own server.
type tui struct {
	t      *testing.T
	socket string
}

// needTmux skips without tmux, except on CI, where .ci/run installs it and its
// absence is a failure.
func needTmux(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tmux is not installed; .ci/run installs it")
		}
		t.Skip("tmux is not installed")
	}
}

var unsafeSocket = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// tmuxServers counts the tmux servers started by this test binary.
var tmuxServers atomic.Int64

// startTUI runs funnels with args in a w×h terminal, with env (a clean home and XDG
// dirs) plus extra. After the program ends the shell prints its exit code and the
// pane stays, so a test can read both.
func startTUI(t *testing.T, w, h int, extraEnv []string, args ...string) *tui {
	t.Helper()
	return startScript(t, w, h, extraEnv, shellCommand(args...)+`; echo "funnels exited with $?"; sleep 600`)
}

// shellCommand is funnels with args, quoted for sh.
func shellCommand(args ...string) string {
	quoted := make([]string, 0, len(args)+1)
	for _, a := range append([]string{binPath}, args...) {
		quoted = append(quoted, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
	}
	return strings.Join(quoted, " ")
}

// startScript runs the sh script in a w×h terminal, with env (a clean home and XDG
// dirs) plus extra.
func startScript(t *testing.T, w, h int, extraEnv []string, script string) *tui {
	t.Helper()
	needTmux(t)
	// The pid and a count, too, so a test run again (-count) never reuses the server of
	// its last run while that one is still going away.
	s := &tui{t: t, socket: fmt.Sprintf("funnels-e2e-%d-%d-%s", os.Getpid(), tmuxServers.Add(1), unsafeSocket.ReplaceAllString(t.Name(), "-"))}
	env := append(testEnv(t), extraEnv...)
	cmd := exec.Command("tmux", "-L", s.socket, "-f", "/dev/null", "new-session", "-d", "-s", "tui",
		"-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "sh", "-c", script)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", s.socket, "kill-server").Run() })
	return s
}

// tmux runs a tmux command against this test's server.
func (s *tui) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// screen is what the terminal shows now.
func (s *tui) screen() string { return s.tmux("capture-pane", "-p", "-t", "tui") }

// keys sends tmux key names (Enter, Escape, Tab, BTab, Up, C-c …) or literal text
// with literal=true.
func (s *tui) keys(keys ...string) {
	s.t.Helper()
	s.tmux(append([]string{"send-keys", "-t", "tui"}, keys...)...)
}

// text types text literally.
func (s *tui) text(text string) {
	s.t.Helper()
	s.tmux("send-keys", "-t", "tui", "-l", text)
}

// waitFor polls the screen until it shows every one of want.
func (s *tui) waitFor(want ...string) string {
	s.t.Helper()
	return s.waitUntil(strings.Join(want, ", "), func(scr string) bool {
		for _, w := range want {
			if !strings.Contains(scr, w) {
				return false
			}
		}
		return true
	})
}

// waitUntil polls the screen until cond holds.
func (s *tui) waitUntil(what string, cond func(string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(tuiDeadline)
	for {
		scr := s.screen()
		if cond(scr) {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("timed out waiting for %s; the screen shows:\n%s", what, scr)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// lastLine is the status bar: the last line of the screen, or both of its lines while
// a long message takes two — the profile and the message's start, then the rest of
// the message and the figures that end the second line ("idle  97/100 · 7s"). The bar
// is what follows the footer, the line under the body's last box.
func lastLine(scr string) string {
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	bar := lines[len(lines)-1]
	bottom := -1
	for i, l := range lines {
		if strings.Contains(l, "╯") {
			bottom = i
		}
	}
	if bottom < 0 || len(lines)-bottom != 4 {
		return bar // no box to go by, or a bar of one line
	}
	return strings.TrimSpace(lines[len(lines)-2]) + " " + strings.TrimSpace(bar)
}

// quit presses q and checks the program ended with 0 and gave the terminal back:
// alternate screen off, cursor visible, mouse reporting off.
func (s *tui) quit() {
	s.t.Helper()
	s.keys("q")
	s.waitFor("funnels exited with 0")
	state := s.tmux("display-message", "-p", "-t", "tui", "#{alternate_on} #{cursor_flag} #{mouse_any_flag}")
	if strings.TrimSpace(state) != "0 1 0" {
		s.t.Fatalf("the terminal was not restored (alternate screen, cursor, mouse = %q)", strings.TrimSpace(state))
	}
}

func TestTUIDemoShowsSeededDataAndQuitsCleanly(t *testing.T) {
	start := time.Now()
	s := startTUI(t, 120, 40, nil, "--demo")
	scr := s.waitFor("Spring Sale 2026", "Archive/", "demo · ")
	t.Logf("seeded data on screen after %v", time.Since(start).Round(time.Millisecond))
	if !strings.Contains(scr, "funnels demo") || !strings.Contains(lastLine(scr), "/100") {
		t.Fatalf("header and status bar:\n%s", scr)
	}
	s.quit()
	if scr := s.screen(); strings.Contains(scr, "Spring Sale 2026") {
		t.Fatalf("the browser's screen should be gone after q:\n%s", scr)
	}
}

func TestTUIWalkFilterHelpPaletteAndResize(t *testing.T) {
	s := startTUI(t, 120, 40, nil, "--demo")
	s.waitFor("Spring Sale 2026")

	// Folder → folder → funnel → step → page detail.
	s.keys("Enter") // Archive
	s.waitFor("Root › Archive", "2025 Campaigns/")
	s.keys("Enter")
	s.waitFor("Root › Archive › 2025 Campaigns", "Summer Sale 2025")
	s.keys("G") // Summer Sale 2025: its steps show at once
	s.waitFor("Steps · Summer Sale 2025", "Downsell")
	s.keys("Enter", "Down") // Sales Page: an ended split test, the loser archived
	s.waitFor("Pages · Sales Page", "archived")
	s.keys("Enter")
	s.waitFor("enter/l details")
	s.keys("Enter")
	s.waitFor("Page · ", "no domain attached", "pageVersion", "GET /funnels/page/")
	s.keys("Escape")
	s.waitUntil("the detail to close", func(scr string) bool { return !strings.Contains(scr, "pageVersion") })

	// Back to the root, then filter.
	s.keys("Escape")
	s.waitFor("enter/l pages")
	s.keys("Escape")
	s.waitFor("enter/l open")
	s.keys("Escape")
	s.waitFor("Root › Archive", "Old Homepage Funnel")
	s.keys("Escape")
	s.waitUntil("the root", func(scr string) bool { return strings.Contains(scr, "Spring Sale 2026") })
	s.keys("/")
	s.waitFor("enter keep filter")
	s.text("trial")
	// Conditions are waited for as a whole: a capture can catch the terminal halfway
	// through a frame.
	s.waitUntil("the filter to hide what does not match", func(scr string) bool {
		return strings.Contains(scr, "Free 7-Day Trial") && strings.Contains(scr, "/trial") && !strings.Contains(scr, "Spring Sale 2026")
	})
	s.keys("Escape")
	s.waitFor("Spring Sale 2026", "Free 7-Day Trial")

	// Help and palette.
	s.keys("?")
	s.waitFor("Navigation", "Panes", "Actions", "App", "next pane")
	s.keys("Escape")
	s.waitUntil("the help to close", func(scr string) bool { return !strings.Contains(scr, "Navigation") })
	s.keys(":")
	s.waitFor("Commands", "Copy URL", "Toggle mouse")
	s.text("root")
	s.waitFor("▸ Go to root")
	s.keys("Escape")
	s.waitUntil("the palette to close", func(scr string) bool { return !strings.Contains(scr, "Commands") })

	// Narrow and back.
	s.tmux("resize-window", "-t", "tui", "-x", "60", "-y", "20")
	scr := s.waitUntil("two panes at 60 columns", func(scr string) bool {
		return strings.Contains(scr, "╭─ Funnels") && strings.Contains(scr, "╭─ Steps") && !strings.Contains(scr, "╭─ Pages") &&
			strings.Contains(lastLine(scr), "idle")
	})
	for i, l := range strings.Split(strings.TrimRight(scr, "\n"), "\n") {
		if w := len([]rune(l)); w > 60 {
			t.Fatalf("line %d is %d wide at 60 columns: %q", i+1, w, l)
		}
	}
	s.tmux("resize-window", "-t", "tui", "-x", "120", "-y", "40")
	s.waitFor("╭─ Funnels", "╭─ Steps", "╭─ Pages")
	s.quit()
}

func TestTUIInjected500AndTheFallingRateLimit(t *testing.T) {
	sb := startSandboxBinary(t, "--limit", "1000")
	base := sb.values["base_url"]
	// --no-cache: no crawl in the background, so every request counted is the test's.
	s := startTUI(t, 120, 40, nil, "--no-cache", "--base-url", base, "--token", sb.values["token"], "--location", sb.values["location_id"])
	s.waitFor("Spring Sale 2026")
	s.waitUntil("999/1000 and where the token came from and the location on the bar", func(scr string) bool {
		return strings.Contains(lastLine(scr), "999/1000") && strings.Contains(lastLine(scr), "--token · "+sb.values["location_id"])
	})

	// Each request costs one: selecting a funnel asks for its first step's pages.
	s.keys("G")
	s.waitFor("Pages · Opt-in", "live")
	s.waitUntil("998/1000", func(scr string) bool { return strings.Contains(lastLine(scr), "998/1000") })

	// The next four requests answer 500: the client retries the GET three times, then
	// the pane and the status bar show the failure with its code.
	resp, err := http.Post(base+"/_sandbox/fail?status=500&count=4", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	s.keys("r")
	s.waitUntil("a retry announced in the status bar", func(scr string) bool { return strings.Contains(lastLine(scr), "500 from server, retrying in") })
	s.waitUntil("the failure with its code in the pane and the status bar", func(scr string) bool {
		return strings.Contains(scr, "press r to retry") && strings.Contains(lastLine(scr), "500") &&
			!strings.Contains(lastLine(scr), "retrying")
	})
	s.keys("r")
	scr := s.waitUntil("the error to clear and the rows to stay", func(scr string) bool {
		st := lastLine(scr)
		return !strings.Contains(st, "500") && strings.Contains(scr, "Spring Sale 2026") && strings.Contains(st, "idle")
	})
	if strings.Contains(scr, "press r to retry") {
		t.Fatalf("after r nothing should be left failed:\n%s", scr)
	}
	s.quit()
}

func TestBrowseHelpFlag(t *testing.T) {
	out, err := exec.Command(binPath, "--demo", "--help").CombinedOutput()
	if err != nil {
		t.Fatalf("funnels --demo --help: %v\n%s", err, out)
	}
	for _, want := range []string{"USAGE", "funnels [command]", "--demo", "EXAMPLES", "funnels --demo", "--profile", "--base-url"} {
		if !strings.Contains(string(out), want) {
			t.Fatalf("--help should mention %q:\n%s", want, out)
		}
	}
}
