package cli

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

func TestAuthStatusOnATerminalPipedAndJSON(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	h.tty("auth", "status").want(t, 0, "Profile:   default", "Token:     static, from FUNNELS_TOKEN", "Location:  "+h.sb.Server.LocationID())
	h.run("auth", "status").want(t, 0, "Profile\tdefault\n", "Token\tstatic, from FUNNELS_TOKEN")
	var st authStatus
	h.run("auth", "status", "--json").decode(t, &st)
	if st.Profile != "default" || st.Token != "static" || st.TokenFrom != "FUNNELS_TOKEN" || !st.SignedIn || !st.Active || st.BaseURL != h.sb.URL {
		t.Errorf("--json: %+v", st)
	}
	delete(h.vars, "FUNNELS_TOKEN")
	h.run("auth", "status", "--profile", "nobody").want(t, 3, "Token\tnone", "err:not signed in: run `funnels login --profile nobody`")
}

func TestAuthListAndToken(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	pit := h.sb.Server.DemoToken()
	delete(h.vars, "FUNNELS_TOKEN")
	h.runWith(false, pit+"\n", "login", "--profile", "pit", "--with-token").want(t, 0, "err:Stored the private integration token")
	delete(h.vars, "FUNNELS_LOCATION_ID") // so each profile shows its own
	cfgDir := filepath.Join(h.vars["XDG_CONFIG_HOME"], "funnels")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte("default_profile = \"pit\"\n[profiles.acme]\nlocation_id = \"AcmeLoc\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	term := h.tty("auth", "list").want(t, 0, "PROFILE", "acme", "pit")
	if !strings.Contains(term.stdout, "*  pit") || strings.Contains(term.stdout, "*  acme") {
		t.Errorf("the active profile (pit, the default) is not the one marked:\n%s", term.stdout)
	}
	piped := h.run("auth", "list").want(t, 0)
	if lines := piped.lines(); len(lines) != 2 || !strings.HasPrefix(lines[0], "\tacme\tnone\tAcmeLoc\t") || !strings.HasPrefix(lines[1], "*\tpit\tpit\t"+h.sb.Server.LocationID()) {
		t.Errorf("piped:\n%s", piped.stdout)
	}
	var rows []map[string]any
	h.run("auth", "list", "--json", "profile,signedIn").decode(t, &rows)
	if len(rows) != 2 || rows[0]["profile"] != "acme" || rows[0]["signedIn"] != false || rows[1]["signedIn"] != true {
		t.Errorf("--json: %v", rows)
	}

	// The token only when asked, and nothing else with it.
	if r := h.run("auth", "token"); r.code != 0 || r.stdout != pit+"\n" || r.stderr != "" {
		t.Errorf("auth token: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	h.run("auth", "token", "--profile", "acme").want(t, 3, "err:funnels auth token: no token stored")
	h.vars["FUNNELS_TOKEN"] = "pit-from-env"
	if r := h.run("auth", "token", "--profile", "acme"); r.stdout != "pit-from-env\n" {
		t.Errorf("auth token with FUNNELS_TOKEN: %q", r.stdout)
	}
}

// TestAuthTokenRefreshesAnExpiredToken: an OAuth sign-in whose access token the
// server expired gives a fresh one that works.
func TestAuthTokenRefreshesAnExpiredToken(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := newAuthHome(t)
	if code, stderr := h.loginByPaste(sandboxLoginArgs(r)); code != ExitOK {
		t.Fatalf("login exit %d:\n%s", code, stderr)
	}
	before := h.token(t, "sandbox")
	resp, err := http.Post(r.URL+"/_sandbox/expire-tokens", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if authAPIStatus(t, r.URL, before) != http.StatusUnauthorized {
		t.Fatal("the token was not expired")
	}
	// Make the stored token look expired, as the server says it is.
	store := filepath.Join(h.state, "funnels", "sandbox.json")
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
	after := h.token(t, "sandbox")
	if after == before || authAPIStatus(t, r.URL, after) != http.StatusOK {
		t.Errorf("auth token did not give a fresh, working token")
	}
}

var expiryField = regexp.MustCompile(`"expiry":\s*"[^"]*"`)

// token runs `funnels auth token` for profile; what it prints is not kept for the
// scan for secrets (printing the token is its job).
func (h *authHome) token(t *testing.T, profile string) string {
	t.Helper()
	var stdout, stderr authLockedBuffer
	code := Run(t.Context(), NewFactory(h.streams(strings.NewReader(""), &stdout, &stderr), h.getenv, "test"), []string{"auth", "token", "--profile", profile})
	if code != ExitOK {
		t.Fatalf("auth token: exit %d: %s", code, stderr.String())
	}
	return strings.TrimSpace(stdout.String())
}
