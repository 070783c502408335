package client_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// inflight serves a sandbox and keeps the most requests of each path it held at once.
type inflight struct {
	sb  *sandbox.Server
	mu  sync.Mutex
	now map[string]int
	max map[string]int
}

func (f *inflight) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.now[r.URL.Path]++
	f.max[r.URL.Path] = max(f.max[r.URL.Path], f.now[r.URL.Path])
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.now[r.URL.Path]--
		f.mu.Unlock()
	}()
	f.sb.ServeHTTP(w, r)
}

func (f *inflight) most(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.max[path]
}

// startInflight serves opts' sandbox behind an inflight counter, every answer held
// latency, and a client of it at the sandbox's own limit.
func startInflight(t *testing.T, opts sandbox.Options, latency time.Duration) (*client.Client, *inflight) {
	t.Helper()
	sb := sandbox.New(opts)
	sb.SetFaults(sandbox.Faults{FixedLatency: latency})
	f := &inflight{sb: sb, now: map[string]int{}, max: map[string]int{}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: sb.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	return c, f
}

// The pages of a 1,000-page funnel are asked for together once the count is known
// (the server holds many of them at once), and come back whole and in order.
func TestListAllPagesSendsTheBatchesTogether(t *testing.T) {
	c, f := startInflight(t, sandbox.Options{Bulk: sandbox.Bulk{Funnels: 1, PagesPerFunnel: 1000}}, 100*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{Name: "Bulk Funnel 0001"}, 0)
	if err != nil || len(all) != 1 {
		t.Fatalf("the bulk funnel: %d, %v", len(all), err)
	}
	pages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: all[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1000 {
		t.Fatalf("%d pages, want 1000", len(pages))
	}
	for i, p := range pages {
		if want := " Page " + strconv.Itoa(i+1); !strings.HasSuffix(p.Name, want) {
			t.Fatalf("page %d is %q: out of order", i, p.Name)
		}
	}
	if n := f.most("/funnels/page"); n < 20 {
		t.Errorf("at most %d page requests under way at once; the 49 after the first go together", n)
	}
}

// A funnel list whose count is known has its other pages asked for together too.
func TestListAllFunnelsSendsThePagesTogether(t *testing.T) {
	c, f := startInflight(t, sandbox.Options{Bulk: sandbox.Bulk{Funnels: 1000}}, 100*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 50)
	if err != nil || len(all) != 1025 {
		t.Fatalf("%d funnels, %v; want 1025", len(all), err)
	}
	if n := f.most("/funnels/funnel/list"); n < 10 {
		t.Errorf("at most %d funnel-list requests under way at once", n)
	}
}

// TestTheCountGoesWithTheFirstBatch: for a person's request the page count is asked
// beside the first batch, not after it, so the batches after it go in the second
// round trip: the count reaches the server before the second batch is sent.
func TestTheCountGoesWithTheFirstBatch(t *testing.T) {
	sb, c, funnelID := oneBulkFunnel(t, 100, 100*time.Millisecond)
	pages, _, err := c.ListAllPages(context.Background(), client.ListPagesParams{FunnelID: funnelID})
	if err != nil || len(pages) != 100 {
		t.Fatalf("pages: %v %d", err, len(pages))
	}
	var counted, second time.Time
	for _, r := range sb.Requests() {
		switch {
		case r.Path == "/funnels/page/count":
			counted = r.At
		case r.Path == "/funnels/page" && strings.HasSuffix(r.Query, "offset=20"):
			second = r.At
		}
	}
	if counted.IsZero() || second.IsZero() || !counted.Before(second) {
		t.Fatalf("the count (%v) was not asked before the second batch (%v)", counted, second)
	}
}

// TestAShortPageListCostsOneRequest: a caller that expects fewer pages than a batch
// (its funnel's steps say so) is read with one request: the page count is asked only
// once a first full page shows there is more, and nothing is left in flight after
// the answer.
func TestAShortPageListCostsOneRequest(t *testing.T) {
	sb, c, funnelID := oneBulkFunnel(t, 5, 0)
	pages, _, err := c.ListAllPages(context.Background(), client.ListPagesParams{FunnelID: funnelID, Expect: 5})
	if err != nil || len(pages) != 5 {
		t.Fatalf("pages: %v %d", err, len(pages))
	}
	time.Sleep(50 * time.Millisecond) // a count sent beside the page would land by now
	if reqs := sb.Requests(); len(reqs) != 1 || reqs[0].Path != "/funnels/page" {
		t.Errorf("a list of 5 pages sent %d requests: %+v", len(reqs), reqs)
	}
}

// oneBulkFunnel serves a sandbox of one bulk funnel of pages pages, every answer held
// latency, and returns a client of it and the funnel's id, the request log emptied.
func oneBulkFunnel(t *testing.T, pages int, latency time.Duration) (*sandbox.Server, *client.Client, string) {
	t.Helper()
	sb := sandbox.New(sandbox.Options{Bulk: sandbox.Bulk{Funnels: 1, PagesPerFunnel: pages}})
	sb.SetFaults(sandbox.Faults{FixedLatency: latency})
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: sb.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	all, _, err := c.ListAllFunnels(context.Background(), client.ListFunnelsParams{Name: "Bulk Funnel 0001"}, 0)
	if err != nil || len(all) != 1 {
		t.Fatalf("funnel: %v %d", err, len(all))
	}
	sb.ResetLog()
	return sb, c, all[0].ID
}
