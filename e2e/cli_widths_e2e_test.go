package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// The commands of README.md's list, with arguments the sandbox answers, run one
// after another in a terminal of 80×24 and of 120×40: no line they print (tables,
// "Key: value" lines, sentences, notes, the index's progress) is wider than the
// terminal. tmux's capture-pane -J joins a line the terminal wrapped, so a joined
// line wider than the pane is one that overflowed.
//
// Left out, each for a reason: `api`, `--json` and `auth token` print data that
// stays whole; `completion` and `man` print scripts and roff; `sandbox` runs in the
// foreground and prints command lines to copy whole; `mcp` speaks JSON to an
// assistant on its streams (mcp_e2e_test.go); `login`, `logout` and
// `auth switch` change the sign-in the others use.
func cliWidthCommands() [][]string {
	const (
		webinar      = "MBhtKA72av9TFq61xdzL" // Webinar: Grow Your Gym, 6 steps, a split test
		trial        = "tKvx487I4yks06qt7ovC"
		trialSignUp  = "78fb1b24-a754-417d-8fc9-4573b85512fa"
		trialLanding = "9qVYnLdY1somoAmWnH9D"
		webinars     = "VW3qzlV1gpGua7bexbmD"
	)
	return [][]string{
		{"find", "grow"}, // the first build of the index, with its progress
		{"folders"},
		{"folders", "--parent", webinars},
		{"steps", webinar},
		{"steps", trial},
		{"pages", webinar},
		{"pages", trial, "--step", trialSignUp},
		{"page", "get", trialLanding},
		{"index"},
		{"find", "spring sale", "--kind", "page,step"},
		{"find", "webinar", "--limit", "0"},
		{"cache", "status"},
		{"redirects", "list"},
		{"redirects", "list", "--search", "offers."},
		{"redirects", "create", "--domain", "offers.lakesidefit.com", "--path", "/old-offer-widths", "--target", "https://offers.lakesidefit.com/spring-sale", "--action", "url"},
		{"folder", "create", "--name", "Holiday Promos For The Whole Lakeside Fitness Family"},
		{"step", "create", "--funnel", trial, "--name", "VIP Upsell", "--path", "/vip-upsell-widths"},
		{"domain", "attach", "--domain", "promo-widths.example.com"},
		{"event", "conversion", "--event-name", "Purchase", "--email", "jo@example.com", "--value", "49.00", "--currency", "USD"},
		{"event", "page-view", "--funnel", trial, "--step", trialSignUp, "--page-url", "/free-trial-sign-up"},
		{"diff", "@cached", "@live"}, // the step made above, not indexed yet
		{"index"},                    // a crawl after the step made above,
		{"changes"},                  // which it shows added
		{"doctor"},
		{"auth", "status"},
		{"auth", "list"},
		{"config", "path"},
		{"config", "set", "ui.theme", "light"},
		{"config", "get", "base_url"},
		{"config", "list"},
		{"version"},
		{"cache", "clear"},
	}
}

func TestCLIOutputFitsTheTerminal(t *testing.T) {
	needTmux(t)
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			t.Parallel()
			sb := sandboxtest.Start(t, sandbox.Options{})
			// A short home, so a path printed whole (config path) is not what overflows.
			home, err := os.MkdirTemp("", "fw")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(home) })
			env := []string{
				"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "c"), "XDG_STATE_HOME=" + filepath.Join(home, "s"),
				"XDG_CACHE_HOME=" + filepath.Join(home, "k"), "TERM=xterm-256color",
				"FUNNELS_BASE_URL=" + sb.URL, "FUNNELS_TOKEN=" + sb.Server.DemoToken(), "FUNNELS_LOCATION_ID=" + sb.Server.LocationID(),
			}
			var script strings.Builder
			for _, args := range cliWidthCommands() {
				fmt.Fprintf(&script, "echo '### %s'; %s; echo \"### exit $?\"; ", strings.Join(args, " "), shellCommand(args...))
			}
			script.WriteString("echo '### all done'; sleep 600")
			s := startScript(t, w, h, env, script.String())
			// The whole history (the pane's 2,000 lines hold it), wrapped lines joined.
			var all string
			for deadline := time.Now().Add(4 * tuiDeadline); !strings.Contains(all, "### all done"); time.Sleep(100 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the commands did not finish; the terminal shows:\n%s", all)
				}
				all = s.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "tui")
			}
			command, ran := "", 0
			for _, line := range strings.Split(all, "\n") {
				line = strings.TrimRight(line, " ")
				if c, ok := strings.CutPrefix(line, "### "); ok {
					if code, ok := strings.CutPrefix(c, "exit "); ok {
						if code != "0" {
							t.Errorf("funnels %s exited with %s", command, code)
						}
						ran++
					} else {
						command = c
					}
					continue
				}
				if cw := ansi.StringWidth(line); cw > w {
					t.Errorf("funnels %s: a line of %d columns on a %d-column terminal:\n%s", command, cw, w, line)
				}
			}
			if ran != len(cliWidthCommands()) {
				t.Fatalf("%d of %d commands ran; the terminal shows:\n%s", ran, len(cliWidthCommands()), all)
			}
		})
	}
}
