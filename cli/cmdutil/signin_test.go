package cmdutil_test

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// A token is checked with one request before it is stored: a good one is stored
// (and the first profile signed in becomes the default, so plain commands use it),
// a refused one is not (exit 3, with the status), --no-verify stores it unchecked,
// and a server that does not answer stores nothing and names --no-verify.
func TestLoginWithTokenIsChecked(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	loc := r.Server.LocationID()

	code, stderr := h.WithToken("pit-made-up", "--profile", "acme", "--base-url", r.URL, "--location", loc)
	if code != cmdutil.ExitAuth || !strings.Contains(stderr, "refused the token (401") || !strings.Contains(stderr, "nothing was stored") {
		t.Fatalf("a made-up token: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(h.TokenFile("acme")); !os.IsNotExist(err) {
		t.Fatalf("a refused token was stored: %v", err)
	}
	if _, err := os.Stat(filepath.Join(h.State, "funnels", "acme.lock")); !os.IsNotExist(err) {
		t.Fatalf("a lock file was left for a profile never signed in: %v", err)
	}

	code, stderr = h.WithToken(r.Server.DemoToken(), "--profile", "acme", "--base-url", r.URL, "--location", loc)
	if code != cmdutil.ExitOK || !strings.Contains(stderr, "Profile acme is now the default — funnels auth switch NAME changes it.") {
		t.Fatalf("a good token: exit %d: %s", code, stderr)
	}
	if code, _, stderr := h.Run(nil, "folders"); code != cmdutil.ExitOK {
		t.Fatalf("plain folders after the first sign-in: exit %d: %s", code, stderr)
	}

	// A second profile does not take the default over.
	code, stderr = h.WithToken("pit-made-up", "--profile", "staging", "--base-url", r.URL, "--location", loc, "--no-verify")
	if code != cmdutil.ExitOK || strings.Contains(stderr, "now the default") {
		t.Fatalf("--no-verify: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(h.TokenFile("staging")); err != nil {
		t.Fatalf("--no-verify did not store the token: %v", err)
	}
	if code, _, stderr := h.Run(nil, "folders"); code != cmdutil.ExitOK {
		t.Fatalf("the default moved to the second profile: exit %d: %s", code, stderr)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close()
	code, stderr = h.WithToken(r.Server.DemoToken(), "--profile", "offline", "--base-url", dead, "--location", loc)
	if code != cmdutil.ExitAPI || !strings.Contains(stderr, "no answer") || !strings.Contains(stderr, "--no-verify") {
		t.Fatalf("no answer: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(h.TokenFile("offline")); !os.IsNotExist(err) {
		t.Fatalf("a token that could not be checked was stored: %v", err)
	}
}

// A token the service takes but that lacks a scope is stored, with the scope named.
func TestLoginWithTokenLackingAScope(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h := clitest.NewAuthHome(t)
	tok := r.Server.IssueScopedToken(0, "funnels/redirect.readonly")
	code, stderr := h.WithToken(tok, "--profile", "narrow", "--base-url", r.URL, "--location", r.Server.LocationID())
	if code != cmdutil.ExitOK || !strings.Contains(stderr, "lacks a scope (401") || !strings.Contains(stderr, "funnels/funnel.readonly") ||
		!strings.Contains(stderr, "Settings → Private Integrations") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(h.TokenFile("narrow")); err != nil {
		t.Fatalf("a token lacking a scope was not stored: %v", err)
	}
}

// A profile with no sign-in names the profiles that have one, and how to use them.
func TestNotSignedInNamesTheSignedIn(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	if code, stderr := h.WithToken(r.Server.DemoToken(), "--profile", "acme", "--base-url", r.URL, "--location", r.Server.LocationID()); code != cmdutil.ExitOK {
		t.Fatalf("login: %s", stderr)
	}
	code, _, stderr := h.Run(nil, "folders", "--profile", "other")
	if code != cmdutil.ExitAuth || !strings.Contains(stderr, "signed in: acme — `funnels auth switch acme` (or --profile acme)") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(h.State, "funnels", "other.lock")); !os.IsNotExist(err) {
		t.Fatalf("a lock file was left for a profile never signed in: %v", err)
	}
}

// A suspended sub-account ends a command with exit 3 and says so; the sign-in is
// kept, the token file unchanged, and no "sign in again" is said.
func TestSuspendedSubAccountCommand(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	if code, out := h.LoginByPaste(clitest.SandboxLoginArgs(r)); code != cmdutil.ExitOK {
		t.Fatalf("login: %d\n%s", code, out)
	}
	before, err := os.ReadFile(h.TokenFile("sandbox"))
	if err != nil {
		t.Fatal(err)
	}
	r.Server.SetSuspended(r.Server.LocationID(), true)
	r.Server.ExpireAccessTokens()
	code, _, stderr := h.Run(nil, "folders", "--profile", "sandbox")
	want := "sub-account " + r.Server.LocationID() + " is suspended (400 Location is not active) — your sign-in is kept"
	if code != cmdutil.ExitAuth || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, want 3 with %q: %s", code, want, stderr)
	}
	if strings.Contains(stderr, "funnels login") || strings.Contains(stderr, "sign in again") {
		t.Fatalf("a suspended sub-account is told to sign in again: %s", stderr)
	}
	after, err := os.ReadFile(h.TokenFile("sandbox"))
	if err != nil || !bytes.Equal(before, after) {
		t.Fatalf("the token file changed (%v)", err)
	}
}

// A plain OAuth login that comes back with a Company token (a bulk install) is an
// agency sign-in: the sub-accounts are listed and one chosen, as with --agency.
func TestCompanyTokenFromPlainLoginCommand(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{SignIn: sandbox.SignIn{CompanyLogin: true}})
	h := clitest.NewAuthHome(t)
	args := clitest.SandboxLoginArgs(r)
	code, out := h.LoginByPaste(args)
	if code != cmdutil.ExitOK || !strings.Contains(out, "came back at agency level") || !strings.Contains(out, "Sub-accounts where the app is installed") ||
		!strings.Contains(out, "SummitStrengthLoc002") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if code, _, stderr := h.Run(nil, "folders", "--profile", "sandbox", "--location", "SummitStrengthLoc002"); code != cmdutil.ExitOK {
		t.Fatalf("a sub-account of the plain login's agency: exit %d: %s", code, stderr)
	}
}

// A run with a token and no profile is not the "default" profile: it keeps no access
// record or index in that profile's files.
func TestTokenOnlyRunKeepsNothingAsDefault(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	h.Run("find", "Sales").Want(t, cmdutil.ExitOK)
	// The index is kept, but in the directory no profile can own.
	if files := clitest.IndexFiles(t, h); len(files) != 1 || !strings.Contains(files[0], filepath.Join("index", "-token")+string(filepath.Separator)) {
		t.Errorf("a token-only run's index: %q", files)
	}
	for _, dir := range []string{h.Vars["XDG_STATE_HOME"], h.Vars["XDG_CACHE_HOME"]} {
		_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && strings.Contains(filepath.Base(path), "default") {
				t.Errorf("a run with FUNNELS_TOKEN and no profile wrote %s", path)
			}
			return nil
		})
	}
}
