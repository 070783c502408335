package clitest

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
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// Token runs `funnels auth token` for profile; what it prints is not kept for the
// scan for secrets (printing the token is its job).
func (h *AuthHome) Token(t *testing.T, profile string) string {
	t.Helper()
	var stdout, stderr AuthLockedBuffer
	code := cli.Run(t.Context(), cmdutil.NewFactory(h.Streams(strings.NewReader(""), &stdout, &stderr), h.Getenv, "test"), []string{"auth", "token", "--profile", profile})
	if code != cmdutil.ExitOK {
		t.Fatalf("auth token: exit %d: %s", code, stderr.String())
	}
	return strings.TrimSpace(stdout.String())
}

// AuthLockedBuffer is a stream a command writes while the test reads it.
type AuthLockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *AuthLockedBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *AuthLockedBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// AuthHome is one user's machine: XDG directories of their own and everything every
// command printed, kept for the scan for secrets.
type AuthHome struct {
	t      *testing.T
	Vars   map[string]string
	Config string
	State  string
	seen   []string // every stdout and stderr so far
	// keyring is the OS keyring of this machine: none (the 0600 file), or a fake.
	Keyring auth.Keyring
}

// Factory is a Factory of this home, on streams.
func (h *AuthHome) Factory(ios *cmdutil.IOStreams) *cmdutil.Factory {
	f := cmdutil.NewFactory(ios, h.Getenv, "test")
	f.Keyring = h.Keyring
	if f.Keyring == nil {
		f.Keyring = NoKeyring{}
	}
	return f
}

func NewAuthHome(t *testing.T) *AuthHome {
	home := t.TempDir()
	h := &AuthHome{t: t, Config: filepath.Join(home, "config"), State: filepath.Join(home, "state")}
	h.Vars = map[string]string{"HOME": home, "XDG_CONFIG_HOME": h.Config, "XDG_STATE_HOME": h.State,
		"XDG_CACHE_HOME": filepath.Join(home, "cache"), "FUNNELS_INSECURE_STORAGE": "1"}
	return h
}

func (h *AuthHome) Getenv(k string) string { return h.Vars[k] }

// Streams are a terminal's streams: the human layout is what the tests read.
func (h *AuthHome) Streams(stdin io.Reader, stdout, stderr io.Writer) *cmdutil.IOStreams {
	return &cmdutil.IOStreams{In: stdin, Out: stdout, ErrOut: stderr, OutTTY: true}
}

// Run runs one command in-process with stdin and returns its exit code and streams.
func (h *AuthHome) Run(stdin io.Reader, args ...string) (int, string, string) {
	h.t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var stdout, stderr AuthLockedBuffer
	code := cli.Run(context.Background(), h.Factory(h.Streams(stdin, &stdout, &stderr)), args)
	h.seen = append(h.seen, stdout.String(), stderr.String())
	return code, stdout.String(), stderr.String()
}

// SandboxLoginArgs is the sandbox's login line for r, with a free redirect port.
func SandboxLoginArgs(r *sandbox.Running) []string {
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

// LoginByPaste runs `funnels login` and pastes the redirected address at its prompt.
func (h *AuthHome) LoginByPaste(args []string) (int, string) {
	h.t.Helper()
	pr, pw := io.Pipe()
	defer pw.Close()
	var stdout, stderr AuthLockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- cli.Run(context.Background(), h.Factory(h.Streams(pr, &stdout, &stderr)), args)
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

// ScanForSecrets fails if any secret appears in what was printed, in errs, or in any
// file under the home other than the token file.
func (h *AuthHome) ScanForSecrets(tokenFile string, errs []string, secrets ...string) {
	h.t.Helper()
	texts := map[string]string{}
	for i, s := range h.seen {
		texts[fmt.Sprintf("output #%d", i)] = s
	}
	for i, e := range errs {
		texts[fmt.Sprintf("error #%d", i)] = e
	}
	_ = filepath.WalkDir(h.Vars["HOME"], func(path string, d fs.DirEntry, err error) error {
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

func AuthAPIStatus(t *testing.T, base, access string) int {
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

// WithToken runs `funnels login --with-token` with token on standard input.
func (h *AuthHome) WithToken(token string, args ...string) (int, string) {
	h.t.Helper()
	code, _, stderr := h.Run(strings.NewReader(token+"\n"), append([]string{"login", "--with-token"}, args...)...)
	return code, stderr
}

func (h *AuthHome) TokenFile(profile string) string {
	return filepath.Join(h.State, "funnels", profile+".json")
}
