package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

// authLockedBuffer is a stream a command writes while the test reads it.
type authLockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *authLockedBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *authLockedBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// authHome is one user's machine: XDG directories of their own and everything every
// command printed, kept for the scan for secrets.
type authHome struct {
	t      *testing.T
	vars   map[string]string
	config string
	state  string
	seen   []string // every stdout and stderr so far
	// keyring is the OS keyring of this machine: none (the 0600 file), or a fake.
	keyring auth.Keyring
}

// factory is a Factory of this home, on streams.
func (h *authHome) factory(ios *IOStreams) *Factory {
	f := NewFactory(ios, h.getenv, "test")
	f.keyring = h.keyring
	if f.keyring == nil {
		f.keyring = noKeyring{}
	}
	return f
}

func newAuthHome(t *testing.T) *authHome {
	home := t.TempDir()
	h := &authHome{t: t, config: filepath.Join(home, "config"), state: filepath.Join(home, "state")}
	h.vars = map[string]string{"HOME": home, "XDG_CONFIG_HOME": h.config, "XDG_STATE_HOME": h.state, "FUNNELS_INSECURE_STORAGE": "1"}
	return h
}

func (h *authHome) getenv(k string) string { return h.vars[k] }

// streams are a terminal's streams: the human layout is what the tests read.
func (h *authHome) streams(stdin io.Reader, stdout, stderr io.Writer) *IOStreams {
	return &IOStreams{In: stdin, Out: stdout, ErrOut: stderr, OutTTY: true}
}

// run runs one command in-process with stdin and returns its exit code and streams.
func (h *authHome) run(stdin io.Reader, args ...string) (int, string, string) {
	h.t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var stdout, stderr authLockedBuffer
	code := Run(context.Background(), h.factory(h.streams(stdin, &stdout, &stderr)), args)
	h.seen = append(h.seen, stdout.String(), stderr.String())
	return code, stdout.String(), stderr.String()
}

// sandboxLoginArgs is the sandbox's login line for r, with a free redirect port.
func sandboxLoginArgs(r *sandbox.Running) []string {
	return []string{"login", "--profile", "sandbox", "--base-url", r.URL,
		"--auth-url", r.URL + "/oauth/chooselocation", "--token-url", r.URL + "/oauth/token",
		"--client-id", r.Server.ClientID(), "--client-secret", r.Server.ClientSecret(),
		"--location", r.Server.LocationID(), "--no-browser", "--redirect-port", "0"}
}

var authURLLine = regexp.MustCompile(`(?m)^(http://127\.0\.0\.1:\d+/oauth/chooselocation\?\S+)$`)

// openWithCurl does what a user over SSH does with the address: open it somewhere
// else and copy where the browser was sent. curl if it is installed, net/http if not.
func openWithCurl(t *testing.T, authURL string) string {
	t.Helper()
	if curl, err := exec.LookPath("curl"); err == nil {
		out, err := exec.Command(curl, "-s", "-o", os.DevNull, "-w", "%{redirect_url}", authURL).Output()
		if err != nil {
			t.Fatalf("curl: %v", err)
		}
		return strings.TrimSpace(string(out))
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Header.Get("Location")
}

// loginByPaste runs `funnels login` and pastes the redirected address at its prompt.
func (h *authHome) loginByPaste(args []string) (int, string) {
	h.t.Helper()
	pr, pw := io.Pipe()
	defer pw.Close()
	var stdout, stderr authLockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Run(context.Background(), h.factory(h.streams(pr, &stdout, &stderr)), args)
	}()
	var authURL string
	for deadline := time.Now().Add(10 * time.Second); authURL == ""; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			h.t.Fatalf("no authorization address printed:\n%s", stderr.String())
		}
		if m := authURLLine.FindStringSubmatch(stderr.String()); m != nil {
			authURL = m[1]
		}
	}
	if !strings.Contains(stderr.String(), "Paste the address your browser was sent to (or the code):") {
		h.t.Errorf("no prompt:\n%s", stderr.String())
	}
	if _, err := pw.Write([]byte(openWithCurl(h.t, authURL) + "\n")); err != nil {
		h.t.Fatal(err)
	}
	var code int
	select {
	case code = <-done:
	case <-time.After(15 * time.Second):
		h.t.Fatalf("login did not finish:\n%s", stderr.String())
	}
	h.seen = append(h.seen, stdout.String(), stderr.String())
	if stdout.String() != "" {
		h.t.Errorf("login wrote to stdout: %q", stdout.String())
	}
	return code, stderr.String()
}

// scanForSecrets fails if any secret appears in what was printed, in errs, or in any
// file under the home other than the token file.
func (h *authHome) scanForSecrets(tokenFile string, errs []string, secrets ...string) {
	h.t.Helper()
	texts := map[string]string{}
	for i, s := range h.seen {
		texts[fmt.Sprintf("output #%d", i)] = s
	}
	for i, e := range errs {
		texts[fmt.Sprintf("error #%d", i)] = e
	}
	_ = filepath.WalkDir(h.vars["HOME"], func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == tokenFile {
			return nil
		}
		data, _ := os.ReadFile(path)
		texts[path] = string(data)
		return nil
	})
	for where, text := range texts {
		for _, s := range secrets {
			if s != "" && strings.Contains(text, s) {
				h.t.Errorf("a secret (%d bytes) appears in %s", len(s), where)
			}
		}
	}
}

func TestLoginCommandPasteStatusLogout(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := newAuthHome(t)
	code, stderr := h.loginByPaste(sandboxLoginArgs(r))
	if code != ExitOK {
		t.Fatalf("login exit %d:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, `Signed in to profile "sandbox" (location `+r.Server.LocationID()+`)`) {
		t.Errorf("stderr:\n%s", stderr)
	}
	tokenFile := filepath.Join(h.state, "funnels", "sandbox.json")
	store := auth.NewStore(filepath.Dir(tokenFile))
	tok, err := store.Load("sandbox")
	if err != nil {
		t.Fatal(err)
	}

	// Only --profile from now on: the login remembered the rest.
	code, stdout, stderr := h.run(nil, "auth", "status", "--profile", "sandbox")
	if code != ExitOK {
		t.Fatalf("status exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Profile:   sandbox", "Location:  " + r.Server.LocationID(), "Base URL:  " + r.URL,
		"OAuth access token", "refreshed automatically", "File:      " + tokenFile} {
		if !strings.Contains(stdout, want) {
			t.Errorf("status lacks %q:\n%s", want, stdout)
		}
	}
	cfg, err := config.LoadSignedIn(h.getenv, config.Flags{Profile: "sandbox"}, store)
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
	if authAPIStatus(t, cfg.Profile.BaseURL, got.AccessToken) != http.StatusUnauthorized {
		t.Fatal("the token was not expired")
	}
	src.Invalidate(got.AccessToken)
	fresh, err := src.Token()
	if err != nil || authAPIStatus(t, cfg.Profile.BaseURL, fresh.AccessToken) != http.StatusOK {
		t.Fatalf("refresh after expiry: %v", err)
	}
	refreshed, _ := store.Load("sandbox")

	code, _, stderr = h.run(nil, "logout", "--profile", "sandbox")
	if code != ExitOK || !strings.Contains(stderr, "Signed out") {
		t.Fatalf("logout exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(tokenFile); !os.IsNotExist(err) {
		t.Errorf("token file still there: %v", err)
	}
	code, _, stderr = h.run(nil, "auth", "status", "--profile", "sandbox")
	if code != ExitAuth || !strings.Contains(stderr, "funnels login --profile sandbox") {
		t.Errorf("status after logout: exit %d, %s", code, stderr)
	}
	code, _, stderr = h.run(nil, "logout", "--profile", "sandbox")
	if code != ExitOK || !strings.Contains(stderr, "not signed in") {
		t.Errorf("second logout: exit %d, %s", code, stderr)
	}

	h.scanForSecrets(tokenFile, nil, tok.AccessToken, tok.RefreshToken, refreshed.AccessToken,
		refreshed.RefreshToken, r.Server.ClientSecret())
}

func authAPIStatus(t *testing.T, base, access string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/funnels/funnel/list", nil)
	req.Header.Set("Version", "2021-07-28")
	req.Header.Set("Authorization", "Bearer "+access)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestLoginWithTokenCommand(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := newAuthHome(t)
	pit := r.Server.DemoToken()
	// Without a location, and no terminal to ask on: nothing is stored, and it says why.
	code, _, stderr := h.run(strings.NewReader(pit+"\n"), "login", "--profile", "pit", "--base-url", r.URL, "--with-token")
	if code != ExitUsage || !strings.Contains(stderr, "pass --location ID") || !strings.Contains(stderr, "Nothing was stored") {
		t.Fatalf("a token without a location: exit %d: %s", code, stderr)
	}
	if code, _, stderr := h.run(nil, "auth", "status", "--profile", "pit"); code != ExitAuth || !strings.Contains(stderr, "not signed in") {
		t.Fatalf("after a refused login: exit %d: %s", code, stderr)
	}
	code, _, stderr = h.run(strings.NewReader(pit+"\n"), "login", "--profile", "pit", "--base-url", r.URL, "--location", "bad id!", "--with-token")
	if code != ExitUsage || !strings.Contains(stderr, "not a location id") {
		t.Fatalf("a bad --location: exit %d: %s", code, stderr)
	}
	code, _, stderr = h.run(strings.NewReader(pit+"\n"), "login", "--profile", "pit", "--base-url", r.URL, "--location", r.Server.LocationID(), "--with-token")
	if code != ExitOK || !strings.Contains(stderr, "Stored the private integration token") || !strings.Contains(stderr, r.Server.LocationID()) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	code, stdout, _ := h.run(nil, "auth", "status", "--profile", "pit")
	if code != ExitOK || !strings.Contains(stdout, "private integration token") || !strings.Contains(stdout, r.URL) ||
		!strings.Contains(stdout, "Location:  "+r.Server.LocationID()) {
		t.Errorf("status exit %d:\n%s", code, stdout)
	}
	// A command runs with --profile alone.
	if code, _, stderr := h.run(nil, "folders", "--profile", "pit"); code != ExitOK {
		t.Errorf("a command after the login: exit %d: %s", code, stderr)
	}
	code, _, stderr = h.run(strings.NewReader("  \n"), "login", "--profile", "pit", "--with-token")
	if code != ExitUsage || !strings.Contains(stderr, "no token") {
		t.Errorf("empty stdin: exit %d, %s", code, stderr)
	}

	// FUNNELS_TOKEN needs no login at all.
	h.vars["FUNNELS_TOKEN"] = "pit-from-the-environment"
	code, stdout, stderr = h.run(nil, "auth", "status", "--profile", "nobody")
	if code != ExitUsage || !strings.Contains(stdout, "static, from FUNNELS_TOKEN") || !strings.Contains(stderr, "no location") {
		t.Errorf("FUNNELS_TOKEN without a location: exit %d:\n%s%s", code, stdout, stderr)
	}
	h.vars["FUNNELS_LOCATION_ID"] = "Loc1"
	code, stdout, _ = h.run(nil, "auth", "status", "--profile", "nobody")
	if code != ExitOK || !strings.Contains(stdout, "static, from FUNNELS_TOKEN") {
		t.Errorf("FUNNELS_TOKEN status: exit %d:\n%s", code, stdout)
	}
	h.scanForSecrets(filepath.Join(h.state, "funnels", "pit.json"), nil, pit, "pit-from-the-environment")
}

// A profile stored without a location (by an older funnels) cannot run a command:
// auth status says so and exits 2; the browser says so and names --demo.
func TestAuthStatusRefusesAProfileThatCannotWork(t *testing.T) {
	h := newAuthHome(t)
	store := auth.NewStore(filepath.Join(h.state, "funnels"))
	if err := store.Save("old", &auth.Token{AccessToken: "pit-old", TokenType: "Bearer", Kind: auth.KindPIT, BaseURL: "http://127.0.0.1:9"}); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := h.run(nil, "auth", "status", "--profile", "old")
	if code != ExitUsage || !strings.Contains(stdout, "Location:  (none)") || !strings.Contains(stderr, "cannot run commands: no location") ||
		!strings.Contains(stderr, "--location ID") {
		t.Fatalf("auth status of a profile without a location: exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = h.run(nil, "--profile", "old")
	if code != ExitUsage || !strings.Contains(stderr, "no location") || !strings.Contains(stderr, "funnels --demo") {
		t.Fatalf("the browser on that profile: exit %d: %s", code, stderr)
	}
	// Not signed in at all: exit 3, and --demo is named.
	code, _, stderr = h.run(nil)
	if code != ExitAuth || !strings.Contains(stderr, "not signed in") || !strings.Contains(stderr, "funnels login") || !strings.Contains(stderr, "funnels --demo") {
		t.Fatalf("plain funnels without a sign-in: exit %d: %s", code, stderr)
	}
	h.scanForSecrets(store.Path("old"), nil, "pit-old")
}

func TestAuthStatusReportsCorruptFile(t *testing.T) {
	h := newAuthHome(t)
	dir := filepath.Join(h.state, "funnels")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "default.json"), []byte(`{"access_token":"at-secret`), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := h.run(nil, "auth", "status")
	if code != ExitAuth || !strings.Contains(stderr, filepath.Join(dir, "default.json")) || !strings.Contains(stderr, "damaged") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	h.scanForSecrets(filepath.Join(dir, "default.json"), nil, "at-secret")
}

func TestLoginCommandUsage(t *testing.T) {
	h := newAuthHome(t)
	cases := []struct {
		args []string
		code int
		want string // in stdout+stderr
	}{
		{[]string{"login", "--help"}, ExitOK, "EXAMPLES"},
		{[]string{"login", "--bogus"}, ExitUsage, "unknown flag: --bogus"},
		{[]string{"login", "extra"}, ExitUsage, "unexpected argument"},
		{[]string{"login", "--token", "x"}, ExitUsage, "--with-token"},
		{[]string{"login", "--no-browser"}, ExitUsage, "funnels login --with-token --location ID"},
		{[]string{"login", "--base-url", "http://api.example", "--no-browser"}, ExitUsage, "https"},
		{[]string{"login", "--redirect-port", "x"}, ExitUsage, "--redirect-port"},
		{[]string{"logout", "--help"}, ExitOK, "EXAMPLES"},
		{[]string{"auth"}, ExitUsage, "a command is needed: list, status, switch, token"},
		{[]string{"auth", "nope"}, ExitUsage, `unknown command "nope"`},
		{[]string{"auth", "stauts"}, ExitUsage, "did you mean status?"},
		{[]string{"auth", "status", "--help"}, ExitOK, "EXAMPLES"},
		{[]string{"config"}, ExitUsage, "a command is needed: get, list, path, set"},
		{[]string{"config", "--help"}, ExitOK, "path"},
		{[]string{"config", "nope"}, ExitUsage, `unknown command "nope"`},
		{[]string{"config", "path", "x"}, ExitUsage, "unexpected argument"},
	}
	for _, tc := range cases {
		code, stdout, stderr := h.run(nil, tc.args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("%v: exit %d, want %d with %q:\n%s%s", tc.args, code, tc.code, tc.want, stdout, stderr)
		}
	}
}

func TestConfigPathAndBadFile(t *testing.T) {
	h := newAuthHome(t)
	code, stdout, _ := h.run(nil, "config", "path")
	want := filepath.Join(h.config, "funnels", "config.toml")
	if code != ExitOK || stdout != want+"\n" {
		t.Fatalf("exit %d, %q", code, stdout)
	}
	if err := os.MkdirAll(filepath.Dir(want), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(want, []byte("[ui]\nmouse = true\ntheme = \"dark\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// The path is still printed when the file is broken; other commands name file and line.
	if code, stdout, _ = h.run(nil, "config", "path"); code != ExitOK || stdout != want+"\n" {
		t.Errorf("config path with a broken file: %d %q", code, stdout)
	}
	code, _, stderr := h.run(nil, "auth", "status")
	if code != ExitUsage || !strings.Contains(stderr, want+", line 3") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if err := os.WriteFile(want, []byte("[ui]\ncolour = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = h.run(nil, "auth", "status")
	if code != ExitAuth || !strings.Contains(stderr, `warning: config file `+want+`: unknown key "ui.colour"`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestLoginFlagsFillTheProfile: the global flags and login's own, anywhere on the
// line, end up in the profile the configuration resolves.
func TestLoginFlagsFillTheProfile(t *testing.T) {
	h := newAuthHome(t)
	ios, _, _ := TestStreams("")
	f := NewFactory(ios, h.getenv, "test")
	root := NewCmdRoot(f)
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
	cfg, err := config.Load(h.getenv, f.Flags)
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
