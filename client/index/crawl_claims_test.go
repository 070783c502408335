package index

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// boundedCtx ends a crawl that would otherwise not end: a test that fails by it
// says the crawl spun.
func boundedCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// TestALyingCountEndsAtTheCap: a funnel list that says it holds a billion funnels and
// answers every offset with a full page of new ones is read to the cap on pages (the
// client's bound on a list) and no further; the crawl ends whole, says once what was
// cut, and the progress never claims the billion.
func TestALyingCountEndsAtTheCap(t *testing.T) {
	h := hostile.StartT(t, hostile.EndlessFunnelPages, sandbox.Options{Limit: 1000, Window: time.Second})
	c, err := client.New(client.Options{
		BaseURL: h.URL, LocationID: h.Sandbox.LocationID(), MaxListItems: 300,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: h.Sandbox.DemoToken()}),
	})
	if err != nil {
		t.Fatal(err)
	}
	s := Open(filepath.Join(t.TempDir(), "index.db"), KeyOf(h.URL, h.Sandbox.LocationID()))
	var most int
	p, err := (&Crawler{Client: c, Store: s, OnProgress: func(p Progress) { most = max(most, p.FunnelsTotal) }}).Run(boundedCtx(t))
	if err != nil {
		t.Fatalf("crawl: %v", err)
	}
	if n := h.Count("GET", "/funnels/funnel/list"); n != 3 {
		t.Errorf("%d pages of the funnel list asked for, want the 3 of the cap", n)
	}
	cut := slices.DeleteFunc(slices.Clone(p.Notes), func(n string) bool { return !strings.Contains(n, "cut after 300 funnels") })
	if len(cut) != 1 {
		t.Errorf("notes %q: want the cut said once", p.Notes)
	}
	if most > 300 {
		t.Errorf("progress claimed %d funnels", most)
	}
	if st, err := s.State(ctxT(t)); err != nil || st.Unfinished || st.Crawled.IsZero() {
		t.Errorf("state %+v, %v: want a crawl ended whole", st, err)
	}
}

// TestASavedLyingCountDoesNotHoldAnHonestCrawl: a crawl left part way after a server
// claimed a billion funnels resumes against an honest server with the page after
// the one read, and ends.
func TestASavedLyingCountDoesNotHoldAnHonestCrawl(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	c, s := newClient(t, sb, ""), newStore(t, sb)
	err := s.Update(ctxT(t), func(w *Writer) error {
		return w.putCheckpoint(checkpoint{Started: millis(time.Now().Add(-time.Minute)), FunnelPages: []int{0},
			FunnelCount: hostile.EndlessCount, Requests: -7, ElapsedMS: -1})
	})
	if err != nil {
		t.Fatal(err)
	}
	p, err := (&Crawler{Client: c, Store: s}).Run(boundedCtx(t))
	if err != nil {
		t.Fatalf("crawl: %v", err)
	}
	if n, _ := requestsTo(sb, "/funnels/funnel/list"); n > 1 {
		t.Errorf("%d pages of the funnel list asked for, want the one after the page read", n)
	}
	if p.Requests < 0 || p.Elapsed < 0 || p.FunnelsTotal > 100 {
		t.Errorf("progress %+v carries the lies of the checkpoint", p)
	}
}

// TestProgressMovesWithEveryAnswer: one funnel of 200 pages is read in ten answers,
// and the progress is told as they come, not only once the funnel is whole.
func TestProgressMovesWithEveryAnswer(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{Bulk: sandbox.Bulk{Funnels: 1, PagesPerFunnel: 200},
		Faults: sandbox.Faults{FixedLatency: 60 * time.Millisecond}})
	c, s := newClient(t, sb, ""), newStore(t, sb)
	var reqs []int
	_, err := (&Crawler{Client: c, Store: s, Workers: 1, OnProgress: func(p Progress) { reqs = append(reqs, p.Requests) }}).Run(boundedCtx(t))
	if err != nil {
		t.Fatalf("crawl: %v", err)
	}
	jump := 0
	for i := 1; i < len(reqs); i++ {
		jump = max(jump, reqs[i]-reqs[i-1])
	}
	if jump >= 10 {
		t.Errorf("the progress jumped by %d requests at once (reports: %v)", jump, reqs)
	}
}

// TestACrawlThatWaitedReportsTheIndex: a crawl that waited for another to read the
// location whole reports what the index holds, not nothing.
func TestACrawlThatWaitedReportsTheIndex(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	c, s := newClient(t, sb, ""), newStore(t, sb)
	if err := mkdirFor(s.Path()); err != nil {
		t.Fatal(err)
	}
	unlock, ok, err := tryLock(s.Path() + ".crawl")
	if err != nil || !ok {
		t.Fatalf("lock: %v %v", ok, err)
	}
	waiting := make(chan struct{})
	type result struct {
		p   Progress
		err error
	}
	second := make(chan result, 1)
	go func() {
		var once bool
		p, err := (&Crawler{Client: c, Store: s, OnProgress: func(p Progress) {
			if p.Phase == PhaseWaiting && !once {
				once = true
				close(waiting)
			}
		}}).Run(boundedCtx(t))
		second <- result{p, err}
	}()
	<-waiting
	first, err := newCrawlRun(ctxT(t), &Crawler{Client: c, Store: s})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.run(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	unlock()
	res := <-second
	if res.err != nil || !res.p.Done {
		t.Fatalf("the crawl that waited: %+v, %v", res.p, res.err)
	}
	if res.p.Folders != seedFolders || res.p.Funnels != seedFunnels || res.p.Pages != seedPages || res.p.Redirects != seedRedirects {
		t.Errorf("the crawl that waited reports %d folders, %d funnels, %d pages, %d redirects", res.p.Folders, res.p.Funnels,
			res.p.Pages, res.p.Redirects)
	}
}

// TestStoredTimesOutOfRangeReadAsNone: a stamp no index could have written (the
// extremes of int64, a negative one) reads as no time at all.
func TestStoredTimesOutOfRangeReadAsNone(t *testing.T) {
	for _, ms := range []int64{-1, -1 << 63, 1<<63 - 1, maxStamp + 1} {
		if got := Time(ms); !got.IsZero() {
			t.Errorf("Time(%d) = %v, want none", ms, got)
		}
	}
	if got := Time(1_700_000_000_000); got.IsZero() {
		t.Error("a real stamp read as none")
	}
}
