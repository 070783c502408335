package index

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

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

// runBounded runs c and fails the test when the crawl has not ended a while after
// its context did (it spun, deaf to it).
func runBounded(t *testing.T, c *Crawler) (Progress, error) {
	t.Helper()
	type result struct {
		p   Progress
		err error
	}
	done := make(chan result, 1)
	go func() {
		p, err := c.Run(boundedCtx(t))
		done <- result{p, err}
	}()
	select {
	case r := <-done:
		return r.p, r.err
	case <-time.After(45 * time.Second):
		t.Fatal("the crawl did not end")
	}
	return Progress{}, nil
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
	p, err := runBounded(t, &Crawler{Client: c, Store: s, OnProgress: func(p Progress) { most = max(most, p.FunnelsTotal) }})
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
	p, err := runBounded(t, &Crawler{Client: c, Store: s})
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

// TestAResumeAfterTheLastFolderIsWhole: a crawl killed after its last folder was
// written but before the tree was marked whole resumes to a whole index, asking for
// no folder again.
func TestAResumeAfterTheLastFolderIsWhole(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	c, s := newClient(t, sb, ""), newStore(t, sb)
	err := s.Update(ctxT(t), func(w *Writer) error {
		return w.putCheckpoint(checkpoint{Started: millis(time.Now().Add(-time.Minute)), FolderBegun: true, FunnelCount: -1})
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := runBounded(t, &Crawler{Client: c, Store: s}); err != nil {
		t.Fatalf("crawl: %v", err)
	}
	if n, _ := requestsTo(sb, "/funnels/funnel/folder/entities"); n != 0 {
		t.Errorf("%d folders asked for again, want none", n)
	}
	st, err := s.State(ctxT(t))
	if err != nil || st.Unfinished || st.Crawled.IsZero() {
		t.Errorf("after the resume: %+v, %v", st, err)
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

// longNames is a proxy of sb that gives the first funnel of every funnel-list answer
// a name of size bytes.
func longNames(t *testing.T, sb *sandbox.Running, size int) string {
	t.Helper()
	return funnelListProxy(t, sb, func(page map[string]any) {
		if list, _ := page["funnels"].([]any); len(list) > 0 {
			list[0].(map[string]any)["name"] = strings.Repeat("Long name ", size/10)
		}
	})
}

// TestLongNamesAreCutToFit: a name of 4 MB in the funnel list is kept cut to the
// bound, the index stays small, and the crawl says once that it cut.
func TestLongNamesAreCutToFit(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	base := longNames(t, sb, 4<<20)
	c, err := client.New(client.Options{
		BaseURL: base, LocationID: sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
	})
	if err != nil {
		t.Fatal(err)
	}
	s := Open(filepath.Join(t.TempDir(), "index.db"), KeyOf(base, sb.Server.LocationID()))
	p, err := (&Crawler{Client: c, Store: s}).Run(boundedCtx(t))
	if err != nil {
		t.Fatalf("crawl: %v", err)
	}
	if n := slices.Index(p.Notes, cutNote); n < 0 || slices.Index(p.Notes[n+1:], cutNote) >= 0 {
		t.Errorf("notes %q: want the cut said once", p.Notes)
	}
	info, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() > 2<<20 {
		t.Errorf("the index is %d bytes", info.Size())
	}
	long := 0
	for _, it := range snapshot(t, s).Items(nil) {
		if len(it.Name) > MaxFieldBytes {
			t.Fatalf("%s %s kept %d bytes of name", it.Kind, it.ID, len(it.Name))
		}
		if strings.HasSuffix(it.Name, Ellipsis) {
			long++
		}
	}
	if long == 0 {
		t.Error("no name was kept cut")
	}
}

// TestAFunnelOfEveryStepFitsARecord: a funnel with more steps than a record holds
// keeps the steps that fit, each name cut.
func TestAFunnelOfEveryStepFitsARecord(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	f := client.Funnel{ID: "f1", Name: strings.Repeat("n", 1<<20), StepsKnown: true}
	for i := range 5000 {
		f.Steps = append(f.Steps, client.Step{ID: "s" + strconv.Itoa(i), Name: strings.Repeat("s", 4<<10), Pages: []string{"p"}})
	}
	var cut int
	err := s.Update(ctxT(t), func(w *Writer) error {
		err := w.PutFunnel(FunnelOf(f, w.Now()))
		cut = w.Cut()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	snap := snapshot(t, s)
	if len(snap.Funnels) != 1 || cut == 0 {
		t.Fatalf("%d funnels kept, %d cut", len(snap.Funnels), cut)
	}
	raw, _ := json.Marshal(snap.Funnels[0])
	if len(raw) > maxRecordBytes || len(snap.Funnels[0].Steps) == 0 {
		t.Errorf("the record is %d bytes with %d steps", len(raw), len(snap.Funnels[0].Steps))
	}
}

// TestCutTextKeepsRunesWhole: a text cut in the middle of a rune keeps the rune whole
// or leaves it out.
func TestCutTextKeepsRunesWhole(t *testing.T) {
	got, cut := CutText(strings.Repeat("é", 10), 10)
	if !cut || len(got) > 10 || !utf8.ValidString(got) || !strings.HasSuffix(got, Ellipsis) {
		t.Errorf("CutText = %q, %v", got, cut)
	}
	if got, cut := CutText("short", 10); cut || got != "short" {
		t.Errorf("CutText(short) = %q, %v", got, cut)
	}
}

// TestRedirectsWaitForTheRootFolder: the root folder's listing, the head of the
// crawl's longest chain, goes before the redirects, which wait for its answer.
func TestRedirectsWaitForTheRootFolder(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{Faults: sandbox.Faults{FixedLatency: 30 * time.Millisecond}})
	// A bucket that holds nothing back, so the order is the crawl's own.
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), Limit: 10000, Window: time.Second,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	s := newStore(t, sb)
	crawl(t, c, s)
	var root, redirects time.Time
	for _, r := range sb.Server.Requests() {
		switch {
		case r.Path == "/funnels/funnel/folder/entities" && root.IsZero():
			root = r.At
		case r.Path == "/funnels/lookup/redirect/list" && redirects.IsZero():
			redirects = r.At
		}
	}
	if root.IsZero() || redirects.IsZero() || redirects.Sub(root) < 30*time.Millisecond {
		t.Errorf("the root folder asked at %v, the redirects at %v: want the redirects after its answer", root, redirects)
	}
}
