package login_test

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/login"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

func TestAuthStatusOnATerminalPipedAndJSON(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	h.TTY("auth", "status").Want(t, 0, "Profile:   default", "Token:     static, from FUNNELS_TOKEN", "Location:  "+h.SB.Server.LocationID())
	h.Run("auth", "status").Want(t, 0, "Profile\tdefault\n", "Token\tstatic, from FUNNELS_TOKEN")
	var st login.AuthStatus
	h.Run("auth", "status", "--json").Decode(t, &st)
	if st.Profile != "default" || st.Token != "static" || st.TokenFrom != "FUNNELS_TOKEN" || !st.SignedIn || !st.Active || st.BaseURL != h.SB.URL {
		t.Errorf("--json: %+v", st)
	}
	delete(h.Vars, "FUNNELS_TOKEN")
	h.Run("auth", "status", "--profile", "nobody").Want(t, 3, "Token\tnone", "err:not signed in: run `funnels login --profile nobody`")
}

func TestAuthListAndToken(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	pit := h.SB.Server.DemoToken()
	delete(h.Vars, "FUNNELS_TOKEN")
	h.RunWith(false, pit+"\n", "login", "--profile", "pit", "--with-token").Want(t, 0, "err:Stored the private integration token")
	delete(h.Vars, "FUNNELS_LOCATION_ID") // so each profile shows its own
	cfgDir := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte("default_profile = \"pit\"\n[profiles.acme]\nlocation_id = \"AcmeLoc\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	term := h.TTY("auth", "list").Want(t, 0, "PROFILE", "acme", "pit")
	if !strings.Contains(term.Stdout, "*  pit") || strings.Contains(term.Stdout, "*  acme") {
		t.Errorf("the active profile (pit, the default) is not the one marked:\n%s", term.Stdout)
	}
	piped := h.Run("auth", "list").Want(t, 0)
	if lines := piped.Lines(); len(lines) != 2 || !strings.HasPrefix(lines[0], "\tacme\tnone\tAcmeLoc\t") || !strings.HasPrefix(lines[1], "*\tpit\tpit\t"+h.SB.Server.LocationID()) {
		t.Errorf("piped:\n%s", piped.Stdout)
	}
	var rows []map[string]any
	h.Run("auth", "list", "--json", "profile,signedIn").Decode(t, &rows)
	if len(rows) != 2 || rows[0]["profile"] != "acme" || rows[0]["signedIn"] != false || rows[1]["signedIn"] != true {
		t.Errorf("--json: %v", rows)
	}

	// The token only when asked, and nothing else with it.
	if r := h.Run("auth", "token"); r.Code != 0 || r.Stdout != pit+"\n" || r.Stderr != "" {
		t.Errorf("auth token: exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr)
	}
	h.Run("auth", "token", "--profile", "acme").Want(t, 3, "err:funnels auth token: no token stored")
	h.Vars["FUNNELS_TOKEN"] = "pit-from-env"
	if r := h.Run("auth", "token", "--profile", "acme"); r.Stdout != "pit-from-env\n" {
		t.Errorf("auth token with FUNNELS_TOKEN: %q", r.Stdout)
	}
}

// TestAuthTokenRefreshesAnExpiredToken: an OAuth sign-in whose access token the
// server expired gives a fresh one that works.
func TestAuthTokenRefreshesAnExpiredToken(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	if code, stderr := h.LoginByPaste(clitest.SandboxLoginArgs(r)); code != cmdutil.ExitOK {
		t.Fatalf("login exit %d:\n%s", code, stderr)
	}
	before := h.Token(t, "sandbox")
	resp, err := http.Post(r.URL+"/_sandbox/expire-tokens", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if clitest.AuthAPIStatus(t, r.URL, before) != http.StatusUnauthorized {
		t.Fatal("the token was not expired")
	}
	// Make the stored token look expired, as the server says it is.
	store := filepath.Join(h.State, "funnels", "sandbox.json")
	data, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	edited := expiryField.ReplaceAllString(string(data), `"expiry":"`+past+`"`)
	if edited == string(data) {
		t.Fatalf("no expiry in the token file to age")
	}
	if err := os.WriteFile(store, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	after := h.Token(t, "sandbox")
	if after == before || clitest.AuthAPIStatus(t, r.URL, after) != http.StatusOK {
		t.Errorf("auth token did not give a fresh, working token")
	}
}

var expiryField = regexp.MustCompile(`"expiry":\s*"[^"]*"`)
