package check_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// hook is a webhook on loopback that keeps what it is sent.
type hook struct {
	mu    sync.Mutex
	posts []post
}

type post struct {
	header http.Header
	body   struct {
		Text     string
		Findings []struct{ Location, Severity, Kind, URL, Change string }
	}
}

func (h *hook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var p post
	p.header = r.Header.Clone()
	data, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(data, &p.body)
	h.mu.Lock()
	h.posts = append(h.posts, p)
	h.mu.Unlock()
	_, _ = io.WriteString(w, "ok")
}

func (h *hook) sent() []post {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]post(nil), h.posts...)
}

// waitFor polls until cond holds, for at most a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// TestWatchPostsOnlyNewErrors: `funnels watch --check --notify URL` after a check
// posts nothing while nothing changes; once a seeded step moves, the next round
// prints what the move broke and posts the one new error — not the warning, not the
// errors known before — in a JSON body whose text a Slack webhook shows, with no
// token or credential; the rounds after post nothing more. Ctrl-C ends it, exit 0.
func TestWatchPostsOnlyNewErrors(t *testing.T) {
	h, reach := sitesHome(t)
	hk := &hook{}
	srv := httptest.NewServer(hk)
	t.Cleanup(srv.Close)
	h.Run(append([]string{"check"}, reach...)...).Want(t, cmdutil.ExitAPI)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr clitest.AuthLockedBuffer
	done := make(chan int, 1)
	go func() {
		f := cmdutil.NewFactory(&cmdutil.IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr}, h.Getenv, "test")
		f.Keyring = h.Keyring
		// A round (a crawl, then a check of some 3 s) and a pause: the step moves in
		// the pause, between a check and the next crawl.
		args := append([]string{"watch", "--short-every", "--every", "5s", "--check", "--notify", srv.URL + "/hook"}, reach...)
		done <- cli.Run(ctx, f, args)
	}()
	rounds := func() int { return strings.Count(stderr.String(), "checked: nothing changed") }
	waitFor(t, "a round with nothing new", func() bool { return rounds() >= 1 })
	if n := len(hk.sent()); n != 0 {
		t.Fatalf("%d posts while nothing was new", n)
	}
	if err := h.SB.Server.MoveSeededStep(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "a post", func() bool { return len(hk.sent()) > 0 })
	after := rounds()
	waitFor(t, "a round after the post", func() bool { return rounds() >= after+1 })
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("the watch ended with exit %d on Ctrl-C\n%s", code, stderr.String())
	}

	posts := hk.sent()
	if len(posts) != 1 {
		for _, p := range posts {
			t.Logf("%s %+v", p.body.Text, p.body.Findings)
		}
		t.Logf("stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
		t.Fatalf("%d posts, want 1", len(posts))
	}
	p := posts[0]
	if len(p.body.Findings) != 1 || p.body.Findings[0].Kind != "target-moved" || p.body.Findings[0].Severity != "error" ||
		p.body.Findings[0].Change != "new" || p.body.Findings[0].Location != h.SB.Server.LocationID() {
		t.Errorf("posted findings: %+v", p.body.Findings)
	}
	if !strings.HasPrefix(p.body.Text, "funnels check: 1 new error in ") || !strings.Contains(p.body.Text, "offers.lakesidefit.com/bootcamp") ||
		!strings.Contains(p.body.Text, "moved to /bootcamp-series-join") {
		t.Errorf("the text:\n%s", p.body.Text)
	}
	if p.header.Get("Authorization") != "" || p.header.Get("Cookie") != "" || p.header.Get("Content-Type") != "application/json" {
		t.Errorf("the post's headers: %v", p.header)
	}
	for _, want := range []string{"new       ✗ error    offers.lakesidefit.com/bootcamp: ", "new       ⚠ warning  offers.lakesidefit.com/bootcamp-series-join: "} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the watch did not print %q:\n%s", want, stdout.String())
		}
	}
	if strings.Contains(stderr.String()+stdout.String(), srv.URL+"/hook") {
		t.Error("the webhook's whole address was shown")
	}
}

// TestWatchWebhookFailureIsTold: a webhook that answers 500 is asked three times,
// then the watch says so, with the status, and goes on.
func TestWatchWebhookFailureIsTold(t *testing.T) {
	h, reach := sitesHome(t)
	n := 0
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		n++
		mu.Unlock()
		http.Error(w, "down for maintenance", http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr clitest.AuthLockedBuffer
	done := make(chan int, 1)
	go func() {
		f := cmdutil.NewFactory(&cmdutil.IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr}, h.Getenv, "test")
		f.Keyring = h.Keyring
		done <- cli.Run(ctx, f, append([]string{"watch", "--short-every", "--every", "1s", "--check", "--notify", srv.URL + "/hook"}, reach...))
	}()
	waitFor(t, "the failure told", func() bool { return strings.Contains(stderr.String(), "not posted") })
	waitFor(t, "a round after it", func() bool { return strings.Contains(stderr.String(), "checked: nothing changed") })
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	mu.Lock()
	defer mu.Unlock()
	if n != 3 || !strings.Contains(stderr.String(), "5 new errors not posted: the webhook did not take the notice: "+srv.URL+" answered 500 down for maintenance") {
		t.Errorf("asked %d times\n%s", n, stderr.String())
	}
}

// TestMCPCheckReturnsTheFindings: the assistant's check tool takes no address, file
// or private-address switch; it reaches pages as the machine's [check] settings say,
// and answers with the findings, not a tool error.
func TestMCPCheckReturnsTheFindings(t *testing.T) {
	h, reach := sitesHome(t)
	conf := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels", "config.toml")
	if err := os.MkdirAll(filepath.Dir(conf), 0o700); err != nil {
		t.Fatal(err)
	}
	settings := "[check]\nresolve_file = \"" + reach[1] + "\"\nca_file = \"" + reach[3] + "\"\nno_dns = true\n"
	if err := os.WriteFile(conf, []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	s := clitest.ServeMCP(t, h.Getenv, h.Keyring, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	list, err := s.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		if tool.Name != "check" {
			continue
		}
		schema, _ := json.Marshal(tool.InputSchema)
		for _, arg := range []string{`"resolve"`, `"resolve_file"`, `"ca_file"`, `"allow_private"`, `"proxy"`, `"exit_zero"`} {
			if strings.Contains(string(schema), arg) {
				t.Errorf("the check tool takes %s", arg)
			}
		}
	}
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "check", Arguments: map[string]any{"only": []string{"errors"}}})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if res.IsError {
		t.Fatalf("a tool error: %s", text)
	}
	var ans struct {
		Result struct {
			Counts   struct{ Errors int }
			Findings []struct{ Severity, Kind string }
		}
	}
	if err := json.Unmarshal([]byte(text), &ans); err != nil {
		t.Fatal(err)
	}
	if ans.Result.Counts.Errors != 5 || len(ans.Result.Findings) != 5 {
		t.Errorf("the tool's answer: %s", text)
	}
}

// TestWatchAcrossSubAccounts: the watch of an agency's sub-accounts checks them all
// each round, names each line's sub-account, and posts their new errors in one
// notice that says how many sub-accounts they are in.
func TestWatchAcrossSubAccounts(t *testing.T) {
	h, r := clitest.AgencyHome(t, sandbox.Options{Sites: sandbox.SitesOptions{Enabled: true}})
	info, _ := r.Server.Sites()
	ca, rules, err := info.WriteFiles(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	hk := &hook{}
	srv := httptest.NewServer(hk)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr clitest.AuthLockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- cli.Run(ctx, h.Factory(h.Streams(strings.NewReader(""), &stdout, &stderr)), []string{"watch", "--check", "--all-sub-accounts", "--profile", "agency",
			"--short-every", "--every", "1h", "--notify", srv.URL, "--resolve-file", rules, "--ca-file", ca, "--no-dns"})
	}()
	waitFor(t, "a post", func() bool { return len(hk.sent()) > 0 })
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d\n%s", code, stderr.String())
	}
	p := hk.sent()[0]
	by := map[string]int{}
	for _, f := range p.body.Findings {
		by[f.Location]++
	}
	if !strings.HasPrefix(p.body.Text, "funnels check: 6 new errors in 2 sub-accounts") || by["LakesideFit2026Loc01"] != 5 || by["SummitStrengthLoc002"] != 1 {
		t.Errorf("the notice: %v\n%s", by, p.body.Text)
	}
	if !strings.Contains(stdout.String(), "  Summit Strength  new       ✗ error    www.summitstrength.com/meet: ") {
		t.Errorf("the lines name no sub-account:\n%s", stdout.String())
	}
}
