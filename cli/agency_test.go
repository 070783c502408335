package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// fakeKeyring is an OS keyring in memory (never the real one in a test).
type fakeKeyring struct {
	mu    sync.Mutex
	items map[string]string
}

func (k *fakeKeyring) Get(service, user string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.items[service+"/"+user]
	if !ok {
		return "", auth.ErrNotInKeyring
	}
	return v, nil
}

func (k *fakeKeyring) Set(service, user, secret string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.items[service+"/"+user] = secret
	return nil
}

func (k *fakeKeyring) Delete(service, user string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.items[service+"/"+user]; !ok {
		return auth.ErrNotInKeyring
	}
	delete(k.items, service+"/"+user)
	return nil
}

func (k *fakeKeyring) len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.items)
}

// agencyLoginArgs signs the sandbox's agency in as profile "agency".
func agencyLoginArgs(r *sandbox.Running) []string {
	args := sandboxLoginArgs(r)
	i := slices.Index(args, "--location")
	args = slices.Delete(args, i, i+2)
	args[slices.Index(args, "sandbox")] = "agency"
	return append(args, "--agency")
}

// TestAgencyLoginListSwitchAndCommands: login --agency lists the sub-accounts and
// opens the first by name; the token is in the (fake) keyring; auth status and list
// say so; commands reach each gym with --location; auth switch makes another the
// default; logout leaves nothing behind.
func TestAgencyLoginListSwitchAndCommands(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := newAuthHome(t)
	delete(h.vars, "FUNNELS_INSECURE_STORAGE")
	k := &fakeKeyring{items: map[string]string{}}
	h.keyring = k

	code, stderr := h.loginByPaste(agencyLoginArgs(r))
	if code != ExitOK {
		t.Fatalf("login --agency: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{`Signed in to profile "agency" at agency level`, "the OS keyring", "Sub-accounts where the app is installed (3)",
		"SummitStrengthLoc002  Summit Strength", "Runs of --profile agency open LakesideFit2026Loc01"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("login lacks %q:\n%s", want, stderr)
		}
	}
	if k.len() != 1 {
		t.Fatalf("keyring holds %d items after login", k.len())
	}

	_, out, _ := h.run(nil, "auth", "status", "--profile", "agency")
	for _, want := range []string{"OAuth agency sign-in", "Store:", "the OS keyring", "Keyring:", "a new sign-in goes to the OS keyring"} {
		if !strings.Contains(out, want) {
			t.Errorf("auth status lacks %q:\n%s", want, out)
		}
	}

	// Each gym from the command line: the default one, then another by --location.
	if code, out, errOut := h.run(nil, "folders", "--profile", "agency"); code != ExitOK || !strings.Contains(out, "Lead Generation") {
		t.Fatalf("folders of the default gym: %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := h.run(nil, "folders", "--profile", "agency", "--location", "SummitStrengthLoc002"); code != ExitOK ||
		!strings.Contains(out, "Memberships") || strings.Contains(out, "Lead Generation") {
		t.Fatalf("folders of summit: %d\n%s%s", code, out, errOut)
	}
	if k.len() != 3 { // the agency's token and two minted ones
		t.Fatalf("keyring holds %d items", k.len())
	}

	code, out, _ = h.run(nil, "auth", "list", "--sub-accounts")
	if code != ExitOK {
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
	code, _, errOut := h.run(nil, "auth", "switch", "agency/RiversideBoxingLoc03")
	if code != ExitOK || !strings.Contains(errOut, "Default profile is now agency, opening sub-account RiversideBoxingLoc03") {
		t.Fatalf("auth switch: %d %s", code, errOut)
	}
	if code, out, errOut := h.run(nil, "folders"); code != ExitOK || !strings.Contains(out, "Classes") || strings.Contains(out, "Lead Generation") {
		t.Fatalf("folders after the switch: %d\n%s%s", code, out, errOut)
	}
	if cfg, _ := os.ReadFile(filepath.Join(h.config, "funnels", "config.toml")); !strings.Contains(string(cfg), `default_profile = "agency"`) {
		t.Fatalf("config file: %s", cfg)
	}
	if code, _, errOut := h.run(nil, "auth", "switch", "nobody"); code != ExitUsage || !strings.Contains(errOut, "no profile") {
		t.Fatalf("auth switch nobody: %d %s", code, errOut)
	}

	// A private token cannot sign an agency in.
	if code, _, errOut := h.run(strings.NewReader("pit-abc\n"), "login", "--agency", "--profile", "other", "--with-token"); code != ExitUsage ||
		!strings.Contains(errOut, "private integration tokens are not accepted at agency level") {
		t.Fatalf("login --agency --with-token: %d %s", code, errOut)
	}

	// Logout: nothing left in the keyring or the directory.
	if code, _, errOut := h.run(nil, "logout", "--profile", "agency"); code != ExitOK {
		t.Fatalf("logout: %d %s", code, errOut)
	}
	if k.len() != 0 {
		t.Fatalf("logout left %d keyring items", k.len())
	}
	if files, _ := filepath.Glob(filepath.Join(h.state, "funnels", "agency*.json")); len(files) != 0 {
		t.Fatalf("logout left %v", files)
	}
}

// auth list without a keyring says where tokens are; --insecure-storage keeps a new
// sign-in in the file even where a keyring is.
func TestInsecureStorageKeepsTheFile(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := newAuthHome(t)
	delete(h.vars, "FUNNELS_INSECURE_STORAGE")
	k := &fakeKeyring{items: map[string]string{}}
	h.keyring = k
	if code, stderr := h.loginByPaste(append(sandboxLoginArgs(r), "--insecure-storage")); code != ExitOK {
		t.Fatalf("login: %d\n%s", code, stderr)
	}
	if k.len() != 0 {
		t.Fatal("--insecure-storage put the token in the keyring")
	}
	_, out, _ := h.run(nil, "auth", "status", "--profile", "sandbox", "--insecure-storage")
	if !strings.Contains(out, filepath.Join(h.state, "funnels", "sandbox.json")) || !strings.Contains(out, "not used: --insecure-storage") {
		t.Fatalf("auth status:\n%s", out)
	}
	// Signing in again without the flag moves it to the keyring, and out of the file.
	if code, stderr := h.loginByPaste(sandboxLoginArgs(r)); code != ExitOK {
		t.Fatalf("login: %d\n%s", code, stderr)
	}
	b, _ := os.ReadFile(filepath.Join(h.state, "funnels", "sandbox.json"))
	if k.len() != 1 || strings.Contains(string(b), "access_token\": \"at-") {
		t.Fatalf("moving to the keyring: %d items, file %s", k.len(), b)
	}
}
