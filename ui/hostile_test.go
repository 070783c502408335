package ui

import (
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// hostileHarness is the browser on a hostile API.
func hostileHarness(t *testing.T, modes hostile.Mode) (*harness, *hostile.Server) {
	t.Helper()
	hs := hostile.StartT(t, modes, sandbox.Options{})
	c, err := client.New(client.Options{
		BaseURL:     hs.URL,
		LocationID:  hs.Sandbox.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: hs.Sandbox.DemoToken()}),
		RetryBase:   time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	return newHarness(t, Options{Client: c, Profile: "hostile", LocationID: hs.Sandbox.LocationID()}, 120, 40), hs
}

// TestFarFutureRateLimitSaysHowLong: a 429 whose X-RateLimit-Reset lies in the year
// 33658 (or whose Retry-After is in 9999) neither crashes the browser nor makes it
// wait: the status bar says it is rate limited for a year or more, and to try later.
func TestFarFutureRateLimitSaysHowLong(t *testing.T) {
	for _, mode := range []hostile.Mode{hostile.FarFutureReset, hostile.FarFutureRetryAfter} {
		h, hs := hostileHarness(t, mode)
		v := h.waitUntil("the rate-limit message", func(v string) bool {
			return strings.Contains(statusLine(v), "rate limited for a year or more")
		})
		if st := statusLine(v); !strings.Contains(st, "429") || !strings.Contains(st, "try later") {
			t.Errorf("status bar %q", st)
		}
		if n := hs.Count("GET", "/funnels/funnel/folder/entities"); n != 1 {
			t.Errorf("the folder was asked for %d times", n)
		}
	}
}

// TestEndlessPagesPaneStopsAndKeepsWhatItRead: a server that answers every offset
// with the same 20 pages: the pane shows those 20, says the list is incomplete and
// why, and asks no more.
func TestEndlessPagesPaneStopsAndKeepsWhatItRead(t *testing.T) {
	h, hs := hostileHarness(t, hostile.EndlessPages)
	h.waitFor("Spring Sale 2026")
	h.press("G") // Spring Sale 2026: its first step's pages load
	v := h.waitFor("Pages (incomplete)")
	if !strings.Contains(statusLine(v), "list stopped after") || !strings.Contains(v, "✗ list stopped after") {
		t.Errorf("the reason is not shown:\n%s", v)
	}
	ps := h.m.pages.current()
	if len(ps.rows) == 0 || !ps.loaded {
		t.Fatalf("what was read is not kept: %d rows", len(ps.rows))
	}
	if n := hs.Count("GET", "/funnels/page"); n != 2 {
		t.Errorf("asked for pages %d times, want 2", n)
	}
}

// canceled waits for the client to report a request of path ended because its caller
// no longer needed it.
func canceled(t *testing.T, got <-chan client.RequestRecord, path string) {
	t.Helper()
	deadline := time.NewTimer(waitTimeout)
	defer deadline.Stop()
	for {
		select {
		case r := <-got:
			if strings.HasPrefix(r.Path, path) && r.Canceled {
				return
			}
		case <-deadline.C:
			t.Fatalf("the request for %s was never called off", path)
		}
	}
}

// watch hands every finished request of c to the returned channel, and counts the
// requests started by path (query left out).
func watch(t *testing.T, c *client.Client) (<-chan client.RequestRecord, func(path string) int) {
	ch := make(chan client.RequestRecord, 256)
	var mu sync.Mutex
	started := map[string]int{}
	t.Cleanup(c.Subscribe(func(e client.Event) {
		switch e := e.(type) {
		case client.RequestStarted:
			path, _, _ := strings.Cut(e.Path, "?")
			mu.Lock()
			started[path]++
			mu.Unlock()
		case client.RequestFinished:
			select {
			case ch <- e.Record:
			default:
			}
		}
	}))
	return ch, func(path string) int {
		mu.Lock()
		defer mu.Unlock()
		return started[path]
	}
}

// TestLeavingCancelsTheLoad: leaving a step while its pages load, or a folder while
// it is listed, calls the request off instead of letting it run on.
func TestLeavingCancelsTheLoad(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	done, started := watch(t, c)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	// From now on the server takes up to an hour to answer.
	sb.Server.SetFaults(sandbox.Faults{Latency: time.Hour})

	h.press("G") // Spring Sale 2026: the pages of its first step are asked for
	h.waitUntil("the pages request", func(string) bool { return started("/funnels/page") > 0 })
	h.press("tab", "down")
	canceled(t, done, "/funnels/page?")

	h.press("shift+tab", "g", "enter") // into Archive, whose listing now hangs
	h.waitUntil("the listing", func(string) bool { return started("/funnels/funnel/folder/entities") > 1 })
	h.press("esc")
	canceled(t, done, "/funnels/funnel/folder/entities?")

	// A lookup view closed before its answer came.
	h.press(":")
	h.typeText("Geo-location")
	h.press("enter")
	h.waitUntil("the geo-location request", func(string) bool { return started("/funnels/funnel/geo-location") > 0 })
	h.press("esc")
	canceled(t, done, "/funnels/funnel/geo-location")
}

// TestStartupWarningsReachTheStatusBar: what start-up warned about (a config file
// others can read) shows in the browser, not behind it.
func TestStartupWarningsReachTheStatusBar(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Warnings = []string{"config file /x/config.toml holds a client_secret and other users can read it (mode 0644): run chmod 600 /x/config.toml"}
	h := newHarness(t, opts, 200, 40)
	v := h.waitFor("Spring Sale 2026")
	if st := statusLine(v); !strings.Contains(st, "warning: config file /x/config.toml holds a client_secret") {
		t.Fatalf("status bar %q", st)
	}
}
