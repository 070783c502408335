package index

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestCrawlReadsTheWholeLocationWithTheFewestRequests: one folder-entities request
// per folder and the root, one funnel-list request for 25 funnels, one page-list
// request per funnel (none has 20 pages), one redirect-list request — and every
// folder, funnel, page and redirect in the index, none twice.
func TestCrawlReadsTheWholeLocationWithTheFewestRequests(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	s := newStore(t, sb)
	p := crawl(t, newClient(t, sb, ""), s)
	if !p.Done || p.Phase != PhaseDone || p.Folders != seedFolders || p.Funnels != seedFunnels || p.Pages != seedPages || p.Redirects != seedRedirects {
		t.Fatalf("progress %+v", p)
	}
	want := map[string]int{
		"/funnels/funnel/folder/entities": seedFolders + 1,
		"/funnels/funnel/list":            1,
		"/funnels/page":                   seedFunnels,
		"/funnels/lookup/redirect/list":   1,
	}
	total := 0
	for path, n := range want {
		if got, _ := requestsTo(sb, path); got != n {
			t.Errorf("%d requests to %s, want %d", got, path, n)
		}
		total += n
	}
	if got, tooMany := requestsTo(sb, ""); got != total || tooMany != 0 || p.Requests != total {
		t.Errorf("%d requests (%d counted by the crawl, %d answered 429), want %d", got, p.Requests, tooMany, total)
	}
	snap := snapshot(t, s)
	if len(snap.Folders) != seedFolders || len(snap.Funnels) != seedFunnels || len(snap.Pages) != seedPages || len(snap.Redirects) != seedRedirects {
		t.Fatalf("index holds %d folders, %d funnels, %d pages, %d redirects", len(snap.Folders), len(snap.Funnels), len(snap.Pages), len(snap.Redirects))
	}
	if snap.State.Crawled.IsZero() || snap.State.Unfinished {
		t.Fatalf("state after a whole crawl: %+v", snap.State)
	}
	root, err := s.Listing(ctxT(t), "")
	if err != nil || !root.Known || len(root.Folders) != 5 || len(root.Funnels) != 5 {
		t.Fatalf("root listing %d folders %d funnels known %v: %v", len(root.Folders), len(root.Funnels), root.Known, err)
	}
	if root.Folders[0].Name != "Archive" || root.Funnels[0].Steps == nil {
		t.Fatalf("root listing not by name, or funnels without steps: %+v", root.Folders[0])
	}
}

// TestACrawlAgainRemovesWhatIsGone: a redirect deleted on the service and a funnel
// the index kept that no longer exists are gone after the next crawl; nothing is
// doubled.
func TestACrawlAgainRemovesWhatIsGone(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	c := newClient(t, sb, "")
	s := newStore(t, sb)
	crawl(t, c, s)
	snap := snapshot(t, s)
	gone := snap.Redirects[0].ID
	if _, err := c.DeleteRedirect(ctxT(t), gone); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(ctxT(t), func(w *Writer) error {
		return w.PutFunnel(Funnel{ID: "ghost", Name: "Ghost Funnel", At: 1})
	}); err != nil {
		t.Fatal(err)
	}
	// The sweep removes what was last seen before the crawl began, to the
	// millisecond: a record written in the crawl's first millisecond is kept until
	// the next crawl, so the ghost is written a tick before it.
	time.Sleep(2 * time.Millisecond)
	crawl(t, c, s)
	snap = snapshot(t, s)
	for _, r := range snap.Redirects {
		if r.ID == gone {
			t.Fatal("a deleted redirect is still in the index")
		}
	}
	for _, f := range snap.Funnels {
		if f.ID == "ghost" {
			t.Fatal("a funnel the service does not have is still in the index")
		}
	}
	if len(snap.Funnels) != seedFunnels || len(snap.Pages) != seedPages || len(snap.Redirects) != seedRedirects-1 {
		t.Fatalf("%d funnels, %d pages, %d redirects after the second crawl", len(snap.Funnels), len(snap.Pages), len(snap.Redirects))
	}
}

// TestCrawlOnThePublicSurface: folder entities refused (the public surface) or not on
// this server (the documented one), the folders come from the funnels' parentId (by
// id) and the crawl says why; pages (which carry no url there) take their step's path
// in "go to anything".
func TestCrawlOnThePublicSurface(t *testing.T) {
	for surface, why := range map[sandbox.Surface]string{sandbox.SurfacePublic: "(403 IAM refusal)", sandbox.SurfaceDocumented: "is not on this server (404)"} {
		t.Run(string(surface), func(t *testing.T) { crawlWithoutFolderEntities(t, surface, why) })
	}
}

func crawlWithoutFolderEntities(t *testing.T, surface sandbox.Surface, why string) {
	sb := fastSandbox(t, sandbox.Options{Surface: surface})
	s := newStore(t, sb)
	p := crawl(t, newClient(t, sb, ""), s)
	if len(p.Notes) != 1 || !strings.Contains(p.Notes[0], "folders by id: folder entities are not available (") || !strings.Contains(p.Notes[0], why) {
		t.Fatalf("notes %q", p.Notes)
	}
	snap := snapshot(t, s)
	if len(snap.Funnels) != seedFunnels || len(snap.Pages) != seedPages || len(snap.Redirects) != seedRedirects || len(snap.Folders) < 5 {
		t.Fatalf("index holds %d folders, %d funnels, %d pages, %d redirects", len(snap.Folders), len(snap.Funnels), len(snap.Pages), len(snap.Redirects))
	}
	for _, f := range snap.Folders {
		if !f.Grouped || f.Name != f.ID {
			t.Fatalf("folder %+v is not grouped by id", f)
		}
	}
	for _, it := range snap.Items(nil) {
		if it.Kind == KindPage && it.Path == "" {
			t.Fatalf("page %+v has no path", it)
		}
	}
	root, err := s.Listing(ctxT(t), "")
	if err != nil || !root.Known || len(root.Funnels) != 5 {
		t.Fatalf("root listing %+v: %v", root, err)
	}
}

// TestALostFamilyIsKeptAsStale: the index was built by a token that could read the
// redirects; a token that can no longer read them crawls again, and the redirects are
// kept, shown stale, not removed and not current.
func TestALostFamilyIsKeptAsStale(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	s := newStore(t, sb)
	crawl(t, newClient(t, sb, ""), s)
	narrow := newClient(t, sb, sb.Server.IssueScopedToken(0, "funnels/funnel.readonly", "funnels/page.readonly"))
	p, err := (&Crawler{Client: narrow, Store: s}).Run(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(p.Notes, "\n"), "no redirects") {
		t.Fatalf("notes %q", p.Notes)
	}
	snap := snapshot(t, s)
	if len(snap.Redirects) != seedRedirects {
		t.Fatalf("%d redirects kept, want %d", len(snap.Redirects), seedRedirects)
	}
	stale := StaleKinds(narrow.Access(), false)
	if !stale(KindRedirect) || stale(KindFunnel) || stale(KindPage) {
		t.Fatalf("stale redirect %v funnel %v page %v", stale(KindRedirect), stale(KindFunnel), stale(KindPage))
	}
	n := 0
	for _, it := range snap.Items(stale) {
		if it.Kind == KindRedirect {
			n++
			if !it.Stale {
				t.Fatalf("redirect %+v is shown as current", it)
			}
		} else if it.Stale && it.Kind != KindDomain {
			t.Fatalf("%+v is shown stale", it)
		}
	}
	if n != seedRedirects {
		t.Fatalf("%d redirect items", n)
	}
	if all := StaleKinds(client.Access{}, true); !all(KindFunnel) || !all(KindPage) {
		t.Fatal("a location lost outright does not make everything stale")
	}
}

// TestACrawlStoppedByItsContextResumes: a crawl called off part way keeps what it
// read; the next one reads only the rest, and the index ends the same as a crawl
// that was never stopped.
func TestACrawlStoppedByItsContextResumes(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{})
	c := newClient(t, sb, "")
	s := newStore(t, sb)
	ctx, cancel := context.WithCancel(ctxT(t))
	stopAt := 10
	var last Progress
	stopped, err := (&Crawler{Client: c, Store: s, Workers: 1, OnProgress: func(p Progress) {
		last = p
		if p.FunnelsPaged >= stopAt {
			cancel()
		}
	}}).Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a called-off crawl returned %v", err)
	}
	// The last line says how far it got: the pages, so many funnels of them.
	for _, p := range []Progress{stopped, last} {
		if p.Phase != PhasePages || p.Done || !strings.Contains(p.Line(), "/"+Thousands(seedFunnels)+" funnels") {
			t.Errorf("the stopped crawl's last progress is %q (%s)", p.Line(), p.Phase)
		}
	}
	st, err := s.State(ctxT(t))
	if err != nil || !st.Unfinished || !st.Crawled.IsZero() {
		t.Fatalf("state after a called-off crawl %+v: %v", st, err)
	}
	done := 0
	for _, f := range snapshot(t, s).Funnels {
		if f.PagesAt > 0 {
			done++
		}
	}
	if done < stopAt {
		t.Fatalf("%d funnels' pages kept, want at least %d", done, stopAt)
	}
	before, _ := requestsTo(sb, "/funnels/page")
	p := crawl(t, c, s)
	after, _ := requestsTo(sb, "/funnels/page")
	if !p.Resumed || after-before != seedFunnels-done {
		t.Fatalf("resumed %v: %d page requests after the stop, want %d", p.Resumed, after-before, seedFunnels-done)
	}
	if n, _ := requestsTo(sb, "/funnels/funnel/list"); n != 1 {
		t.Fatalf("the funnel list was read %d times", n)
	}
	snap := snapshot(t, s)
	if len(snap.Funnels) != seedFunnels || len(snap.Pages) != seedPages || len(snap.Redirects) != seedRedirects || len(snap.Folders) != seedFolders {
		t.Fatalf("index holds %d folders, %d funnels, %d pages, %d redirects", len(snap.Folders), len(snap.Funnels), len(snap.Pages), len(snap.Redirects))
	}
}
