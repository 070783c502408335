package check_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// closedPort is a loopback port nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close()
	return port
}

// TestCheckSaysItDoesNotGoThroughTheProxy: where no site is reached and the
// environment names a proxy, check says that it asks each site directly, naming the
// proxy with its password hidden; not where the sites answer, nor where no proxy is
// named.
func TestCheckSaysItDoesNotGoThroughTheProxy(t *testing.T) {
	h, reach := sitesHome(t)
	port := closedPort(t)
	nowhere := []string{"--resolve", "*:443:127.0.0.1:" + port, "--resolve", "*:80:127.0.0.1:" + port, "--no-dns"}
	const note = "that funnels check does not go through"

	h.Vars["HTTPS_PROXY"] = "http://alice:s3cret@proxy.corp.example:3128"
	r := h.Run(append([]string{"check", "--only", "errors"}, nowhere...)...)
	if r.Code != cmdutil.ExitAPI {
		t.Fatalf("check with no site reached: exit %d\n%s", r.Code, r.Stderr)
	}
	if !strings.Contains(r.Stderr, note) || !strings.Contains(r.Stderr, "http://alice:xxxxx@proxy.corp.example:3128") ||
		!strings.Contains(r.Stderr, "reached a server") {
		t.Errorf("no site reached, a proxy named: the note is missing\n%s", r.Stderr)
	}
	if strings.Contains(r.Stderr+r.Stdout, "s3cret") {
		t.Errorf("the proxy's password was printed\n%s%s", r.Stdout, r.Stderr)
	}
	if r := h.Run(append([]string{"check", "--json"}, nowhere...)...); !strings.Contains(r.Stderr, note) {
		t.Errorf("--json: the note is missing from standard error\n%s", r.Stderr)
	}

	if r := h.Run(append([]string{"check"}, reach...)...); strings.Contains(r.Stderr, note) {
		t.Errorf("the sites answered, yet the note\n%s", r.Stderr)
	}
	h.Vars["NO_PROXY"] = "*"
	if r := h.Run(append([]string{"check"}, nowhere...)...); strings.Contains(r.Stderr, note) {
		t.Errorf("NO_PROXY leaves every host out, yet the note\n%s", r.Stderr)
	}
	delete(h.Vars, "NO_PROXY")
	delete(h.Vars, "HTTPS_PROXY")
	if r := h.Run(append([]string{"check"}, nowhere...)...); strings.Contains(r.Stderr, note) {
		t.Errorf("no proxy named, yet the note\n%s", r.Stderr)
	}
}

// TestWatchSaysOnceItDoesNotGoThroughTheProxy: a watch whose checks reach no site
// while a proxy is named says so once, not every round, and its webhook's notice
// says the errors may be of the network.
func TestWatchSaysOnceItDoesNotGoThroughTheProxy(t *testing.T) {
	h, _ := sitesHome(t)
	port := closedPort(t)
	hk := &hook{}
	srv := httptest.NewServer(hk)
	t.Cleanup(srv.Close)
	h.Vars["HTTPS_PROXY"] = "http://proxy.corp.example:3128"
	stderr, code := watchUntil(t, h, []string{"watch", "--short-every", "--every", "1s", "--check", "--notify", srv.URL + "/hook",
		"--resolve", "*:443:127.0.0.1:" + port, "--resolve", "*:80:127.0.0.1:" + port, "--no-dns"},
		"two rounds", func(stderr string) bool { return strings.Count(stderr, "checked: nothing changed") >= 2 })
	if code != 0 {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	if n := strings.Count(stderr, "that funnels check does not go through"); n != 1 {
		t.Errorf("the note said %d times, want once:\n%s", n, stderr)
	}
	posts := hk.sent()
	if len(posts) != 1 || !strings.Contains(posts[0].body.Text, "these errors may be of its network, not of the sites") {
		for _, p := range posts {
			t.Logf("%s", p.body.Text)
		}
		t.Errorf("%d posts; the first should say the network may be the cause", len(posts))
	}
}

// TestMCPCheckSaysItDoesNotGoThroughTheProxy: the assistant's check tool carries the
// note among its answer's notes.
func TestMCPCheckSaysItDoesNotGoThroughTheProxy(t *testing.T) {
	h, _ := sitesHome(t)
	port := closedPort(t)
	dir := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, "nowhere.txt")
	if err := os.WriteFile(rules, []byte("*:443:127.0.0.1:"+port+"\n*:80:127.0.0.1:"+port+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	settings := "[check]\nresolve_file = \"" + rules + "\"\nno_dns = true\n"
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	h.Vars["HTTPS_PROXY"] = "http://proxy.corp.example:3128"
	s := clitest.ServeMCP(t, h.Getenv, h.Keyring, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "check", Arguments: map[string]any{"only": []string{"errors"}}})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	var ans struct{ Notes []string }
	if err := json.Unmarshal([]byte(text), &ans); err != nil || res.IsError {
		t.Fatalf("the tool's answer (%v): %s", err, text)
	}
	if !strings.Contains(strings.Join(ans.Notes, "\n"), "that funnels check does not go through") {
		t.Errorf("the notes do not carry it: %q", ans.Notes)
	}
}

// TestCheckThroughTheProxySaysNoNote: with --proxy or [check] proxy the note is not
// said (the run goes through the proxy), and an address a resolve rule names is
// still reached directly: the proxy named is never asked for the sandbox's sites.
func TestCheckThroughTheProxySaysNoNote(t *testing.T) {
	h, reach := sitesHome(t)
	var asked atomic.Int64
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		asked.Add(1)
		http.Error(w, "no", http.StatusForbidden)
	}))
	t.Cleanup(proxy.Close)
	h.Vars["HTTPS_PROXY"], h.Vars["HTTP_PROXY"] = proxy.URL, proxy.URL
	port := closedPort(t)
	// Every host reached by a rule: no name looked up.
	nowhere := []string{"--resolve", "*:443:127.0.0.1:" + port, "--resolve", "*:80:127.0.0.1:" + port}
	const note = "that funnels check does not go through"
	if r := h.Run(append([]string{"check", "--proxy"}, nowhere...)...); strings.Contains(r.Stderr, note) || r.Code != cmdutil.ExitAPI {
		t.Errorf("--proxy: exit %d, and the note\n%s", r.Code, r.Stderr)
	}
	// The sandbox's sites by their rules, the others at a closed port: no name looked up.
	ruled := append(slices.Clone(reach[:4]), nowhere...)
	direct := h.Run(append([]string{"check", "--json"}, ruled...)...)
	through := h.Run(append([]string{"check", "--json", "--proxy"}, ruled...)...)
	if len(decode(t, through).Findings) != len(decode(t, direct).Findings) || asked.Load() != 0 {
		t.Errorf("with --proxy the sites ruled: %d findings against %d directly; the proxy asked %d times",
			len(decode(t, through).Findings), len(decode(t, direct).Findings), asked.Load())
	}
	conf := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels", "config.toml")
	if err := os.MkdirAll(filepath.Dir(conf), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(conf, []byte("[check]\nproxy = true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := h.Run(append([]string{"check"}, nowhere...)...); strings.Contains(r.Stderr, note) {
		t.Errorf("[check] proxy = true, yet the note\n%s", r.Stderr)
	}
	// Through a proxy each name is looked up here first: with none looked up, nothing
	// could be asked of it.
	if r := h.Run(append([]string{"check", "--no-dns"}, nowhere...)...); r.Code != cmdutil.ExitUsage ||
		!strings.Contains(r.Stderr, "[check] proxy in ") || !strings.Contains(r.Stderr, "--no-dns looks no name up: leave one out") {
		t.Errorf("[check] proxy with --no-dns: exit %d\n%s", r.Code, r.Stderr)
	}
}

// TestCheckThroughNoProxySaysSo: --proxy where the environment names no proxy says
// that every site is asked directly.
func TestCheckThroughNoProxySaysSo(t *testing.T) {
	h, reach := sitesHome(t)
	port := closedPort(t)
	ruled := append(slices.Clone(reach[:4]), "--resolve", "*:443:127.0.0.1:"+port, "--resolve", "*:80:127.0.0.1:"+port)
	const none = "but the environment names none"
	if r := h.Run(append([]string{"check", "--proxy"}, ruled...)...); !strings.Contains(r.Stderr, none) {
		t.Errorf("--proxy with no proxy named: the note is missing\n%s", r.Stderr)
	}
	h.Vars["https_proxy"] = "http://proxy.corp.example:3128"
	if r := h.Run(append([]string{"check", "--proxy"}, ruled...)...); strings.Contains(r.Stderr, none) {
		t.Errorf("a proxy named, yet the note\n%s", r.Stderr)
	}
}

// watchUntil runs a watch of h with args until its standard error shows what until
// looks for, then stops it as Ctrl-C would: its standard error and exit status.
func watchUntil(t *testing.T, h *clitest.Home, args []string, what string, until func(stderr string) bool) (string, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr clitest.AuthLockedBuffer
	done := make(chan int, 1)
	go func() {
		f := cmdutil.NewFactory(&cmdutil.IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr}, h.Getenv, "test")
		f.Keyring = h.Keyring
		done <- cli.Run(ctx, f, args)
	}()
	waitFor(t, what, func() bool { return until(stderr.String()) })
	cancel()
	code := <-done
	return stderr.String(), code
}
