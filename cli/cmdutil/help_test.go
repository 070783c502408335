package cmdutil_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// helpAt is `funnels ARGS --help` with standard output a terminal width columns wide
// (0: piped) and the environment env.
func helpAt(t *testing.T, width int, env map[string]string, args ...string) string {
	t.Helper()
	h := clitest.NewHome(t)
	for k, v := range env {
		h.Vars[k] = v
	}
	tty := &cmdutil.IOStreams{}
	if width > 0 {
		tty = &cmdutil.IOStreams{OutTTY: true, Width: width}
	}
	return h.Streams(tty, "", append(args, "--help")...).Want(t, 0).Stdout
}

// TestHelpIsLaidOutAtTheWidthOfItsStreams: at the width the run's streams give (a
// terminal's, a session's COLUMNS when piped, else 80) no line of help is wider,
// a description of a command or a flag goes on under its column, and nothing ends
// in padding.
func TestHelpIsLaidOutAtTheWidthOfItsStreams(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		width int
		env   map[string]string
		want  int
	}{
		{"a terminal of 80", 80, nil, 80},
		{"a terminal of 50", 50, nil, 50},
		{"piped", 0, nil, 80},
		{"piped over ssh (COLUMNS)", 0, map[string]string{"COLUMNS": "64"}, 64},
		{"a terminal of 200 (prose no wider than 120)", 200, nil, 120},
	} {
		for _, args := range [][]string{nil, {"redirects", "import"}, {"serve"}, {"auth", "token"}} {
			out := helpAt(t, c.width, c.env, args...)
			for _, l := range strings.Split(out, "\n") {
				if w := ansi.StringWidth(l); w > c.want {
					t.Errorf("%s: funnels %v --help has a line of %d columns:\n%s", c.name, args, w, l)
				}
				if strings.HasSuffix(l, " ") {
					t.Errorf("%s: funnels %v --help pads a line: %q", c.name, args, l)
				}
			}
		}
	}
	// A flag's description goes on under itself, not under the flag.
	out := helpAt(t, 80, nil, "steps")
	lines := strings.Split(out, "\n")
	seen := false
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "--trust-base-url") {
			continue
		}
		seen = true
		column := strings.Index(l, "Send")
		next := lines[i+1]
		if column < 0 || len(next) <= column || strings.TrimSpace(next[:column]) != "" || next[column] == ' ' {
			t.Errorf("the description does not go on under its column:\n%s\n%s", l, next)
		}
	}
	if !seen {
		t.Errorf("no --trust-base-url in the help of steps:\n%s", out)
	}
	// The description is wrapped as one text per paragraph: no line of a paragraph
	// breaks before the width needs it.
	if !strings.Contains(helpAt(t, 120, nil), "Opens the terminal browser: folders and funnels, the steps of the selected funnel, the pages of") {
		t.Errorf("the description keeps the breaks of its source at 120 columns:\n%s", helpAt(t, 120, nil))
	}
}

// TestUnknownCommandWithHelpIsAUsageError: `funnels nosuch --help` and `funnels
// folder nosuch --help` are the usage errors they are without --help (exit 2, on
// standard error), not the help of the command before the word.
func TestUnknownCommandWithHelpIsAUsageError(t *testing.T) {
	t.Parallel()
	h := clitest.NewHome(t)
	h.Run("nosuch", "--help").Want(t, cmdutil.ExitUsage, `err:unknown command "nosuch" for "funnels"`)
	h.Run("folder", "nosuch", "--help").Want(t, cmdutil.ExitUsage, `err:unknown command "nosuch" for "funnels folder"`)
	h.Run("fodlers", "-h").Want(t, cmdutil.ExitUsage, "err:did you mean folders?")
	if r := h.Run("nosuch", "--help"); r.Stdout != "" {
		t.Errorf("help was printed:\n%s", r.Stdout)
	}
	h.Run("folder", "create", "--help").Want(t, 0, "USAGE", "funnels folder create")
}
