package login_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestAgencyLoginListSwitchAndCommands: login --agency lists the sub-accounts and
// opens the first by name; the token is in the (fake) keyring; auth status and list
// say so; commands reach each gym with --location; auth switch makes another the
// default; logout leaves nothing behind.
func TestAgencyLoginListSwitchAndCommands(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	delete(h.Vars, "FUNNELS_INSECURE_STORAGE")
	k := &clitest.FakeKeyring{Items: map[string]string{}}
	h.Keyring = k

	code, stderr := h.LoginByPaste(clitest.AgencyLoginArgs(r))
	if code != cmdutil.ExitOK {
		t.Fatalf("login --agency: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{`Signed in to profile "agency" at agency level`, "the OS keyring", "Sub-accounts where the app is installed (3)",
		"SummitStrengthLoc002  Summit Strength", "Runs of --profile agency open LakesideFit2026Loc01"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("login lacks %q:\n%s", want, stderr)
		}
	}
	if k.Len() != 1 {
		t.Fatalf("keyring holds %d items after login", k.Len())
	}

	_, out, _ := h.Run(nil, "auth", "status", "--profile", "agency")
	for _, want := range []string{"OAuth agency sign-in", "Store:", "the OS keyring", "Keyring:", "a new sign-in goes to the OS keyring"} {
		if !strings.Contains(out, want) {
			t.Errorf("auth status lacks %q:\n%s", want, out)
		}
	}

	// Each gym from the command line: the default one, then another by --location.
	if code, out, errOut := h.Run(nil, "folders", "--profile", "agency"); code != cmdutil.ExitOK || !strings.Contains(out, "Lead Generation") {
		t.Fatalf("folders of the default gym: %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := h.Run(nil, "folders", "--profile", "agency", "--location", "SummitStrengthLoc002"); code != cmdutil.ExitOK ||
		!strings.Contains(out, "Memberships") || strings.Contains(out, "Lead Generation") {
		t.Fatalf("folders of summit: %d\n%s%s", code, out, errOut)
	}
	if k.Len() != 3 { // the agency's token and two minted ones
		t.Fatalf("keyring holds %d items", k.Len())
	}

	code, out, _ = h.Run(nil, "auth", "list", "--sub-accounts")
	if code != cmdutil.ExitOK {
		t.Fatalf("auth list: %d", code)
	}
	for _, want := range []string{"agency", "agency/SummitStrengthLoc002", "Summit Strength", "minted", "keyring", "Riverside Boxing Club"} {
		if !strings.Contains(out, want) {
			t.Errorf("auth list lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Harbor Yoga") {
		t.Errorf("auth list shows a sub-account without the app:\n%s", out)
	}

	// auth switch: the agency, opening riverside, is the default from now on.
	code, _, errOut := h.Run(nil, "auth", "switch", "agency/RiversideBoxingLoc03")
	if code != cmdutil.ExitOK || !strings.Contains(errOut, "Default profile is now agency, opening sub-account RiversideBoxingLoc03") {
		t.Fatalf("auth switch: %d %s", code, errOut)
	}
	if code, out, errOut := h.Run(nil, "folders"); code != cmdutil.ExitOK || !strings.Contains(out, "Classes") || strings.Contains(out, "Lead Generation") {
		t.Fatalf("folders after the switch: %d\n%s%s", code, out, errOut)
	}
	if cfg, _ := os.ReadFile(filepath.Join(h.Config, "funnels", "config.toml")); !strings.Contains(string(cfg), `default_profile = "agency"`) {
		t.Fatalf("config file: %s", cfg)
	}
	if code, _, errOut := h.Run(nil, "auth", "switch", "nobody"); code != cmdutil.ExitUsage || !strings.Contains(errOut, "no profile") {
		t.Fatalf("auth switch nobody: %d %s", code, errOut)
	}

	// A private token cannot sign an agency in.
	if code, _, errOut := h.Run(strings.NewReader("pit-abc\n"), "login", "--agency", "--profile", "other", "--with-token"); code != cmdutil.ExitUsage ||
		!strings.Contains(errOut, "private integration tokens are not accepted at agency level") {
		t.Fatalf("login --agency --with-token: %d %s", code, errOut)
	}

	// Logout: nothing left in the keyring or the directory.
	if code, _, errOut := h.Run(nil, "logout", "--profile", "agency"); code != cmdutil.ExitOK {
		t.Fatalf("logout: %d %s", code, errOut)
	}
	if k.Len() != 0 {
		t.Fatalf("logout left %d keyring items", k.Len())
	}
	if files, _ := filepath.Glob(filepath.Join(h.State, "funnels", "agency*.json")); len(files) != 0 {
		t.Fatalf("logout left %v", files)
	}
}

// auth list without a keyring says where tokens are; --insecure-storage keeps a new
// sign-in in the file even where a keyring is.
func TestInsecureStorageKeepsTheFile(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	delete(h.Vars, "FUNNELS_INSECURE_STORAGE")
	k := &clitest.FakeKeyring{Items: map[string]string{}}
	h.Keyring = k
	if code, stderr := h.LoginByPaste(append(clitest.SandboxLoginArgs(r), "--insecure-storage")); code != cmdutil.ExitOK {
		t.Fatalf("login: %d\n%s", code, stderr)
	}
	if k.Len() != 0 {
		t.Fatal("--insecure-storage put the token in the keyring")
	}
	_, out, _ := h.Run(nil, "auth", "status", "--profile", "sandbox", "--insecure-storage")
	if !strings.Contains(out, filepath.Join(h.State, "funnels", "sandbox.json")) || !strings.Contains(out, "not used: --insecure-storage") {
		t.Fatalf("auth status:\n%s", out)
	}
	// Signing in again without the flag moves it to the keyring, and out of the file.
	if code, stderr := h.LoginByPaste(clitest.SandboxLoginArgs(r)); code != cmdutil.ExitOK {
		t.Fatalf("login: %d\n%s", code, stderr)
	}
	b, _ := os.ReadFile(filepath.Join(h.State, "funnels", "sandbox.json"))
	if k.Len() != 1 || strings.Contains(string(b), "access_token\": \"at-") {
		t.Fatalf("moving to the keyring: %d items, file %s", k.Len(), b)
	}
}
