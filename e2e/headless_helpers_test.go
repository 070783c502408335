package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// cliResult is what one run of the binary left behind.
type cliResult struct {
	code           int
	stdout, stderr string
}

// binCLI runs the built binary as a user would: its own empty XDG directories, and
// the sandbox's address, token and location as flags. Standard output counts as a
// terminal (FUNNELS_FORCE_TTY), so the human layout is what the tests read; piped
// gives what a script reads.
type binCLI struct {
	t    *testing.T
	sb   *sandbox.Running
	env  []string
	seen []string // every output so far, scanned for the token at the end
}

func newBinCLI(t *testing.T, opts sandbox.Options) *binCLI {
	t.Helper()
	c := &binCLI{t: t, sb: sandboxtest.Start(t, opts), env: append(testEnv(t), "FUNNELS_FORCE_TTY=1")}
	t.Cleanup(func() {
		for _, tok := range []string{c.sb.Server.DemoToken(), c.sb.Server.ReadOnlyToken()} {
			for _, out := range c.seen {
				if strings.Contains(out, tok) {
					t.Errorf("a token was printed:\n%s", out)
				}
			}
		}
	})
	return c
}

// run runs funnels with args (and stdin) without adding anything.
func (c *binCLI) run(stdin string, args ...string) cliResult {
	c.t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = c.env
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		c.t.Fatalf("funnels %v: %v", args, err)
	}
	c.seen = append(c.seen, out.String(), errb.String())
	return cliResult{code: code, stdout: out.String(), stderr: errb.String()}
}

// piped runs funnels with args and the sandbox's settings as flags, standard output
// a pipe as in a script.
func (c *binCLI) piped(args ...string) cliResult {
	c.t.Helper()
	env := c.env
	c.env = slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return strings.HasPrefix(kv, "FUNNELS_FORCE_TTY=") })
	defer func() { c.env = env }()
	return c.api(args...)
}

// api runs funnels with args and the sandbox's settings as flags.
func (c *binCLI) api(args ...string) cliResult {
	c.t.Helper()
	return c.run("", append(args, "--base-url", c.sb.URL, "--token", c.sb.Server.DemoToken(), "--location", c.sb.Server.LocationID())...)
}

// requests is the sandbox's request log since the last call, which it then clears.
func (c *binCLI) requests() []sandbox.Request {
	reqs := c.sb.Server.Requests()
	c.sb.Server.ResetLog()
	return reqs
}

// want checks a run's exit code and that its streams contain each fragment
// ("err:" fragments are looked for on stderr).
func (r cliResult) want(t *testing.T, code int, fragments ...string) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
		return
	}
	for _, f := range fragments {
		if s, onErr := strings.CutPrefix(f, "err:"); onErr {
			if !strings.Contains(r.stderr, s) {
				t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
			}
		} else if !strings.Contains(r.stdout, f) {
			t.Errorf("stdout lacks %q:\n%s", f, r.stdout)
		}
	}
}

// decode reads the run's stdout as JSON into v, strictly.
func (r cliResult) decode(t *testing.T, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	if err := dec.Decode(v); err != nil {
		t.Fatalf("stdout is not the JSON expected: %v\n%s", err, r.stdout)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value on stdout:\n%s", r.stdout)
	}
}

// nothingSent fails when the sandbox saw a request since the log was last cleared.
func (c *binCLI) nothingSent(what string) {
	c.t.Helper()
	if reqs := c.requests(); len(reqs) > 0 {
		c.t.Errorf("%s: %d request(s) sent, want none: %+v", what, len(reqs), reqs)
	}
}

// Seeded ids of the sandbox (client/sandbox/doc.go, seed_test.go).
const (
	seedTrialFunnel  = "tKvx487I4yks06qt7ovC" // Free 7-Day Trial: 4 steps, join.lakesidefit.com
	seedTrialLanding = "d8beadee-6139-4161-b7e0-93a42c093720"
	seedTrialSignUp  = "78fb1b24-a754-417d-8fc9-4573b85512fa" // two pages outside a split test
	seedLandingPage  = "9qVYnLdY1somoAmWnH9D"
	seedArchive      = "7CmWvMKyHyUfee5mEjDY" // folder: 2025 Campaigns, Old Homepage Funnel
)
