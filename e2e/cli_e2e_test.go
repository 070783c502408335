package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestTheCommandLineAsANewUserTriesIt replays what a newcomer tries first, with the
// built binary: version, global flags anywhere, a typo, help of one command, piped
// output into cut, field lists and jq, a pasted token with a space, and the browser
// without a terminal.
func TestTheCommandLineAsANewUserTriesIt(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})

	for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}} {
		if r := c.run("", args...); r.code != 0 || !strings.HasPrefix(r.stdout, "funnels ") || strings.Count(r.stdout, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, r.code, r.stdout)
		}
	}
	c.api("--profile", "acme", "folders").want(t, 0, "Archive")
	c.api("--debug", "folders").want(t, 0, "Archive", "err:debug log")

	r := c.run("", "fodlers")
	r.want(t, 2, "err:did you mean folders?")
	if r.stdout != "" {
		t.Errorf("a usage error wrote to stdout: %q", r.stdout)
	}
	help := c.run("", "help", "folders")
	help.want(t, 0, "funnels folders", "--parent")
	if own := c.run("", "folders", "--help"); own.stdout != help.stdout {
		t.Errorf("help folders differs from folders --help")
	}
	for _, args := range [][]string{{"login", "--help"}, {"logout", "--help"}, {"auth", "status", "--help"}, {"sandbox", "--help"}} {
		if r := c.run("", args...); r.code != 0 || !strings.Contains(r.stdout, "USAGE") || r.stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	c.run("", "completion", "powershell").want(t, 0, "Register-ArgumentCompleter")

	// funnels folders | cut -f2 gives ids; steps writes no prose to stdout.
	piped := c.piped("folders")
	for _, l := range strings.Split(strings.TrimSpace(piped.stdout), "\n") {
		if cells := strings.Split(l, "\t"); len(cells) < 2 || len(cells[1]) != 20 {
			t.Errorf("cut -f2 would not give an id: %q", l)
		}
	}
	steps := c.piped("steps", seedTrialFunnel)
	if !strings.HasPrefix(steps.stdout, "1\t") || !strings.Contains(steps.stderr, "4 steps") {
		t.Errorf("steps piped: stdout %q, stderr %q", steps.stdout, steps.stderr)
	}
	c.api("folders", "--json", "id,name", "--jq", ".[0].name").want(t, 0, "Archive\n")
	c.api("folders", "--json", "id,nope").want(t, 2, `err:unknown field "nope"`, "err:the fields are: kind, id, name")

	c.run("hello world\n", "login", "--with-token").want(t, 2, "err:the token has spaces")
	demo := exec.Command(binPath, "--demo")
	demo.Env = c.env
	out, err := demo.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "the browser needs a terminal") {
		t.Errorf("--demo without a terminal: %v\n%s", err, out)
	}
}

// TestBashCompletesWithTheBinary loads `funnels completion bash` into bash and asks
// it what it offers, the binary on PATH answering: commands, flag values, and funnel
// ids from the sandbox of the environment.
func TestBashCompletesWithTheBinary(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	c := newBinCLI(t, sandbox.Options{})
	r := c.run("", "completion", "bash")
	script := filepath.Join(t.TempDir(), "funnels.bash")
	if err := os.WriteFile(script, []byte(r.stdout), 0o600); err != nil {
		t.Fatal(err)
	}
	env := append(slices.Clone(c.env), "PATH="+filepath.Dir(binPath)+":"+os.Getenv("PATH"),
		"FUNNELS_BASE_URL="+c.sb.URL, "FUNNELS_TOKEN="+c.sb.Server.DemoToken(), "FUNNELS_LOCATION_ID="+c.sb.Server.LocationID())
	// bash-completion's word splitter, for a machine without that package.
	const shim = `_get_comp_words_by_ref() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }; `
	complete := func(line string) []string {
		t.Helper()
		prog := shim + `source "$1"; read -ra COMP_WORDS <<< "$2"; [[ $2 == *" " ]] && COMP_WORDS+=("");` +
			` COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE=$2; COMP_POINT=${#2}; __start_funnels 2>/dev/null; printf '%s\n' "${COMPREPLY[@]}"`
		cmd := exec.Command("bash", "-c", prog, "bash", script, line)
		cmd.Env = env
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("bash completion of %q: %v", line, err)
		}
		return strings.Fields(string(out))
	}
	for line, want := range map[string][]string{
		"funnels fol":                   {"folder", "folders"},
		"funnels folder create --type ": {"funnel", "website"},
		"funnels completion p":          {"powershell"},
		"funnels steps tKvx":            {seedTrialFunnel},
		"funnels page get 9qV":          {seedLandingPage},
	} {
		got := complete(line)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%q completes to %q, want %q", line, got, want)
		}
	}
}
