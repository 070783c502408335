package cmdutil_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// fits fails t for every line of out wider than width (a carriage return starting
// one again) or when one of words is not whole on a line.
func fits(t *testing.T, what, out string, width int, words ...string) {
	t.Helper()
	for _, l := range strings.FieldsFunc(out, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("%s: a line of %d columns at %d:\n%s", what, w, width, l)
		}
	}
	for _, w := range words {
		if !strings.Contains(out, w) {
			t.Errorf("%s: %q is not whole on a line:\n%s", what, w, out)
		}
	}
}

// writeConfig writes text as the config file under the config home dir.
func writeConfig(t *testing.T, dir, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "funnels"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "funnels", "config.toml"), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestErrorsAndNoticesWrapAtTheTerminal: on a terminal an error, a config file's
// warning and a set's failures wrap at its width, never breaking a word; a message of
// several lines names the command once; standard error of unknown width takes
// standard output's.
func TestErrorsAndNoticesWrapAtTheTerminal(t *testing.T) {
	t.Parallel()
	h := clitest.NewHome(t)
	errTTY := func(width int) *cmdutil.IOStreams { return &cmdutil.IOStreams{ErrTTY: true, ErrWidth: width} }

	r := h.Streams(errTTY(44), "", "folders", "--profile", "sandbox").Want(t, cmdutil.ExitAuth)
	fits(t, "not signed in", r.Stderr, 44, `"sandbox"`, "funnels folders:")

	h.Vars["XDG_CONFIG_HOME"] = t.TempDir()
	writeConfig(t, h.Vars["XDG_CONFIG_HOME"], "default_profile = \"default\"\nno_such_key_in_this_file_at_all = 1\n")
	r = h.Streams(errTTY(40), "", "config", "list").Want(t, 0, "err:warning")
	fits(t, "a config warning", r.Stderr, 40, "no_such_key_in_this_file_at_all")

	writeConfig(t, h.Vars["XDG_CONFIG_HOME"], "[profiles.gym-one]\nlocation_id = \"SummitStrengthLoc002\"\n"+
		"[profiles.gym-two]\nlocation_id = \"RiversideBoxingLoc03\"\n")
	r = h.Streams(errTTY(80), "", "folders", "--profiles", "gym-one,gym-two")
	if r.Code == 0 || !strings.Contains(r.Stderr, "2 of 2 sub-accounts failed") {
		t.Fatalf("a set whose members all fail: exit %d\n%s", r.Code, r.Stderr)
	}
	fits(t, "a set's failures", r.Stderr, 80, "RiversideBoxingLoc03")

	// Standard error a terminal of unknown width, standard output one of 50.
	r = h.Streams(&cmdutil.IOStreams{ErrTTY: true, OutTTY: true, Width: 50}, "", "folders", "--profile", "sandbox")
	fits(t, "standard error of unknown width", r.Stderr, 50, `"sandbox"`)

	ios, _, stderr := cmdutil.TestStreams("")
	ios.ErrTTY, ios.ErrWidth = true, 36
	cmdutil.NewFactory(ios, func(string) string { return "" }, "test").ReportError(
		errors.New("the first line says what went wrong with the run\nand the second line says what to do about it"))
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	fits(t, "a message of two lines", stderr.String(), 36)
	if n := strings.Count(stderr.String(), "funnels:"); n != 1 {
		t.Errorf("the command is named %d times, want once:\n%s", n, stderr.String())
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "    ") {
		t.Errorf("the second line of the message is not under the first:\n%s", stderr.String())
	}
}
