package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/cmdutil"
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

// widthRun is one command line of the width check, the environment it runs in and
// the exit code it must end with (failed: any but 0), so each error path is one.
type widthRun struct {
	env  []string
	args []string
	code int
}

// failed is the exit code of a run that must fail, however.
const failed = -1

// neverEnds are the commands that run until stopped (a server, the browser, a
// watch): their usage errors are checked, never a run.
var neverEnds = map[string]bool{"funnels serve": true, "funnels sandbox": true, "funnels mcp": true, "funnels watch": true}

// cliWidthRuns are the help and the error paths of the whole command line, from the
// command tree: every command's --help and help COMMAND; for every command an
// unknown flag, a value --json does not list, and (for a command of commands) no
// command, an unknown one and an unknown one with --help; for every command that
// bounds its arguments, too many; then the answers of a server that refuses (404,
// 403, a 401 for a scope, 422, 5xx, 429, no answer), no sign-in, a profile not
// signed in, read-only mode, a config file that cannot be read and one with an
// unknown key, login without an app, and a set of sub-accounts that all fail.
func cliWidthRuns(t *testing.T) (runs []widthRun, fromTree int) {
	seed := sandboxtest.Start(t, sandbox.Options{})
	public := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	failing := sandboxtest.Start(t, sandbox.Options{Faults: sandbox.Faults{ErrorRate: 1}})
	spent := sandboxtest.Start(t, sandbox.Options{Faults: sandbox.Faults{DailyLimit: 1}})
	home := func(extra ...string) []string {
		env := slices.DeleteFunc(testEnv(t), func(kv string) bool { return strings.HasPrefix(kv, "TERM=") })
		return append(env, append([]string{"TERM=xterm-256color"}, extra...)...)
	}
	signedIn := func(sb *sandbox.Running, token string) []string {
		return home("FUNNELS_BASE_URL="+sb.URL, "FUNNELS_TOKEN="+token, "FUNNELS_LOCATION_ID="+sb.Server.LocationID())
	}
	withConfig := func(text string) []string {
		env := home()
		dir := strings.TrimPrefix(env[slices.IndexFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "XDG_CONFIG_HOME=") })], "XDG_CONFIG_HOME=")
		if err := os.MkdirAll(filepath.Join(dir, "funnels"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "funnels", "config.toml"), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return env
	}
	env := signedIn(seed, seed.Server.DemoToken())
	add := func(code int, e []string, args ...string) { runs = append(runs, widthRun{e, args, code}) }

	ios, _, _ := cmdutil.TestStreams("")
	root := cli.NewCmdRoot(cmdutil.NewFactory(ios, func(string) string { return "" }, "test"))
	cmdutil.Visit(root, func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		path := strings.Fields(c.CommandPath())[1:]
		add(0, env, append(slices.Clone(path), "--help")...)
		add(0, env, append([]string{"help"}, path...)...)
		add(2, env, append(slices.Clone(path), "--no-such-flag")...)
		if c.Flags().Lookup("json") != nil {
			add(2, env, append(slices.Clone(path), "--json=nope")...)
		}
		if c.HasAvailableSubCommands() && c.HasParent() {
			add(2, env, path...)
		}
		if c.HasAvailableSubCommands() {
			add(2, env, append(slices.Clone(path), "nosuch")...)
			add(2, env, append(slices.Clone(path), "nosuch", "--help")...)
		} else if c.Args != nil && !neverEnds[c.CommandPath()] {
			add(failed, env, append(slices.Clone(path), "x1", "x2", "x3", "x4", "x5", "x6")...)
		}
	})
	const webinar = "MBhtKA72av9TFq61xdzL"
	fromTree = len(runs)
	add(1, env, "steps", "NoSuchFunnel00000000")                                                             // 404
	add(1, signedIn(seed, seed.Server.ReadOnlyToken()), "folder", "create", "--name", "Holiday Promos 2026") // 403
	add(1, signedIn(public, public.Server.ReadOnlyToken()), "redirects", "create", "--domain", "offers.lakesidefit.com",
		"--path", "/old-widths", "--target", "https://offers.lakesidefit.com/spring-sale", "--action", "url") // 401, a scope
	add(1, env, "redirects", "create", "--domain", "www.lakesidefit.com", "--path", "/instagram",
		"--target", "https://offers.lakesidefit.com/spring-sale", "--action", "url") // 422: it redirects already
	add(1, signedIn(failing, failing.Server.DemoToken()), "folders")                                                  // 5xx
	add(0, signedIn(spent, spent.Server.DemoToken()), "steps", webinar)                                               // the one request of the day
	add(1, signedIn(spent, spent.Server.DemoToken()), "steps", webinar)                                               // 429, the day spent
	add(1, home("FUNNELS_BASE_URL=http://127.0.0.1:1", "FUNNELS_TOKEN=pit-x", "FUNNELS_LOCATION_ID=Loc1"), "folders") // no answer
	add(3, home(), "folders")                                                                                         // not signed in
	add(3, home(), "folders", "--profile", "sandbox")                                                                 // a profile not signed in
	add(2, home(), "login")                                                                                           // no app: advice
	add(2, env, "folder", "create", "--name", "Widths", "--readonly")                                                 // read-only mode
	add(2, withConfig("this is = not [toml\n"), "folders")                                                            // a config file that cannot be read
	add(2, withConfig("[ui]\ntheme = \"purple\"\n"), "folders")                                                       // a setting that cannot be used
	add(0, withConfig("default_profile = \"default\"\nno_such_key_in_this_file_at_all = 1\n"), "config", "list")      // a warning
	add(failed, withConfig("[profiles.gym-one]\nlocation_id = \"SummitStrengthLoc002\"\n[profiles.gym-two]\nlocation_id = \"RiversideBoxingLoc03\"\n"),
		"folders", "--profiles", "gym-one,gym-two") // a set whose every member fails
	add(0, env, "find", "grow") // the notice of an index not built yet, its progress
	return runs, fromTree
}

// TestHelpAndErrorsFitTheTerminal: every help page and every error path of the
// command line, run by the real binary on an 80-column terminal (a pseudo-terminal,
// as a person's shell has one), prints no line wider than the terminal; and piped,
// no line of help or of an error ends in padding. make test runs a fixed sample of the
// command lines made from the command tree (and every other); make sweep runs every one.
func TestHelpAndErrorsFitTheTerminal(t *testing.T) {
	t.Parallel()
	const cols = 80
	runs, fromTree := cliWidthRuns(t)
	for i, r := range runs {
		// make test: every fourth command line made from the command tree, and every
		// answer of a server, a sign-in or a setting; make sweep (FUNNELS_SWEEP=1):
		// every one.
		if !sweeping() && i < fromTree && i%4 != 0 {
			continue
		}
		got := runInPty(t, r.env, cols, r.args...)
		if got.code != r.code && (r.code != failed || got.code == 0) {
			t.Errorf("funnels %s: exit %d, want %d:\n%s", strings.Join(r.args, " "), got.code, r.code, got.output)
		}
		for _, line := range overflowing(got.output, cols) {
			t.Errorf("funnels %s (exit %d): a line of %d columns on an %d-column terminal:\n%s",
				strings.Join(r.args, " "), got.code, ansi.StringWidth(line), cols, line)
		}
		cmd := exec.Command(binPath, r.args...)
		cmd.Env = r.env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		_ = cmd.Run()
		for _, line := range paddedLines(stdout.String() + stderr.String()) {
			t.Errorf("funnels %s, piped: a line padded with spaces:\n%q", strings.Join(r.args, " "), line)
		}
	}
	if len(runs) < 200 {
		t.Fatalf("only %d command lines were checked", len(runs))
	}
}
