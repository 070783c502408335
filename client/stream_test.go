package client_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

const entitiesPath = "/funnels/funnel/folder/entities"

// A root folder whose listing is larger than any bound on a whole answer could
// sensibly be (over 32 MiB: a location of 110,000 pages) is read whole, as a stream.
func TestRootListingOver32MiBIsStreamed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a location of 110,000 pages")
	}
	c, sb := newTestClient(t, sandbox.Options{Limit: 1000, Bulk: sandbox.Bulk{Funnels: 1100, PagesPerFunnel: 100}})
	size := rawSize(t, sb, entitiesPath)
	if size <= 32<<20 {
		t.Fatalf("the root listing is %d bytes; the test needs more than 32 MiB", size)
	}
	folders, _, err := c.FolderChildren(ctxT(t), "")
	if err != nil {
		t.Fatalf("the folders of a root listing of %d bytes: %v", size, err)
	}
	if len(folders) != 5 {
		t.Errorf("%d folders at the root, want the seed's 5", len(folders))
	}
}

// rawSize is how many bytes the sandbox answers to a plain GET of path.
func rawSize(t *testing.T, sb *sandbox.Running, path string) int {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctxT(t), http.MethodGet, sb.URL+path+"?locationId="+sb.Server.LocationID(), nil)
	req.Header.Set("Version", client.DefaultAPIVersion)
	req.Header.Set("Authorization", "Bearer "+sb.Server.DemoToken())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	n := 0
	buf := make([]byte, 1<<20)
	for {
		k, err := res.Body.Read(buf)
		n += k
		if err != nil {
			return n
		}
	}
}

// A list of more records in one answer than the client's bound is an error that names
// the route, sent once: the same answer would come again.
func TestListOverItsBoundIsNotRetried(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{Bulk: sandbox.Bulk{Funnels: 300}}, func(o *client.Options) { o.MaxListItems = 100 })
	_, _, err := c.FolderEntities(ctxT(t), "", "", "")
	var big *client.TooLargeError
	if !errors.As(err, &big) || !big.List || !errors.Is(err, client.ErrBadResponse) {
		t.Fatalf("got %T %v, want a *TooLargeError of a list", err, err)
	}
	if !strings.Contains(err.Error(), entitiesPath) || !strings.Contains(err.Error(), "list is too big") {
		t.Errorf("message %q does not say which list was too big", err)
	}
	if n, _ := countRequests(sb, http.MethodGet, entitiesPath); n != 1 {
		t.Errorf("%d requests, want 1: an answer over a bound is not retried", n)
	}
}

// One record over the per-record bound ends the read without retrying it, however
// short the list.
func TestRecordOverItsBoundIsNotRetried(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"funnels":[{"_id":"f1","name":"%s"}],"count":1}`, strings.Repeat("a", 17<<20))
	}))
	t.Cleanup(srv.Close)
	c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: "loc"})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.ListFunnels(ctxT(t), client.ListFunnelsParams{})
	var big *client.TooLargeError
	if !errors.As(err, &big) || big.List || !errors.Is(err, client.ErrTooLarge) {
		t.Fatalf("got %T %v, want a *TooLargeError of a record", err, err)
	}
	if !strings.Contains(err.Error(), "/funnels/funnel/list") {
		t.Errorf("message %q does not name the route", err)
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}
