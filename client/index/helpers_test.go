package index

import (
	"context"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// The seed's numbers (client/sandbox's seed_test.go pins them).
const (
	seedFolders   = 9
	seedFunnels   = 25
	seedPages     = 120
	seedRedirects = 8
)

// newClient is a client of sb signed in with token ("" → the demo token).
func newClient(t testing.TB, sb *sandbox.Running, token string) *client.Client {
	t.Helper()
	if token == "" {
		token = sb.Server.DemoToken()
	}
	c, err := client.New(client.Options{
		BaseURL: sb.URL, LocationID: sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token}),
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fastSandbox is a sandbox whose rate limit does not slow a test down.
func fastSandbox(t testing.TB, opts sandbox.Options) *sandbox.Running {
	t.Helper()
	opts.Limit, opts.Window = 1000, time.Second
	return sandboxtest.Start(t, opts)
}

// newStore is an index of sb's location in a file of the test's own.
func newStore(t testing.TB, sb *sandbox.Running) *Store {
	t.Helper()
	return Open(filepath.Join(t.TempDir(), "index.db"), KeyOf(sb.URL, sb.Server.LocationID()))
}

func ctxT(t testing.TB) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// crawl runs a whole crawl and fails the test if it does not end whole.
func crawl(t testing.TB, c *client.Client, s *Store) Progress {
	t.Helper()
	p, err := (&Crawler{Client: c, Store: s}).Run(ctxT(t))
	if err != nil {
		t.Fatalf("crawl: %v", err)
	}
	return p
}

// requestsTo counts the requests the sandbox answered on path, and its 429s.
func requestsTo(sb *sandbox.Running, path string) (n, tooMany int) {
	for _, r := range sb.Server.Requests() {
		if path == "" || r.Path == path {
			n++
			if r.Status == http.StatusTooManyRequests {
				tooMany++
			}
		}
	}
	return n, tooMany
}

// snapshot reads the whole index and fails on an error or a record it could not read.
func snapshot(t testing.TB, s *Store) *Snapshot {
	t.Helper()
	snap, err := s.Snapshot(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if snap.State.Skipped > 0 {
		t.Fatalf("%d records could not be read", snap.State.Skipped)
	}
	return snap
}
