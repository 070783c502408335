package clitest

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// NoKeyring is a machine without an OS keyring (never the real one in a test).
type NoKeyring struct{}

func (NoKeyring) Get(string, string) (string, error) { return "", errNoKeyring }
func (NoKeyring) Set(string, string, string) error   { return errNoKeyring }
func (NoKeyring) Delete(string, string) error        { return errNoKeyring }

var errNoKeyring = errors.New("no OS keyring in tests")

// Home is one user's machine for in-process runs: XDG directories of its own and an
// environment the test sets.
type Home struct {
	t       *testing.T
	Vars    map[string]string
	SB      *sandbox.Running
	Keyring auth.Keyring // an OS keyring of the test's own (nil: none, the 0600 file)
	// Gate, when set, makes every run a session of a team server for that person.
	Gate *Gate
}

func NewHome(t *testing.T) *Home {
	dir := t.TempDir()
	return &Home{t: t, Vars: map[string]string{
		"HOME": dir, "XDG_CONFIG_HOME": filepath.Join(dir, "config"), "XDG_STATE_HOME": filepath.Join(dir, "state"),
		"XDG_CACHE_HOME": filepath.Join(dir, "cache"),
	}, Keyring: NoKeyring{}}
}

// SignedIn is a home whose environment points at a sandbox on loopback with its demo
// token and location, as FUNNELS_* variables.
func SignedIn(t *testing.T, opts sandbox.Options) *Home {
	h := NewHome(t)
	h.SB = sandboxtest.Start(t, opts)
	h.Vars["FUNNELS_BASE_URL"] = h.SB.URL
	h.Vars["FUNNELS_TOKEN"] = h.SB.Server.DemoToken()
	h.Vars["FUNNELS_LOCATION_ID"] = h.SB.Server.LocationID()
	return h
}

func (h *Home) Getenv(k string) string { return h.Vars[k] }

// Result is what one run left behind.
type Result struct {
	Code           int
	Stdout, Stderr string
}

// Run runs funnels in this process with standard output a pipe, as in a script.
func (h *Home) Run(args ...string) Result { return h.RunWith(false, "", args...) }

// TTY runs funnels with standard output a terminal 160 columns wide.
func (h *Home) TTY(args ...string) Result { return h.TTYWidth(160, args...) }

// TTYWidth runs funnels with standard output a terminal width columns wide (0: a
// width nobody knows, as with FUNNELS_FORCE_TTY=1).
func (h *Home) TTYWidth(width int, args ...string) Result {
	h.t.Helper()
	return h.Streams(&cmdutil.IOStreams{OutTTY: true, Width: width}, "", args...)
}

func (h *Home) RunWith(tty bool, stdin string, args ...string) Result {
	h.t.Helper()
	if tty {
		return h.Streams(&cmdutil.IOStreams{OutTTY: true, Width: 160}, stdin, args...)
	}
	return h.Streams(&cmdutil.IOStreams{}, stdin, args...)
}

// Streams runs funnels with the terminal settings of ios.
func (h *Home) Streams(tty *cmdutil.IOStreams, stdin string, args ...string) Result {
	h.t.Helper()
	ios, out, errb := cmdutil.TestStreams(stdin)
	ios.InTTY, ios.OutTTY, ios.Width, ios.ErrTTY, ios.ErrWidth = tty.InTTY, tty.OutTTY, tty.Width, tty.ErrTTY, tty.ErrWidth
	f := cmdutil.NewFactory(ios, h.Getenv, "1.2.3-test")
	f.Keyring = h.Keyring
	if h.Gate != nil {
		f.Gate = h.Gate
	}
	code := cli.Run(context.Background(), f, args)
	r := Result{Code: code, Stdout: out.String(), Stderr: errb.String()}
	if h.SB != nil && strings.Contains(r.Stdout+r.Stderr, h.SB.Server.DemoToken()) && (len(args) < 2 || args[0] != "auth" || args[1] != "token") {
		h.t.Errorf("funnels %v printed the token:\n%s%s", args, r.Stdout, r.Stderr)
	}
	return r
}

// Want checks the exit code and that the streams contain each fragment ("err:"
// fragments are looked for on stderr).
func (r Result) Want(t *testing.T, code int, fragments ...string) Result {
	t.Helper()
	if r.Code != code {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.Code, code, r.Stdout, r.Stderr)
		return r
	}
	for _, f := range fragments {
		if s, onErr := strings.CutPrefix(f, "err:"); onErr {
			if !strings.Contains(r.Stderr, s) {
				t.Errorf("stderr lacks %q:\n%s", s, r.Stderr)
			}
		} else if !strings.Contains(r.Stdout, f) {
			t.Errorf("stdout lacks %q:\n%s", f, r.Stdout)
		}
	}
	return r
}

// Lines are the lines of stdout.
func (r Result) Lines() []string {
	return strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
}

// Decode reads stdout as one JSON value into v.
func (r Result) Decode(t *testing.T, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(r.Stdout))
	if err := dec.Decode(v); err != nil {
		t.Fatalf("stdout is not the JSON expected: %v\n%s", err, r.Stdout)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value on stdout:\n%s", r.Stdout)
	}
}

// Seeded ids of the sandbox (client/sandbox/doc.go).
const (
	SeedTrialFunnel  = "tKvx487I4yks06qt7ovC" // Free 7-Day Trial: 4 steps, join.lakesidefit.com
	SeedTrialLanding = "d8beadee-6139-4161-b7e0-93a42c093720"
	SeedTrialSignUp  = "78fb1b24-a754-417d-8fc9-4573b85512fa" // two pages
	SeedLandingPage  = "9qVYnLdY1somoAmWnH9D"
	SeedArchive      = "7CmWvMKyHyUfee5mEjDY" // folder: 2025 Campaigns, Old Homepage Funnel
)

var UuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
