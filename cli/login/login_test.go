package login_test

import (
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

func TestLoginCommandPasteStatusLogout(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	code, stderr := h.LoginByPaste(clitest.SandboxLoginArgs(r))
	if code != cmdutil.ExitOK {
		t.Fatalf("login exit %d:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, `Signed in to profile "sandbox" (location `+r.Server.LocationID()+`)`) {
		t.Errorf("stderr:\n%s", stderr)
	}
	tokenFile := filepath.Join(h.State, "funnels", "sandbox.json")
	store := auth.NewStore(filepath.Dir(tokenFile))
	tok, err := store.Load("sandbox")
	if err != nil {
		t.Fatal(err)
	}

	// Only --profile from now on: the login remembered the rest.
	code, stdout, stderr := h.Run(nil, "auth", "status", "--profile", "sandbox")
	if code != cmdutil.ExitOK {
		t.Fatalf("status exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Profile:   sandbox", "Location:  " + r.Server.LocationID(), "Base URL:  " + r.URL,
		"OAuth access token", "refreshed automatically", "File:      " + tokenFile} {
		if !strings.Contains(stdout, want) {
			t.Errorf("status lacks %q:\n%s", want, stdout)
		}
	}
	cfg, err := config.LoadSignedIn(h.Getenv, config.Flags{Profile: "sandbox"}, store)
	if err != nil {
		t.Fatal(err)
	}
	src, err := auth.Source(t.Context(), cfg, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Expire the token server-side; the client's 401 path refreshes it.
	resp, _ := http.Post(r.URL+"/_sandbox/expire-tokens", "", nil)
	resp.Body.Close()
	got, _ := src.Token()
	if clitest.AuthAPIStatus(t, cfg.Profile.BaseURL, got.AccessToken) != http.StatusUnauthorized {
		t.Fatal("the token was not expired")
	}
	src.Invalidate(got.AccessToken)
	fresh, err := src.Token()
	if err != nil || clitest.AuthAPIStatus(t, cfg.Profile.BaseURL, fresh.AccessToken) != http.StatusOK {
		t.Fatalf("refresh after expiry: %v", err)
	}
	refreshed, _ := store.Load("sandbox")

	code, _, stderr = h.Run(nil, "logout", "--profile", "sandbox")
	if code != cmdutil.ExitOK || !strings.Contains(stderr, "Signed out") {
		t.Fatalf("logout exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(tokenFile); !os.IsNotExist(err) {
		t.Errorf("token file still there: %v", err)
	}
	code, _, stderr = h.Run(nil, "auth", "status", "--profile", "sandbox")
	if code != cmdutil.ExitAuth || !strings.Contains(stderr, "funnels login --profile sandbox") {
		t.Errorf("status after logout: exit %d, %s", code, stderr)
	}
	code, _, stderr = h.Run(nil, "logout", "--profile", "sandbox")
	if code != cmdutil.ExitOK || !strings.Contains(stderr, "not signed in") {
		t.Errorf("second logout: exit %d, %s", code, stderr)
	}

	h.ScanForSecrets(tokenFile, nil, tok.AccessToken, tok.RefreshToken, refreshed.AccessToken,
		refreshed.RefreshToken, r.Server.ClientSecret())
}

func TestLoginWithTokenCommand(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	pit := r.Server.DemoToken()
	// Without a location, and no terminal to ask on: nothing is stored, and it says why.
	code, _, stderr := h.Run(strings.NewReader(pit+"\n"), "login", "--profile", "pit", "--base-url", r.URL, "--with-token")
	if code != cmdutil.ExitUsage || !strings.Contains(stderr, "pass --location ID") || !strings.Contains(stderr, "Nothing was stored") {
		t.Fatalf("a token without a location: exit %d: %s", code, stderr)
	}
	if code, _, stderr := h.Run(nil, "auth", "status", "--profile", "pit"); code != cmdutil.ExitAuth || !strings.Contains(stderr, "not signed in") {
		t.Fatalf("after a refused login: exit %d: %s", code, stderr)
	}
	code, _, stderr = h.Run(strings.NewReader(pit+"\n"), "login", "--profile", "pit", "--base-url", r.URL, "--location", "bad id!", "--with-token")
	if code != cmdutil.ExitUsage || !strings.Contains(stderr, "not a location id") {
		t.Fatalf("a bad --location: exit %d: %s", code, stderr)
	}
	code, _, stderr = h.Run(strings.NewReader(pit+"\n"), "login", "--profile", "pit", "--base-url", r.URL, "--location", r.Server.LocationID(), "--with-token")
	if code != cmdutil.ExitOK || !strings.Contains(stderr, "Stored the private integration token") || !strings.Contains(stderr, r.Server.LocationID()) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	code, stdout, _ := h.Run(nil, "auth", "status", "--profile", "pit")
	if code != cmdutil.ExitOK || !strings.Contains(stdout, "private integration token") || !strings.Contains(stdout, r.URL) ||
		!strings.Contains(stdout, "Location:  "+r.Server.LocationID()) {
		t.Errorf("status exit %d:\n%s", code, stdout)
	}
	// A command runs with --profile alone.
	if code, _, stderr := h.Run(nil, "folders", "--profile", "pit"); code != cmdutil.ExitOK {
		t.Errorf("a command after the login: exit %d: %s", code, stderr)
	}
	code, _, stderr = h.Run(strings.NewReader("  \n"), "login", "--profile", "pit", "--with-token")
	if code != cmdutil.ExitUsage || !strings.Contains(stderr, "no token") {
		t.Errorf("empty stdin: exit %d, %s", code, stderr)
	}

	// FUNNELS_TOKEN needs no login at all.
	h.Vars["FUNNELS_TOKEN"] = "pit-from-the-environment"
	code, stdout, stderr = h.Run(nil, "auth", "status", "--profile", "nobody")
	if code != cmdutil.ExitUsage || !strings.Contains(stdout, "static, from FUNNELS_TOKEN") || !strings.Contains(stderr, "no location") {
		t.Errorf("FUNNELS_TOKEN without a location: exit %d:\n%s%s", code, stdout, stderr)
	}
	h.Vars["FUNNELS_LOCATION_ID"] = "Loc1"
	code, stdout, _ = h.Run(nil, "auth", "status", "--profile", "nobody")
	if code != cmdutil.ExitOK || !strings.Contains(stdout, "static, from FUNNELS_TOKEN") {
		t.Errorf("FUNNELS_TOKEN status: exit %d:\n%s", code, stdout)
	}
	h.ScanForSecrets(filepath.Join(h.State, "funnels", "pit.json"), nil, pit, "pit-from-the-environment")
}

// A profile stored without a location (by an older funnels) cannot run a command:
// auth status says so and exits 2; the browser says so and names --demo.
func TestAuthStatusRefusesAProfileThatCannotWork(t *testing.T) {
	h := clitest.NewAuthHome(t)
	store := auth.NewStore(filepath.Join(h.State, "funnels"))
	if err := store.Save("old", &auth.Token{AccessToken: "pit-old", TokenType: "Bearer", Kind: auth.KindPIT, BaseURL: "http://127.0.0.1:9"}); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := h.Run(nil, "auth", "status", "--profile", "old")
	if code != cmdutil.ExitUsage || !strings.Contains(stdout, "Location:  (none)") || !strings.Contains(stderr, "cannot run commands: no location") ||
		!strings.Contains(stderr, "--location ID") {
		t.Fatalf("auth status of a profile without a location: exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = h.Run(nil, "--profile", "old")
	if code != cmdutil.ExitUsage || !strings.Contains(stderr, "no location") || !strings.Contains(stderr, "funnels --demo") {
		t.Fatalf("the browser on that profile: exit %d: %s", code, stderr)
	}
	// Not signed in at all: exit 3, and --demo is named.
	code, _, stderr = h.Run(nil)
	if code != cmdutil.ExitAuth || !strings.Contains(stderr, "not signed in") || !strings.Contains(stderr, "funnels login") || !strings.Contains(stderr, "funnels --demo") {
		t.Fatalf("plain funnels without a sign-in: exit %d: %s", code, stderr)
	}
	h.ScanForSecrets(store.Path("old"), nil, "pit-old")
}

func TestAuthStatusReportsCorruptFile(t *testing.T) {
	h := clitest.NewAuthHome(t)
	dir := filepath.Join(h.State, "funnels")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "default.json"), []byte(`{"access_token":"at-secret`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := h.Run(nil, "auth", "status")
	if code != cmdutil.ExitAuth || !strings.Contains(stderr, filepath.Join(dir, "default.json")) || !strings.Contains(stderr, "damaged") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	h.ScanForSecrets(filepath.Join(dir, "default.json"), nil, "at-secret")
}

func TestLoginCommandUsage(t *testing.T) {
	h := clitest.NewAuthHome(t)
	cases := []struct {
		args []string
		code int
		want string // in stdout+stderr
	}{
		{[]string{"login", "--help"}, cmdutil.ExitOK, "EXAMPLES"},
		{[]string{"login", "--bogus"}, cmdutil.ExitUsage, "unknown flag: --bogus"},
		{[]string{"login", "extra"}, cmdutil.ExitUsage, "unexpected argument"},
		{[]string{"login", "--token", "x"}, cmdutil.ExitUsage, "--with-token"},
		{[]string{"login", "--no-browser"}, cmdutil.ExitUsage, "funnels login --with-token --location ID"},
		{[]string{"login", "--base-url", "http://api.example", "--no-browser"}, cmdutil.ExitUsage, "https"},
		{[]string{"login", "--redirect-port", "x"}, cmdutil.ExitUsage, "--redirect-port"},
		{[]string{"logout", "--help"}, cmdutil.ExitOK, "EXAMPLES"},
		{[]string{"auth"}, cmdutil.ExitUsage, "a command is needed: list, status, switch, token"},
		{[]string{"auth", "nope"}, cmdutil.ExitUsage, `unknown command "nope"`},
		{[]string{"auth", "stauts"}, cmdutil.ExitUsage, "did you mean status?"},
		{[]string{"auth", "status", "--help"}, cmdutil.ExitOK, "EXAMPLES"},
		{[]string{"config"}, cmdutil.ExitUsage, "a command is needed: get, list, path, set"},
		{[]string{"config", "--help"}, cmdutil.ExitOK, "path"},
		{[]string{"config", "nope"}, cmdutil.ExitUsage, `unknown command "nope"`},
		{[]string{"config", "path", "x"}, cmdutil.ExitUsage, "unexpected argument"},
	}
	for _, tc := range cases {
		code, stdout, stderr := h.Run(nil, tc.args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("%v: exit %d, want %d with %q:\n%s%s", tc.args, code, tc.code, tc.want, stdout, stderr)
		}
	}
}

func TestConfigPathAndBadFile(t *testing.T) {
	h := clitest.NewAuthHome(t)
	code, stdout, _ := h.Run(nil, "config", "path")
	want := filepath.Join(h.Config, "funnels", "config.toml")
	if code != cmdutil.ExitOK || stdout != want+"\n" {
		t.Fatalf("exit %d, %q", code, stdout)
	}
	if err := os.MkdirAll(filepath.Dir(want), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(want, []byte("[ui]\nmouse = true\ntheme = \"dark\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// The path is still printed when the file is broken; other commands name file and line.
	if code, stdout, _ = h.Run(nil, "config", "path"); code != cmdutil.ExitOK || stdout != want+"\n" {
		t.Errorf("config path with a broken file: %d %q", code, stdout)
	}
	code, _, stderr := h.Run(nil, "auth", "status")
	if code != cmdutil.ExitUsage || !strings.Contains(stderr, want+", line 3") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if err := os.WriteFile(want, []byte("[ui]\ncolour = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = h.Run(nil, "auth", "status")
	if code != cmdutil.ExitAuth || !strings.Contains(stderr, `warning: config file `+want+`: unknown key "ui.colour"`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestLoginFlagsFillTheProfile: the global flags and login's own, anywhere on the
// line, end up in the profile the configuration resolves.
func TestLoginFlagsFillTheProfile(t *testing.T) {
	h := clitest.NewAuthHome(t)
	ios, _, _ := cmdutil.TestStreams("")
	f := cmdutil.NewFactory(ios, h.Getenv, "test")
	root := cli.NewCmdRoot(f)
	args := strings.Fields("--profile sandbox login --base-url http://127.0.0.1:8484 --auth-url http://127.0.0.1:8484/oauth/chooselocation --token-url http://127.0.0.1:8484/oauth/token --client-id sandbox-client --client-secret sandbox-secret --location LOCID --redirect-port 0")
	args = append(args, "--scopes", "a b")
	login, rest, err := root.Find(args)
	if err != nil || login.Name() != "login" {
		t.Fatalf("find: %v %v", login, err)
	}
	if err := login.ParseFlags(rest); err != nil {
		t.Fatal(err)
	}
	if err := root.ParseFlags(args[:2]); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(h.Getenv, f.Flags)
	if err != nil {
		t.Fatal(err)
	}
	want := config.Profile{Name: "sandbox", BaseURL: "http://127.0.0.1:8484", LocationID: "LOCID",
		AuthURL: "http://127.0.0.1:8484/oauth/chooselocation", TokenURL: "http://127.0.0.1:8484/oauth/token",
		AuthKind: "oauth", ClientID: "sandbox-client", ClientSecret: "sandbox-secret", RedirectPort: 0, Scopes: []string{"a", "b"}}
	if !reflect.DeepEqual(cfg.Profile, want) {
		t.Errorf("got  %+v\nwant %+v", cfg.Profile, want)
	}
}
