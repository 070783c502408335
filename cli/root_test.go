package cli_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/client/validate"
)

// commandPaths lists every command but the root and the hidden ones.
func commandPaths(t *testing.T) [][]string {
	t.Helper()
	ios, _, _ := cmdutil.TestStreams("")
	var out [][]string
	cmdutil.Visit(cli.NewCmdRoot(cmdutil.NewFactory(ios, func(string) string { return "" }, "test")), func(c *cobra.Command) {
		if c.HasParent() && !c.Hidden {
			out = append(out, strings.Fields(c.CommandPath())[1:])
		}
	})
	return out
}

// TestEveryCommandHasOneHelp: COMMAND --help, COMMAND -h and help COMMAND print the
// same help, on stdout, with exit 0, and nothing on stderr; every command has a
// summary, a description and (but help and version) an example.
func TestEveryCommandHasOneHelp(t *testing.T) {
	h := clitest.NewHome(t)
	paths := commandPaths(t)
	if len(paths) < 25 {
		t.Fatalf("only %d commands: %v", len(paths), paths)
	}
	for _, path := range append(paths, nil) {
		name := strings.Join(append([]string{"funnels"}, path...), " ")
		long := h.Run(append(slices.Clone(path), "--help")...)
		long.Want(t, 0, "USAGE", name)
		if long.Stderr != "" {
			t.Errorf("%s --help wrote to stderr: %s", name, long.Stderr)
		}
		for _, other := range []clitest.Result{h.Run(append(slices.Clone(path), "-h")...), h.Run(append([]string{"help"}, path...)...)} {
			if other.Code != 0 || other.Stdout != long.Stdout {
				t.Errorf("%s: -h or help %s differs from --help (exit %d)", name, strings.Join(path, " "), other.Code)
			}
		}
	}
	ios, _, _ := cmdutil.TestStreams("")
	cmdutil.Visit(cli.NewCmdRoot(cmdutil.NewFactory(ios, func(string) string { return "" }, "test")), func(c *cobra.Command) {
		if c.Short == "" || (c.Long == "" && c.HasParent() && c.Name() != "version" && c.Name() != "help" && !c.HasSubCommands()) {
			t.Errorf("%s lacks a summary or a description", c.CommandPath())
		}
		if c.Example == "" && c.Runnable() && !c.HasSubCommands() && c.Name() != "version" && c.Name() != "help" {
			t.Errorf("%s has no example", c.CommandPath())
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if strings.Contains(f.Usage, "`") {
				t.Errorf("%s --%s: a backquote in its usage would show as it is", c.CommandPath(), f.Name)
			}
		})
	})
}

func TestUsageErrorsSayWhatWasMeant(t *testing.T) {
	h := clitest.NewHome(t)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"fodlers"}, []string{`funnels: unknown command "fodlers" for "funnels"; did you mean folders?`, "Usage: funnels [COMMAND] [flags]"}},
		{[]string{"help", "fodlers"}, []string{`did you mean folders?`}},
		{[]string{"folder", "crate"}, []string{`funnels folder: unknown command "crate" for "funnels folder"; did you mean create?`}},
		{[]string{"folders", "--jsn"}, []string{"funnels folders: unknown flag: --jsn; did you mean --jq or --json?", "Run 'funnels folders --help'"}},
		{[]string{"steps", "--parent", "x"}, []string{"unknown flag: --parent"}},
		{[]string{"sandbox", "--limit", "many"}, []string{`invalid argument "many" for "--limit"`}},
		{[]string{"--demo", "folders"}, []string{"unknown flag: --demo"}},
		{[]string{"completion", "tcsh"}, []string{"SHELL must be bash, zsh, fish or powershell"}},
	} {
		r := h.Run(c.args...)
		if r.Code != cmdutil.ExitUsage || r.Stdout != "" {
			t.Errorf("%v: exit %d, stdout %q; want 2 and nothing on stdout", c.args, r.Code, r.Stdout)
		}
		for _, w := range c.want {
			if !strings.Contains(r.Stderr, w) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, w, r.Stderr)
			}
		}
	}
}

// TestGlobalFlagsGoAnywhere: the settings flags work before and after the command.
func TestGlobalFlagsGoAnywhere(t *testing.T) {
	h := clitest.NewHome(t)
	sb := sandboxtest.Start(t, sandbox.Options{})
	settings := []string{"--base-url", sb.URL, "--token", sb.Server.DemoToken(), "--location", sb.Server.LocationID(), "--profile", "acme"}
	before := h.Run(append(slices.Clone(settings), "steps", clitest.SeedTrialFunnel)...).Want(t, 0, "Landing Page")
	after := h.Run(append([]string{"steps", clitest.SeedTrialFunnel}, settings...)...).Want(t, 0, "Landing Page")
	between := h.Run("steps", "--base-url", sb.URL, clitest.SeedTrialFunnel, "--token", sb.Server.DemoToken(), "--location", sb.Server.LocationID())
	if before.Stdout != after.Stdout || between.Stdout != after.Stdout {
		t.Errorf("the place of the flags changed the output")
	}
	h.Run("--profile", "acme", "auth", "status").Want(t, 3, "Profile\tacme")
	h.Run("--debug", "version").Want(t, 0, "funnels 1.2.3-test\n")
}

func TestVersion(t *testing.T) {
	h := clitest.NewHome(t)
	for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}} {
		if r := h.Run(args...); r.Code != 0 || r.Stdout != "funnels 1.2.3-test\n" || r.Stderr != "" {
			t.Errorf("%v: exit %d, %q %q", args, r.Code, r.Stdout, r.Stderr)
		}
	}
	h.Run("version", "extra").Want(t, 2, "err:unexpected argument")
}

// TestExitCodes is the one mapping, case by case.
func TestExitCodes(t *testing.T) {
	apiErr := &client.APIError{StatusCode: 404, Messages: []string{"Funnel not found"}}
	refused := fmt.Errorf("list: %w", &client.APIError{StatusCode: 401, Messages: []string{"Invalid JWT"}})
	for _, c := range []struct {
		err  error
		code int
	}{
		{nil, 0},
		{cmdutil.Usagef("bad"), 2},
		{cmdutil.SyntaxError("unknown flag"), 2},
		{&cmdutil.CommandError{Err: cmdutil.Usagef("x")}, 2},
		{fmt.Errorf("wrapped: %w", validate.FieldErrors{{Field: "name", Message: "is required"}}), 2},
		{fmt.Errorf("save: %w", auth.ErrBadToken), 2},
		{auth.ErrNoClient, 2},
		{refused, 3},
		{&auth.LoginRequiredError{Profile: "p", Reason: "no token stored"}, 3},
		{cmdutil.WithExitCode(3, context.Canceled), 3},
		{apiErr, 1},
		{&auth.TokenEndpointError{Status: 400, Code: "invalid_client"}, 1},
		{&client.NetworkError{Method: "GET", Path: "/x", Err: errors.New("refused")}, 1},
		{fmt.Errorf("x: %w", client.ErrBadResponse), 1},
		{context.Canceled, 1},
		{&fs.PathError{Op: "open", Path: "/x", Err: os.ErrPermission}, 4},
		{errors.New("something else"), 4},
	} {
		if got := cmdutil.ExitCode(c.err); got != c.code {
			t.Errorf("ExitCode(%v) = %d, want %d", c.err, got, c.code)
		}
	}
}

func TestClaimJSONFields(t *testing.T) {
	ios, _, _ := cmdutil.TestStreams("")
	root := cli.NewCmdRoot(cmdutil.NewFactory(ios, func(string) string { return "" }, "test"))
	for _, c := range []struct{ in, want string }{
		{"folders --json", "folders --json"},
		{"folders --json id,name", "folders --json=id,name"},
		{"folders --json nme", "folders --json=nme"},
		{"steps --json F", "steps --json F"},
		{"steps --json id F", "steps --json=id F"},
		{"steps F --json id", "steps F --json=id"},
		{"steps F --json --jq .", "steps F --json --jq ."},
		{"--profile p steps --json id F", "--profile p steps --json=id F"},
		{"page get --json P", "page get --json P"},
		{"page get P --json id", "page get P --json=id"},
		{"login --json x", "login --json x"},
		{"steps -- --json id", "steps -- --json id"},
	} {
		if got := strings.Join(cmdutil.ClaimJSONFields(root, strings.Fields(c.in)), " "); got != c.want {
			t.Errorf("%q → %q, want %q", c.in, got, c.want)
		}
	}
}

func TestBrowseNeedsATerminal(t *testing.T) {
	h := clitest.NewHome(t)
	h.Run("--demo").Want(t, 2, "err:funnels: the browser needs a terminal, and standard output is not one", "err:funnels --help")
	// Not signed in: that comes first, with the way to try it without an account.
	h.Run().Want(t, 3, "err:not signed in", "err:funnels --demo")
	h.Vars["FUNNELS_TOKEN"], h.Vars["FUNNELS_LOCATION_ID"] = "pit-x", "L1"
	h.Run().Want(t, 2, "err:needs a terminal")
	for _, c := range []struct {
		out, in bool
		tty     error
		want    string
	}{
		{true, true, nil, ""},
		{true, false, nil, ""}, // keys come from /dev/tty
		{true, false, fs.ErrNotExist, "standard input is not one (nor is there a /dev/tty)"},
		{false, true, nil, "standard output is not one"},
	} {
		err := cli.TerminalProblem(c.out, c.in, c.tty)
		if (c.want == "") != (err == nil) || (err != nil && (!strings.Contains(err.Error(), c.want) || cmdutil.ExitCode(err) != cmdutil.ExitUsage)) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}

// TestOutputThatIsTheSameEitherWay: what these commands print is data whether or not
// standard output is a terminal.
func TestOutputThatIsTheSameEitherWay(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	for _, args := range [][]string{
		{"config", "path"}, {"config", "get", "base_url"}, {"version"}, {"auth", "token"},
		{"completion", "bash"}, {"man"},
	} {
		term, piped := h.TTY(args...), h.Run(args...)
		if term.Code != 0 || piped.Code != 0 || term.Stdout != piped.Stdout || term.Stdout == "" {
			t.Errorf("%v: exit %d/%d, the output differs or is empty", args, term.Code, piped.Code)
		}
	}
}

// TestErrorsOnATerminalAreStyled: on a terminal an error has fang's ERROR badge
// above it; elsewhere it is one plain line a script can read.
func TestErrorsOnATerminalAreStyled(t *testing.T) {
	h := clitest.NewHome(t)
	ios, out, errb := cmdutil.TestStreams("")
	ios.ErrTTY = true
	if code := cli.Run(context.Background(), cmdutil.NewFactory(ios, h.Getenv, "test"), []string{"fodlers"}); code != cmdutil.ExitUsage {
		t.Fatalf("exit %d", code)
	}
	styled := errb.String()
	for _, want := range []string{"ERROR", `funnels: unknown command "fodlers" for "funnels"; did you mean folders?`, "Usage: funnels [COMMAND] [flags]"} {
		if !strings.Contains(styled, want) {
			t.Errorf("the styled error lacks %q:\n%s", want, styled)
		}
	}
	if out.Len() != 0 {
		t.Errorf("stdout %q", out.String())
	}
	plain := h.Run("fodlers").Stderr
	if strings.Contains(plain, "ERROR") || !strings.HasPrefix(plain, `funnels: unknown command "fodlers"`) {
		t.Errorf("off a terminal the error is not plain:\n%s", plain)
	}
}
