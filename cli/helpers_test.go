package cli

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// noKeyring is a machine without an OS keyring (never the real one in a test).
type noKeyring struct{}

func (noKeyring) Get(string, string) (string, error) { return "", errNoKeyring }
func (noKeyring) Set(string, string, string) error   { return errNoKeyring }
func (noKeyring) Delete(string, string) error        { return errNoKeyring }

var errNoKeyring = errors.New("no OS keyring in tests")

// home is one user's machine for in-process runs: XDG directories of its own and an
// environment the test sets.
type home struct {
	t       *testing.T
	vars    map[string]string
	sb      *sandbox.Running
	keyring auth.Keyring // an OS keyring of the test's own (nil: none, the 0600 file)
}

func newHome(t *testing.T) *home {
	dir := t.TempDir()
	return &home{t: t, vars: map[string]string{
		"HOME": dir, "XDG_CONFIG_HOME": filepath.Join(dir, "config"), "XDG_STATE_HOME": filepath.Join(dir, "state"),
		"XDG_CACHE_HOME": filepath.Join(dir, "cache"),
	}, keyring: noKeyring{}}
}

// signedIn is a home whose environment points at a sandbox on loopback with its demo
// token and location, as FUNNELS_* variables.
func signedIn(t *testing.T, opts sandbox.Options) *home {
	h := newHome(t)
	h.sb = sandboxtest.Start(t, opts)
	h.vars["FUNNELS_BASE_URL"] = h.sb.URL
	h.vars["FUNNELS_TOKEN"] = h.sb.Server.DemoToken()
	h.vars["FUNNELS_LOCATION_ID"] = h.sb.Server.LocationID()
	return h
}

func (h *home) getenv(k string) string { return h.vars[k] }

// result is what one run left behind.
type result struct {
	code           int
	stdout, stderr string
}

// run runs funnels in this process with standard output a pipe, as in a script.
func (h *home) run(args ...string) result { return h.runWith(false, "", args...) }

// tty runs funnels with standard output a terminal 160 columns wide.
func (h *home) tty(args ...string) result { return h.ttyWidth(160, args...) }

// ttyWidth runs funnels with standard output a terminal width columns wide (0: a
// width nobody knows, as with FUNNELS_FORCE_TTY=1).
func (h *home) ttyWidth(width int, args ...string) result {
	h.t.Helper()
	return h.streams(&IOStreams{OutTTY: true, Width: width}, "", args...)
}

func (h *home) runWith(tty bool, stdin string, args ...string) result {
	h.t.Helper()
	if tty {
		return h.streams(&IOStreams{OutTTY: true, Width: 160}, stdin, args...)
	}
	return h.streams(&IOStreams{}, stdin, args...)
}

// streams runs funnels with the terminal settings of ios.
func (h *home) streams(tty *IOStreams, stdin string, args ...string) result {
	h.t.Helper()
	ios, out, errb := TestStreams(stdin)
	ios.InTTY, ios.OutTTY, ios.Width = tty.InTTY, tty.OutTTY, tty.Width
	f := NewFactory(ios, h.getenv, "1.2.3-test")
	f.keyring = h.keyring
	code := Run(context.Background(), f, args)
	r := result{code: code, stdout: out.String(), stderr: errb.String()}
	if h.sb != nil && strings.Contains(r.stdout+r.stderr, h.sb.Server.DemoToken()) && (len(args) < 2 || args[0] != "auth" || args[1] != "token") {
		h.t.Errorf("funnels %v printed the token:\n%s%s", args, r.stdout, r.stderr)
	}
	return r
}

// want checks the exit code and that the streams contain each fragment ("err:"
// fragments are looked for on stderr).
func (r result) want(t *testing.T, code int, fragments ...string) result {
	t.Helper()
	if r.code != code {
		t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
		return r
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
	return r
}

// lines are the lines of stdout.
func (r result) lines() []string {
	return strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
}

// decode reads stdout as one JSON value into v.
func (r result) decode(t *testing.T, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	if err := dec.Decode(v); err != nil {
		t.Fatalf("stdout is not the JSON expected: %v\n%s", err, r.stdout)
	}
	if dec.More() {
		t.Fatalf("more than one JSON value on stdout:\n%s", r.stdout)
	}
}

// Seeded ids of the sandbox (client/sandbox/doc.go).
const (
	seedTrialFunnel  = "tKvx487I4yks06qt7ovC" // Free 7-Day Trial: 4 steps, join.lakesidefit.com
	seedTrialLanding = "d8beadee-6139-4161-b7e0-93a42c093720"
	seedTrialSignUp  = "78fb1b24-a754-417d-8fc9-4573b85512fa" // two pages
	seedLandingPage  = "9qVYnLdY1somoAmWnH9D"
	seedArchive      = "7CmWvMKyHyUfee5mEjDY" // folder: 2025 Campaigns, Old Homepage Funnel
)
