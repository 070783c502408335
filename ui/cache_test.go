package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// emptyIndex is an index of sb's location in the test's directory.
func emptyIndex(t *testing.T, sb *sandbox.Running) *index.Store {
	t.Helper()
	return index.Open(filepath.Join(t.TempDir(), "index.db"), index.KeyOf(sb.URL, sb.Server.LocationID()))
}

// newIndexHarness is newHarness for a model with an index: its commands get a
// context that ends with the test, and the test waits for a write under way before
// its directory is removed.
func newIndexHarness(t *testing.T, opts Options, w, h int) *harness {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var hs *harness
	t.Cleanup(func() {
		cancel()
		// Waits for the write under way to the index given and to the one the browser
		// switched to, before their folders are removed.
		if opts.Index != nil {
			_, _ = opts.Index.State(context.Background())
		}
		if hs.m.idx != nil && hs.m.idx.store != nil && hs.m.idx.store != opts.Index {
			_, _ = hs.m.idx.store.State(context.Background())
		}
	})
	if opts.Debounce == 0 {
		opts.Debounce = -1
	}
	hs = &harness{t: t, m: New(opts), msgs: make(chan tea.Msg, 4096)}
	hs.m.sh.setContext(ctx)
	if opts.Client != nil {
		stop := forwardEvents(opts.Client, func(msg tea.Msg) { hs.msgs <- msg })
		t.Cleanup(stop)
	}
	hs.update(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.m.Init())
	return hs
}

// builtIndex is an index of sb's location, crawled whole.
func builtIndex(t *testing.T, sb *sandbox.Running, c *client.Client) *index.Store {
	t.Helper()
	s := emptyIndex(t, sb)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := (&index.Crawler{Client: c, Store: s}).Run(ctx); err != nil {
		t.Fatalf("crawl: %v", err)
	}
	return s
}

// ctrlP is the key of "go to anything".
var ctrlP = tea.KeyPressMsg{Code: 'p', Mod: tea.ModCtrl}

// answered counts the answers the sandbox sent for path.
func answered(sb *sandbox.Running, path string) int {
	n := 0
	for _, r := range sb.Server.Requests() {
		if r.Path == path {
			n++
		}
	}
	return n
}

// TestAWarmStartPaintsBeforeTheServerAnswers: with the server taking half a minute,
// the root folder shows from the index at once, marked cached with its age, and no
// answer has come yet.
func TestAWarmStartPaintsBeforeTheServerAnswers(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	store := builtIndex(t, sb, c)
	sb.Server.SetFaults(sandbox.Faults{FixedLatency: 30 * time.Second})
	sb.Server.ResetLog()
	opts := demoOptions(c, sb)
	opts.Index = store
	h := newIndexHarness(t, opts, 120, 40)
	v := h.waitFor("Spring Sale 2026", "Archive/", "cached just now")
	if n := answered(sb, "/funnels/funnel/folder/entities"); n != 0 {
		t.Fatalf("the server had answered %d times before the paint", n)
	}
	if r := funnelRow(h, "Spring Sale 2026"); r == nil || r.stepsMissing || r.rec.steps() != 5 {
		t.Fatalf("the cached funnels come without their steps:\n%s", v)
	}
	h.press("down", "down", "down", "down", "down", "down", "down", "down", "down") // Spring Sale 2026
	v = h.waitFor("Steps · Spring Sale 2026", "Opt-in")
}

// TestWhatChangedUpdatesInPlace: painted from the index, filtered and with the cursor
// on a funnel, the browser takes the server's answer — a funnel that gained a step —
// without losing the filter or moving the cursor, and the rows are no longer cached.
func TestWhatChangedUpdatesInPlace(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	store := builtIndex(t, sb, c)
	snap, err := store.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var spring string
	for _, f := range snap.Funnels {
		if f.Name == "Spring Sale 2026" {
			spring = f.ID
		}
	}
	if _, _, err := c.CreateStep(context.Background(), client.CreateStepRequest{FunnelID: spring,
		Step: client.NewStep{Name: "Bonus", URL: "/spring-bonus", Type: "optin_funnel_page", Sequence: 6}}); err != nil {
		t.Fatal(err)
	}
	sb.Server.SetFaults(sandbox.Faults{FixedLatency: 300 * time.Millisecond})
	opts := demoOptions(c, sb)
	opts.Index = store
	h := newIndexHarness(t, opts, 120, 40)
	h.waitFor("Spring Sale 2026", "cached")
	h.press("/")
	h.typeText("sale")
	h.press("enter")
	h.press("down") // Spring Sale 2026, below Summer Sale? whichever: remember it
	v := h.view()
	sel := ""
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "▸") && strings.Contains(l, "Sale") {
			sel = strings.TrimSpace(strings.SplitN(strings.SplitN(l, "▸", 2)[1], "  ", 2)[0])
			break
		}
	}
	if sel == "" {
		t.Fatalf("no funnel selected after the filter:\n%s", v)
	}
	v = h.waitUntil("the server's answer", func(v string) bool {
		r := funnelRow(h, "Spring Sale 2026")
		return r != nil && r.rec.steps() == 6 && !strings.Contains(statusLine(v), "cached")
	})
	if !strings.Contains(v, "/sale") {
		t.Fatalf("the filter was lost:\n%s", v)
	}
	if r := h.m.entities.selected(); r == nil || r.name != sel {
		t.Fatalf("the cursor left %q:\n%s", sel, v)
	}
	// What the server said went into the index.
	h.waitUntil("the index written", func(string) bool {
		l, err := store.Listing(context.Background(), "")
		if err != nil {
			return false
		}
		for _, f := range l.Funnels {
			if f.ID == spring && len(f.Steps) == 6 {
				return true
			}
		}
		return false
	})
}

// TestGoToAnything: ctrl+p lists what the index holds; typing narrows it; enter on a
// page opens its folder, funnel and step in the panes with the page selected, and on
// a step selects the step.
func TestGoToAnything(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Index = builtIndex(t, sb, c)
	h := newIndexHarness(t, opts, 140, 40)
	h.waitFor("Spring Sale 2026")
	h.update(ctrlP)
	v := h.waitFor("Go to anything", "items")
	if !strings.Contains(v, "278 items") {
		t.Fatalf("go to anything should list every item of the index:\n%s", v)
	}
	h.typeText("black friday doorbuster sales")
	h.waitFor("of 278 items")
	if it := gotoSelected(t, h); it.Name != "Sales Page" || !strings.Contains(it.Where, "Doorbuster") {
		t.Fatalf("the best match is %+v, not the doorbuster's sales step or page", it)
	}
	h.press("esc")
	h.update(ctrlP)
	h.typeText("/black-friday-doorbuster-sales")
	h.waitFor("of 278 items")
	for i := 0; i < 5 && gotoSelected(t, h).Kind != index.KindPage; i++ {
		h.press("down")
	}
	if it := gotoSelected(t, h); it.Kind != index.KindPage || it.Name != "Sales Page" {
		t.Fatalf("the page is not among the first matches: %+v", it)
	}
	h.press("enter")
	h.waitUntil("the page selected in its folder", func(v string) bool {
		return strings.Contains(v, "Root › Archive › 2025 Campaigns › Black Friday 2025") &&
			h.m.entities.selected() != nil && h.m.entities.selected().name == "Black Friday 2025 Doorbuster" &&
			strings.Contains(v, "Pages · Sales Page") && h.m.pages.selected() != nil && h.m.pages.selected().name == "Sales Page"
	})
	if h.m.focus != panePages {
		t.Fatalf("the focus should be on the pages pane, is on %d", h.m.focus)
	}

	h.update(ctrlP)
	h.typeText("registration live q&a")
	h.waitFor("of 278 items")
	for i := 0; i < 6 && gotoSelected(t, h).Kind != index.KindStep; i++ {
		h.press("down")
	}
	if it := gotoSelected(t, h); it.Kind != index.KindStep || it.Name != "Registration" {
		t.Fatalf("the step is not among the first matches: %+v", it)
	}
	h.press("enter")
	h.waitUntil("the step selected", func(v string) bool {
		return strings.Contains(v, "Root › Webinars") && strings.Contains(v, "Steps · Live Q&A") &&
			h.m.steps.selected() != nil && h.m.steps.selected().name == "Registration"
	})
	if h.m.focus != paneSteps {
		t.Fatalf("the focus should be on the steps pane, is on %d", h.m.focus)
	}

	// A domain goes to the first funnel that uses it.
	const host = "webinars.lakesidefit.com"
	cat, err := opts.Index.MappedCatalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	onIt := map[string]bool{}
	for i := range cat.Len() {
		if it := cat.Item(i, nil); it.Kind == index.KindFunnel && client.Host(it.Domain) == host {
			onIt[it.Name] = true
		}
	}
	if len(onIt) == 0 {
		t.Fatalf("no funnel of the index is on %s", host)
	}
	h.update(ctrlP)
	h.typeText(host)
	h.waitFor("of 278 items")
	for i := 0; i < 6 && gotoSelected(t, h).Kind != index.KindDomain; i++ {
		h.press("down")
	}
	if it := gotoSelected(t, h); it.Kind != index.KindDomain {
		t.Fatalf("the domain is not among the first matches: %+v", it)
	}
	h.press("enter")
	h.waitUntil("a funnel on the domain selected", func(v string) bool {
		return strings.Contains(v, "went to funnel") && h.m.entities.selected() != nil && onIt[h.m.entities.selected().name]
	})
}

// TestAnEmptyIndexIsBuiltInTheBackground: with an index never built and AutoIndex,
// the browser crawls by itself and says so on the right of the status bar (its
// requests are not in flight for the user, and the request log marks them), then goes to
// anything.
func TestAnEmptyIndexIsBuiltInTheBackground(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{Limit: 1000, Window: time.Second}, -1)
	opts := demoOptions(c, sb)
	opts.Index, opts.AutoIndex = emptyIndex(t, sb), true
	h := newIndexHarness(t, opts, 120, 40)
	h.waitFor("Spring Sale 2026")
	h.waitUntil("the crawl to end", func(v string) bool {
		return h.m.idx.crawl == nil && !h.m.idx.built.IsZero() && !strings.Contains(statusLine(v), "indexing")
	})
	h.update(ctrlP)
	h.typeText("webinar room")
	h.waitFor("of 278 items", "Webinar Room")
	// The crawl's requests are in the log, each marked as the crawl's.
	user, crawl := 0, 0
	for i := range h.m.reqlog.len() {
		if h.m.reqlog.at(i).lane == "" {
			user++
		} else {
			crawl++
		}
	}
	if user > 3 || crawl == 0 {
		t.Fatalf("the crawl's requests should be in the log marked as its: %d of the user's, %d of the crawl's", user, crawl)
	}
}

// TestGoToAnythingBuildsASessionIndex: without AutoIndex (--demo, --no-cache) nothing
// is crawled at start; the first ctrl+p on the empty index builds it, and the box
// fills in when the crawl ends.
func TestGoToAnythingBuildsASessionIndex(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{Limit: 1000, Window: time.Second}, -1)
	opts := demoOptions(c, sb)
	opts.Index = emptyIndex(t, sb)
	h := newIndexHarness(t, opts, 120, 40)
	h.waitUntil("the index's state read", func(string) bool { return h.m.idx.checked })
	h.waitFor("Spring Sale 2026")
	if h.m.idx.crawl != nil {
		t.Fatal("a crawl started by itself without AutoIndex")
	}
	h.update(ctrlP)
	if h.m.idx.crawl == nil {
		t.Fatal("go to anything on an index never built did not build it")
	}
	h.typeText("thank you")
	h.waitFor("Go to anything", "of 278 items", "Thank You")
}

// TestCachedRowsOfARefusedLocationAreStale: the token can no longer read the location
// (401): the cached rows stay on screen, the status bar calls them stale, not
// current, and "go to anything" marks every item stale.
func TestCachedRowsOfARefusedLocationAreStale(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	store := builtIndex(t, sb, c)
	sb.Server.ExpireAccessTokens()
	expired, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(),
		TokenSource: staticToken(sb.Server.IssueToken(-time.Hour)), MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	opts := demoOptions(expired, sb)
	opts.Index = store
	h := newIndexHarness(t, opts, 120, 40)
	// The refusal and the paint from the index come in either order; the rows show
	// once the index is read, whichever came first.
	h.waitUntil("the refusal, over the cached rows", func(v string) bool {
		return strings.Contains(statusLine(v), "401") && strings.Contains(v, "Spring Sale 2026")
	})
	h.press("j") // a key clears the error line; the badge stays
	if st := statusLine(h.view()); !strings.Contains(st, "stale · cached") {
		t.Fatalf("the status bar should say the rows are stale: %q", st)
	}
	h.update(ctrlP)
	h.typeText("spring sale")
	h.waitFor("of 278 items")
	if it := gotoSelected(t, h); !it.Stale || !strings.Contains(line(h.view(), "Spring Sale 2026  "), "stale") {
		t.Fatalf("an item the token can no longer read is not marked stale: %+v", it)
	}
}

// staticToken is a token source of one token.
func staticToken(tok string) oauth2.TokenSource {
	return oauth2.StaticTokenSource(&oauth2.Token{AccessToken: tok})
}

// gotoSelected is the item under the cursor of the open "go to anything".
func gotoSelected(t *testing.T, h *harness) index.Item {
	t.Helper()
	g, ok := h.m.overlay.(*gotoOverlay)
	if !ok || g.set == nil || g.list.Selected() < 0 {
		t.Fatalf("go to anything is not open with items:\n%s", h.view())
	}
	return g.set.item(g.list.Selected())
}

// funnelRow is the row of the funnel called name in the current folder, or nil.
func funnelRow(h *harness, name string) *entityRow {
	rows := h.m.entities.current().rows
	for i := range rows {
		if !rows[i].folder && rows[i].name == name {
			return &rows[i]
		}
	}
	return nil
}

// indexSwitcher opens accounts made beforehand, each with its own index.
type indexSwitcher map[string]Opened

func (s indexSwitcher) List(context.Context) ([]Account, error) {
	var out []Account
	for name := range s {
		out = append(out, Account{Name: name, Profile: name})
	}
	return out, nil
}

func (s indexSwitcher) Open(_ context.Context, name string) (Opened, error) { return s[name], nil }

// TestASwitchNeverMixesTwoIndexes: each sub-account has its own index; after a switch
// "go to anything" lists the new one's items and none of the old one's, and the new
// one's root paints from its own index.
func TestASwitchNeverMixesTwoIndexes(t *testing.T) {
	sb, lakeside := testClient(t, sandbox.Options{}, -1)
	var summitToken, summitID string
	for _, sub := range sb.Server.SubAccounts() {
		if sub.Name == "Summit Strength" {
			summitToken, summitID = sub.DemoToken, sub.ID
		}
	}
	summit, err := client.New(client.Options{BaseURL: sb.URL, LocationID: summitID, TokenSource: staticToken(summitToken), MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	lakesideIdx := builtIndex(t, sb, lakeside)
	summitIdx := index.Open(filepath.Join(t.TempDir(), "summit.db"), index.KeyOf(sb.URL, summitID))
	if _, err := (&index.Crawler{Client: summit, Store: summitIdx}).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	sw := indexSwitcher{
		"lakeside": {Client: lakeside, Profile: "lakeside", Index: lakesideIdx},
		"summit":   {Client: summit, Profile: "summit", Index: summitIdx},
	}
	opts := demoOptions(lakeside, sb)
	opts.Index, opts.Switcher, opts.Account = lakesideIdx, sw, "lakeside"
	h := newIndexHarness(t, opts, 140, 40)
	h.waitFor("Spring Sale 2026")
	h.run(h.m.switchTo(Account{Name: "summit", Profile: "summit"}))
	h.waitFor("Summit Open House", "Memberships/")
	h.update(ctrlP)
	h.typeText("o")
	h.waitUntil("summit's items", func(string) bool {
		g, ok := h.m.overlay.(*gotoOverlay)
		return ok && g.set != nil && g.set.gen != 0
	})
	g := h.m.overlay.(*gotoOverlay)
	seen := false
	for i := range g.set.len() {
		it := g.set.item(i)
		if it.Name == "Spring Sale 2026" || strings.Contains(it.Where, "Webinars") {
			t.Fatalf("after the switch, go to anything lists Lakeside's %+v", it)
		}
		seen = seen || it.Name == "Summit Open House"
	}
	if !seen {
		t.Fatal("go to anything does not list the sub-account switched to")
	}
}
