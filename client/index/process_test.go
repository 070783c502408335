package index

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// The tests of crashes and of two processes run crawls in helper processes: this
// test binary started again with FUNNELS_INDEX_HELPER=crawl, crawling the sandbox
// named in its environment into the index file named there.

// TestHelperProcess is the helper's body; on its own it does nothing.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("FUNNELS_INDEX_HELPER") != "crawl" {
		t.Skip("the helper process of the crash and two-process tests")
	}
	base, loc, path := os.Getenv("HELPER_BASE_URL"), os.Getenv("HELPER_LOCATION"), os.Getenv("HELPER_INDEX")
	c, err := client.New(client.Options{BaseURL: base, LocationID: loc,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: os.Getenv("HELPER_TOKEN")})})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	s := Open(path, KeyOf(base, loc))
	_, err = (&Crawler{Client: c, Store: s, Workers: 2, FlushEvery: 20 * time.Millisecond}).Run(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, "crawl:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// startHelper starts a helper process crawling sb into s.
func startHelper(t *testing.T, sb *sandbox.Running, s *Store) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), "FUNNELS_INDEX_HELPER=crawl", "HELPER_BASE_URL="+sb.URL,
		"HELPER_LOCATION="+sb.Server.LocationID(), "HELPER_INDEX="+s.Path(), "HELPER_TOKEN="+sb.Server.DemoToken())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("helper's stderr:\n%s", stderr.String())
		}
	})
	return cmd
}

// pagedFunnels counts the funnels whose pages the index holds.
func pagedFunnels(t *testing.T, s *Store) int {
	t.Helper()
	n := 0
	for _, f := range snapshot(t, s).Funnels {
		if f.PagesAt > 0 {
			n++
		}
	}
	return n
}

// bulkOpts is a location of 25 + 120 funnels, slow enough (20 ms an answer) that a
// crawl can be caught part way.
func bulkOpts() sandbox.Options {
	return sandbox.Options{Bulk: sandbox.Bulk{Funnels: 120, PagesPerFunnel: 3}, Faults: sandbox.Faults{FixedLatency: 20 * time.Millisecond}}
}

const bulkFunnels, bulkPages = seedFunnels + 120, seedPages + 120*3

// TestKilledMidCrawlResumes: a crawl in another process is killed (SIGKILL) while it
// reads pages. The index it leaves reads without an error or a damaged record, holds
// a checkpoint, and the next crawl reads only the funnels left — each page once.
func TestKilledMidCrawlResumes(t *testing.T) {
	sb := fastSandbox(t, bulkOpts())
	s := newStore(t, sb)
	cmd := startHelper(t, sb, s)
	deadline := time.Now().Add(time.Minute)
	for pagedFunnels(t, s) < 10 {
		if time.Now().After(deadline) {
			t.Fatal("the helper's crawl never got to the pages")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()

	st, err := s.State(ctxT(t))
	if err != nil || !st.Unfinished || !st.Crawled.IsZero() {
		t.Fatalf("after the kill: %+v, %v", st, err)
	}
	done := pagedFunnels(t, s)
	if done >= bulkFunnels {
		t.Fatalf("the crawl ended (%d funnels paged) before it was killed", done)
	}
	resumed := time.Now() // the killed process's last requests arrived before this
	p := crawl(t, newClient(t, sb, ""), s)
	n := 0
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/page" && !r.At.Before(resumed) {
			n++
		}
	}
	if !p.Resumed || n != bulkFunnels-done {
		t.Fatalf("resumed %v: %d page requests after the kill, want %d (%d of %d funnels were paged)",
			p.Resumed, n, bulkFunnels-done, done, bulkFunnels)
	}
	snap := snapshot(t, s)
	seen := map[string]bool{}
	for _, pg := range snap.Pages {
		if seen[pg.ID] {
			t.Fatalf("page %s twice", pg.ID)
		}
		seen[pg.ID] = true
	}
	if len(snap.Pages) != bulkPages || len(snap.Funnels) != bulkFunnels || len(snap.Folders) != seedFolders || snap.State.Unfinished {
		t.Fatalf("after the resume: %d pages, %d funnels, %d folders, %+v", len(snap.Pages), len(snap.Funnels), len(snap.Folders), snap.State)
	}
}

// TestTwoProcessesAtOnce: two processes crawl the same index at once while this one
// reads it: one crawls, the other waits and finds the work done; both end well, the
// reads never fail, and every funnel's pages are asked for once.
func TestTwoProcessesAtOnce(t *testing.T) {
	sb := fastSandbox(t, bulkOpts())
	s := newStore(t, sb)
	a, b := startHelper(t, sb, s), startHelper(t, sb, s)
	done := make(chan error, 2)
	go func() { done <- a.Wait() }()
	go func() { done <- b.Wait() }()
	reads := 0
	for finished := 0; finished < 2; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("a crawling process failed: %v", err)
			}
			finished++
		default:
			if _, err := s.Listing(ctxT(t), ""); err != nil {
				t.Fatalf("a read beside two crawls: %v", err)
			}
			reads++
			time.Sleep(2 * time.Millisecond)
		}
	}
	if n, _ := requestsTo(sb, "/funnels/page"); n != bulkFunnels {
		t.Fatalf("%d page requests for %d funnels", n, bulkFunnels)
	}
	snap := snapshot(t, s)
	if len(snap.Pages) != bulkPages || snap.State.Unfinished || snap.State.Crawled.IsZero() {
		t.Fatalf("%d pages, state %+v", len(snap.Pages), snap.State)
	}
	t.Logf("%d reads beside the crawls", reads)
}
