package ui

import (
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// Tokens never appear where a person or a log can see them. A real program
// (teatest) is driven through every place that shows a request or an answer — the
// browser, a page's detail, errors in the status bar (with a server that echoes the
// Authorization header back in its error), a form and its answer, the event history,
// the request log, one request's details and its curl copy — while every frame it
// draws and every byte it writes to the terminal (OSC 52 copies included) is kept.
// Then all of it is searched for the token.

// secretToken is the access token of these tests: long and unmistakable, so a part of
// it (a token cut short at the edge of a pane) is found too.
const secretToken = "pit-hardening-SECRET-7f3c9a1e-0b2d-4c6f-a8e1-d0n0tsh0w"

// tokenParts are the pieces of the token searched for besides the whole.
var tokenParts = []string{secretToken, "SECRET-7f3c9a1e", "7f3c9a1e-0b2d", "d0n0tsh0w"}

// recorder is a screen that keeps every frame it draws, not only the last.
type recorder struct {
	*screen
	mu     sync.Mutex
	frames []string
}

func (r *recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := r.screen.Update(msg)
	return r, cmd
}

func (r *recorder) View() tea.View {
	v := r.screen.View()
	r.mu.Lock()
	r.frames = append(r.frames, v.Content)
	r.mu.Unlock()
	return v
}

// echoProxy stands before the sandbox like a misbehaving gateway: while armed, it
// answers the next request itself with an error that quotes the request's
// Authorization header back — as JSON (500) or as an HTML page (502).
type echoProxy struct {
	next atomic.Int32 // 0 pass through, 1 JSON echo, 2 HTML echo
	srv  *httptest.Server
}

func newEchoProxy(t *testing.T, target string) *echoProxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &echoProxy{}
	rp := httputil.NewSingleHostReverseProxy(u)
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		switch p.next.Swap(0) {
		case 1:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, `{"statusCode":500,"message":"upstream refused the credentials `+auth+`","error":"Internal Server Error"}`)
		case 2:
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			_, _ = io.WriteString(w, "<html><body>502 Bad Gateway: "+auth+"</body></html>")
		default:
			rp.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// leaks reports where in s a part of the token shows, or "".
func leaks(s string) string {
	for _, p := range tokenParts {
		if i := strings.Index(s, p); i >= 0 {
			return s[max(0, i-40):min(len(s), i+len(p)+40)]
		}
	}
	return ""
}

func TestTokenNeverShownCopiedOrWritten(t *testing.T) {
	t.Parallel()
	sb := sandboxtest.Start(t, sandbox.Options{DemoToken: secretToken, Limit: 10000})
	proxy := newEchoProxy(t, sb.URL)
	c, err := client.New(client.Options{
		BaseURL:     proxy.srv.URL,
		LocationID:  sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: secretToken}),
		MaxRetries:  -1,
	})
	if err != nil {
		t.Fatal(err)
	}
	opts := demoOptions(c, sb)
	opts.Debounce = 10 * time.Millisecond
	rec := &recorder{screen: &screen{Model: New(opts)}}
	tm := teatest.NewTestModel(t, rec, teatest.WithInitialTermSize(120, 40))
	t.Cleanup(forwardEvents(c, tm.Send))
	s := rec.screen
	key := func(k string) { tm.Send(keyPress(k)) }

	// The browser, a page's detail, its id and URL copied.
	wait(t, s, "Spring Sale 2026")
	key("G")
	wait(t, s, "Steps · Spring Sale 2026", "Pages · Opt-in", "live")
	key("tab")
	key("tab")
	key("enter")
	wait(t, s, "Page · Opt-in", "pageVersion")
	key("y")
	wait(t, s, "to clipboard")
	key("Y")
	wait(t, s, "https://offers.lakesidefit.com/spring-sale-opt-in")
	key("esc")
	wait(t, s, "Pages · Opt-in", "enter/l details")

	// Errors that quote the header back: JSON, then an HTML page.
	proxy.next.Store(1)
	key("r")
	wait(t, s, "500 upstream refused the credentials")
	proxy.next.Store(2)
	key("r")
	wait(t, s, "502 response is not JSON")
	key("r")
	wait(t, s, "Pages · Opt-in", "live")

	// A form and its answer, the event history and an answer from it.
	key("E")
	wait(t, s, "Test conversion event")
	tm.Send(keyPress("ctrl+s"))
	wait(t, s, "✓ Lead event accepted (200)")
	key("esc")
	key("H")
	wait(t, s, "Event history · newest first", "Lead")
	key("enter")
	wait(t, s, "Test conversion event · Lead", "event id")
	key("esc")
	key("esc")
	key("N")
	wait(t, s, "New folder")
	tm.Type("Secrets stay home")
	tm.Send(keyPress("ctrl+s"))
	wait(t, s, "▸ Secrets stay home/")

	// The request log, a request's details, and curl copies of a write and a read.
	key("L")
	// The folder shows when the root's answer comes back; that request's row reaches
	// the log by the client's events, a moment later: wait for it on top, under the cursor.
	wait(t, s, "Request log · newest first", "/funnels/funnel/folder/create")
	waitLine(t, s, "▸", "GET", "/funnels/funnel/folder/entities")
	key("c")
	wait(t, s, "copied curl for GET /funnels/funnel/folder/entities")
	// Newest first: the root read again, the folder made, the event, the pages read
	// three times (the last two refused).
	key("down")
	key("c")
	wait(t, s, "copied curl for POST /funnels/funnel/folder/create")
	key("enter")
	wait(t, s, "Request POST /funnels/funnel/folder/create", "token", "sent (never logged)", "As curl")
	key("esc")
	for range 3 {
		key("down")
	}
	key("enter")
	wait(t, s, "Request GET /funnels/page", "status", "502")
	key("esc")
	key("esc")
	term := &termOut{tm: tm}
	term.waitCopies(t, 4)
	key("q")
	out := term.final(t)

	// The token was in use: the sandbox took it on every read.
	authed := 0
	for _, r := range sb.Server.Requests() {
		if r.Auth == "bearer" && r.Status == 200 {
			authed++
		}
	}
	if authed < 5 {
		t.Fatalf("the token should have been sent and accepted: %d authorised reads", authed)
	}

	// Every frame, styled and plain.
	rec.mu.Lock()
	frames := append([]string(nil), rec.frames...)
	rec.mu.Unlock()
	all := strings.Join(frames, "\n")
	for _, want := range []string{"Page · Opt-in", "500 upstream refused the credentials", "Bearer [redacted]",
		"Event history", "As curl", "Bearer $FUNNELS_TOKEN", "sent (never logged)"} {
		if !strings.Contains(ansi.Strip(all), want) {
			t.Fatalf("the frames never showed %q: the scan below would miss what it is meant to see", want)
		}
	}
	for i, f := range frames {
		if where := leaks(f); where != "" {
			t.Fatalf("frame %d shows the token: …%s…\n%s", i, where, ansi.Strip(f))
		}
		if where := leaks(ansi.Strip(f)); where != "" {
			t.Fatalf("frame %d shows the token: …%s…", i, where)
		}
	}

	// Every byte written to the terminal, and what each OSC 52 copy carried.
	if where := leaks(string(out)); where != "" {
		t.Fatalf("the terminal got the token: …%q…", where)
	}
	if b64 := base64.StdEncoding.EncodeToString([]byte(secretToken)); strings.Contains(string(out), b64[:24]) {
		t.Fatal("the terminal got the token base64-encoded")
	}
	copies := osc52(t, out)
	if len(copies) != 4 {
		t.Fatalf("four copies (id, URL, two curl commands), got %d: %q", len(copies), copies)
	}
	for _, cp := range copies {
		if where := leaks(cp); where != "" {
			t.Fatalf("a copy holds the token: %s", cp)
		}
	}
	if !strings.Contains(copies[2], "$FUNNELS_TOKEN") || !strings.Contains(copies[3], "$FUNNELS_TOKEN") {
		t.Fatalf("the curl copies read the token from the environment: %q", copies[2:])
	}
}
