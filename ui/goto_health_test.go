package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// healthGyms is a browser w×h on Summit Strength, of a sandbox that serves its gyms'
// pages: Lakeside Fit and Summit Strength each crawled into an index of its own and
// checked by client/check (the checks kept beside the indexes, as `funnels check`
// keeps them), Riverside Boxing Club listed with no index here, and Harbor Yoga with
// an index whose kept check is not one funnels can read. It returns the clients of
// Lakeside and Summit.
func healthGyms(t *testing.T, w, h int) (*harness, *client.Client, *client.Client) {
	t.Helper()
	sb, lakeside := testClient(t, sandbox.Options{Sites: sandbox.SitesOptions{Enabled: true}}, -1)
	summit, summitID := subAccountClient(t, sb, "Summit Strength")
	riverside, riversideID := subAccountClient(t, sb, "Riverside Boxing Club")
	lakesideIdx := builtIndex(t, sb, lakeside)
	summitIdx := index.Open(filepath.Join(t.TempDir(), "summit.db"), index.KeyOf(sb.URL, summitID))
	if _, err := (&index.Crawler{Client: summit, Store: summitIdx}).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	reach := sitesReach(t, sb)
	outs, err := check.RunIndexed(context.Background(), []check.Target{
		{ID: sb.Server.LocationID(), Name: "Lakeside Fit", Store: lakesideIdx, SavedPath: check.SavedPath(lakesideIdx.Path())},
		{ID: summitID, Name: "Summit Strength", Store: summitIdx, SavedPath: check.SavedPath(summitIdx.Path())},
	}, reach)
	if err != nil || len(outs) != 2 || outs[0].Result == nil || outs[1].Result == nil {
		t.Fatalf("the checks: %v %+v", err, outs)
	}
	harborIdx := index.Open(filepath.Join(t.TempDir(), "harbor.db"), index.KeyOf(sb.URL, "HarborYogaStudioLc04"))
	if err := os.WriteFile(check.SavedPath(harborIdx.Path()), []byte(`{"version": 1, "last": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	sw := finderSwitcher{
		opened: map[string]Opened{
			"lakeside": {Client: lakeside, Profile: "agency / Lakeside Fit", Index: lakesideIdx},
			"summit":   {Client: summit, Profile: "agency / Summit Strength", Index: summitIdx},
			"harbor":   {Index: harborIdx},
			// No index here until the browser opens it, as an opener makes one.
			"riverside": {Client: riverside, Profile: "agency / Riverside Boxing Club",
				Index: index.Open(filepath.Join(t.TempDir(), "riverside.db"), index.KeyOf(sb.URL, riversideID))},
		},
		fresh: map[string]bool{"riverside": true},
		names: map[string]string{"lakeside": "Lakeside Fit", "summit": "Summit Strength"},
		more:  []Account{{Name: "harbor", Profile: "agency", Location: "HarborYogaStudioLc04", LocationName: "Harbor Yoga Studio", Kind: "minted"}},
	}
	opts := demoOptions(summit, sb)
	opts.Index, opts.Switcher, opts.Account, opts.Check = summitIdx, sw, "summit", &reach
	hs := newIndexHarness(t, opts, w, h)
	hs.waitFor("Summit Open House")
	return hs, lakeside, summit
}

// subAccountClient is a client of sb's sub-account called name, and its id.
func subAccountClient(t *testing.T, sb *sandbox.Running, name string) (*client.Client, string) {
	t.Helper()
	for _, sub := range sb.Server.SubAccounts() {
		if sub.Name == name {
			c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sub.ID, TokenSource: staticToken(sub.DemoToken), MaxRetries: -1})
			if err != nil {
				t.Fatal(err)
			}
			return c, sub.ID
		}
	}
	t.Fatalf("the sandbox has no %s", name)
	return nil, ""
}

// healthRows is the rows of go to anything's health scope as read, or fails.
func healthRows(t *testing.T, h *harness) []gotoHealthItem {
	t.Helper()
	g, ok := h.m.overlay.(*gotoOverlay)
	if !ok || g.shown != scopeHealth || g.health.set == nil {
		t.Fatalf("go to anything is not open in its health scope:\n%s", h.view())
	}
	return g.health.set.items
}

// TestGoToAnythingHealthAcrossSubAccounts: at 80 and 200 columns, ! in go to
// anything lists what the checks kept beside each gym's index found — Lakeside's
// and Summit's findings, errors before warnings, each row naming its gym, then a row
// a gym: its counts and when it was checked, Riverside never checked, Harbor's check
// unreadable and why — every line of the screen its width; the same filter finds
// Lakeside's page that answers 404, and enter switches to Lakeside and selects its
// step, marked ✗.
func TestGoToAnythingHealthAcrossSubAccounts(t *testing.T) {
	for _, width := range []int{80, 200} {
		h, lakeside, _ := healthGyms(t, width, 30)
		h.update(ctrlP)
		h.waitFor("Go to anything · this sub-account", "tab all sub-accounts")
		h.typeText("!")
		v := h.waitFor("Go to anything · health · 6 errors, 7 warnings", "17 items in 4 sub-accounts", "tab this sub-account")
		checkFrame(t, h.m.View().Content, width, 30)

		rows := healthRows(t, h)
		var order []string
		for _, r := range rows {
			switch {
			case r.finding == nil:
				order = append(order, "gym")
			case r.mark == rowBroken:
				order = append(order, "error")
			default:
				order = append(order, "warning")
			}
		}
		if got := strings.Join(order, " "); got != strings.TrimSpace(strings.Repeat("error ", 6)+strings.Repeat("warning ", 7)+"gym gym gym gym") {
			t.Fatalf("at %d columns the rows come as %s", width, got)
		}
		gyms := map[string]gotoHealthItem{}
		for _, r := range rows[13:] {
			gyms[r.label] = r
		}
		for gym, want := range map[string]string{
			"Lakeside Fit":          "5 errors, 7 warnings · checked just now",
			"Summit Strength":       "1 error, 0 warnings · checked just now",
			"Riverside Boxing Club": "not checked yet · enter checks it",
			"Harbor Yoga Studio":    "its last check could not be read · the file kept beside its index is not a check this funnels reads",
		} {
			if got := gyms[gym].where + " · " + gyms[gym].what; !strings.HasPrefix(got, want) {
				t.Errorf("%s's row says %q, want %q", gym, got, want)
			}
		}
		if gyms["Harbor Yoga Studio"].mark != rowBroken || gyms["Riverside Boxing Club"].mark != rowPlain {
			t.Errorf("Harbor's unreadable check should be marked ✗, Riverside unmarked")
		}
		if row := line(v, "promo.lakesidefit.com"); !strings.Contains(row, "✗") || !strings.Contains(row, "Lakesid") || !strings.Contains(row, "domain") {
			t.Fatalf("at %d columns the domain's row should be marked and name its gym: %q", width, row)
		}
		if width == 200 && !strings.Contains(line(v, "summer-2024"), "→ redirect /summer-2024 → /spring-sale-opt-in") {
			t.Fatalf("at 200 columns the rows show their fix:\n%s", v)
		}

		h.typeText("address answers 404")
		v = h.waitFor("› !address answers 404", "1 of 17 items")
		g := h.m.overlay.(*gotoOverlay)
		best := g.health.set.items[g.list.Selected()]
		if best.finding == nil || best.account.Name != "lakeside" || best.finding.Subject.Type != check.SubjectStep {
			t.Fatalf("the best match is %+v:\n%s", best, v)
		}
		checkFrame(t, h.m.View().Content, width, 30)
		h.press("enter")
		v = h.waitUntil("Lakeside shown with the broken step selected", func(v string) bool {
			return h.m.account == "lakeside" && strings.Contains(v, "Steps · Free Workout Guide") && strings.Contains(v, "│✗▸ 2  Thank You")
		})
		if h.m.client != lakeside || h.m.overlay != nil || len(h.m.bodies) != 1 {
			t.Fatalf("the switch should show Lakeside's panes alone:\n%s", v)
		}
		sameWidths(t, v, width)
	}
}

// TestGoToAnythingHealthFixAndHealthView: from Summit, enter on a redirect of
// Lakeside's whose fix is known switches to Lakeside and opens the redirect's form
// filled with the fix, as in the Health view; the box opens again in its health
// scope, where enter on Summit's own row switches back and opens Summit's Health view,
// and enter on Riverside's (never checked) switches there and checks it. A ! typed
// into the box reopened in health is not searched for.
func TestGoToAnythingHealthFixAndHealthView(t *testing.T) {
	h, _, summit := healthGyms(t, 100, 30)
	h.update(ctrlP)
	h.typeText("!summer-2024")
	h.waitFor("› !summer-2024", "1 of 17 items in 4 sub-accounts")
	h.press("enter")
	v := h.waitFor("Edit redirect · offers.lakesidefit.com/summer-2024", "The check's fix: redirect /summer-2024 → /spring-sale-opt-in.")
	if h.m.account != "lakeside" || !strings.Contains(v, "> https://offers.lakesidefit.com/spring-sale-opt-in") {
		t.Fatalf("on %s, the form should hold the fix's target:\n%s", h.m.account, v)
	}
	h.press("esc")
	h.waitUntil("the form closed", func(v string) bool { return !strings.Contains(v, "Edit redirect") })

	h.update(ctrlP)
	h.waitFor("› !", "Go to anything · health · 6 errors, 7 warnings")
	h.typeText("!") // out of habit: the box is in health already
	if q := h.m.overlay.(*gotoOverlay).input.Value(); q != "!" {
		t.Fatalf("a ! typed into the box reopened in health made the query %q", q)
	}
	h.typeText("health summit")
	h.waitFor("› !health summit")
	if rows := healthRows(t, h); rows[h.m.overlay.(*gotoOverlay).list.Selected()].account.Name != "summit" {
		t.Fatalf("the best match should be Summit's row:\n%s", h.view())
	}
	h.press("enter")
	v = h.waitFor("Health · checked", "1 error, 0 warnings", "www.summitstrength.com/meet")
	if h.m.account != "summit" || h.m.client != summit {
		t.Fatalf("enter should have switched to Summit (on %s):\n%s", h.m.account, v)
	}

	// Riverside, never checked: enter on its row switches there and its Health view
	// checks it, reading it into its new index first.
	h.update(ctrlP)
	h.typeText("riverside")
	h.waitFor("› !riverside", "of 17 items", "not checked yet")
	if rows := healthRows(t, h); rows[h.m.overlay.(*gotoOverlay).list.Selected()].account.Name != "riverside" {
		t.Fatalf("the best match should be Riverside's row:\n%s", h.view())
	}
	h.press("enter")
	h.waitUntil("Riverside's Health view, checked", func(v string) bool {
		return h.m.account == "riverside" && strings.Contains(v, "Health · checked")
	})
}

// TestGoToAnythingHealthOfOneSubAccount: where the browser cannot switch, the health
// scope is the sub-account's own. Never checked, its row says so and enter opens the
// Health view, which checks; the box then opens in the health scope with what the
// check found; tab goes back to the items, and ! typed first, then taken out, goes
// there and back; the palette opens the box in the health scope.
func TestGoToAnythingHealthOfOneSubAccount(t *testing.T) {
	h, _ := healthHarness(t, 80, 24, nil, "")
	h.waitFor("Archive/")
	h.update(ctrlP)
	v := h.waitFor("Go to anything", "tab health", "! for health")
	if strings.Contains(v, "this sub-account") {
		t.Fatalf("with no switcher the box has no scope of all sub-accounts:\n%s", v)
	}
	h.press("tab")
	h.waitFor("Go to anything · health · 0 errors, 0 warnings", "1 items in 1 sub-account", "not checked yet", "enter checks it")
	h.press("enter")
	h.waitFor("Health · checked", "5 errors, 7 warnings")
	h.press("esc")
	h.waitUntil("the view closed", func(v string) bool { return len(h.m.bodies) == 1 })

	h.update(ctrlP)
	v = h.waitFor("Go to anything · health · 5 errors, 7 warnings", "13 items in 1 sub-account", "tab this sub-account")
	checkFrame(t, h.m.View().Content, 80, 24)
	if row := line(v, "the domain does not resolve"); !strings.Contains(row, "✗▸") || ansi.StringWidth(row) > 80 {
		t.Fatalf("the worst finding should come first, marked: %q", row)
	}
	h.press("tab")
	v = h.waitFor("Go to anything ─", "285 items · indexed")
	if strings.Contains(v, "› !") {
		t.Fatalf("tab should take the ! out of the query:\n%s", v)
	}
	h.typeText("!")
	h.waitFor("Go to anything · health · 5 errors, 7 warnings")
	h.press("backspace")
	h.waitFor("Go to anything ─", "285 items · indexed")

	// The palette's "Health of every sub-account" opens the box in the health scope.
	h.press("esc", ":")
	h.typeText("health of every")
	h.press("enter")
	h.waitFor("› !", "Go to anything · health · 5 errors, 7 warnings")
}

// TestGoToAnythingHealthSaysWhenTheCheckKeptIsOld: a sub-account's row says how long
// ago its check ran, by the browser's clock.
func TestGoToAnythingHealthSaysWhenTheCheckKeptIsOld(t *testing.T) {
	of := healthOf{account: Account{Name: "a", LocationName: "Riverside Boxing Club"}, at: time.Date(2026, 11, 29, 4, 0, 0, 0, time.UTC),
		counts: check.Counts{Errors: 3, Warnings: 2}}
	set := newGotoHealthSet([]healthOf{of}, nil, of.at.Add(2*time.Hour+5*time.Minute), "")
	it := set.items[0]
	if got := it.label + " · " + it.where + " · " + it.what; got != "Riverside Boxing Club · 3 errors, 2 warnings · checked 2h ago" || it.mark != rowBroken {
		t.Fatalf("the row says %q (mark %d)", got, it.mark)
	}
	const off = "the team server does not offer the check"
	cut := healthOf{account: of.account, cutShort: of.at}
	if it := newGotoHealthSet([]healthOf{cut}, nil, of.at.Add(10*time.Minute), off).items[0]; it.what != "a check was cut short 10m ago — "+off {
		t.Fatalf("a check cut short, where none may run, says %q", it.what)
	}
}

// TestOtherIndexesListEachIndexAndLocationOnce: the agency profile whose location is
// Lakeside's shares Lakeside's index, which is listed once, under Lakeside's name; a
// profile of Lakeside's location with no index of its own is not "never checked",
// Lakeside being read; Riverside, whose location nobody has an index of, is.
func TestOtherIndexesListEachIndexAndLocationOnce(t *testing.T) {
	dir := t.TempDir()
	here := index.Open(filepath.Join(dir, "summit.db"), "summit")
	lakeside := filepath.Join(dir, "lakeside.db")
	sw := finderSwitcher{
		opened: map[string]Opened{
			"agency":   {Index: index.Open(lakeside, "lakeside")},
			"lakeside": {Index: index.Open(lakeside, "lakeside")},
			"summit":   {Index: here},
		},
		names: map[string]string{"lakeside": "Lakeside Fit", "summit": "Summit Strength"},
		more: []Account{
			{Name: "agency", Profile: "agency", Location: "LakesideFit2026Loc01", Kind: "agency"},
			{Name: "sandbox", Profile: "sandbox", Location: "LakesideFit2026Loc01", Kind: "oauth"},
		},
	}
	got := listOtherIndexes(context.Background(), sw, "summit", here)
	if len(got.accounts) != 1 || got.accounts[0].Name != "lakeside" || got.stores[0].Path() != lakeside {
		t.Errorf("the accounts with an index: %+v", got.accounts)
	}
	if len(got.noIndex) != 1 || got.noIndex[0].Name != "riverside" {
		t.Errorf("the locations never read here: %+v", got.noIndex)
	}
	if got.mine == nil || got.mine.LocationName != "Summit Strength" {
		t.Errorf("the shown account as listed: %+v", got.mine)
	}
}

// The box left in health, reached from every sub-account's scope, opens again in
// health without reading every sub-account's catalogs on the way.
func TestGoToAnythingReopenedInHealthReadsNoOtherScope(t *testing.T) {
	h, _, _ := healthGyms(t, 100, 30)
	h.update(ctrlP)
	h.waitFor("Go to anything · this sub-account")
	h.press("tab")
	h.waitFor("Go to anything · all sub-accounts")
	h.waitUntil("every sub-account's items read", func(string) bool { return h.m.across.loading == 0 })
	h.press("tab")
	h.waitFor("Go to anything · health")
	h.press("esc")
	h.waitUntil("the box closed", func(string) bool { return h.m.overlay == nil })
	h.update(ctrlP)
	if h.m.across.loading != 0 {
		t.Fatal("opening the box in health read every sub-account's catalogs first")
	}
	h.waitFor("Go to anything · health")
}
