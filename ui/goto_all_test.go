package ui

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// finderSwitcher opens two gyms made beforehand, each with its own index, and says
// where the indexes are.
type finderSwitcher struct {
	opened  map[string]Opened
	names   map[string]string // the gyms' names, by account
	listErr error             // what List says beside its list
	more    []Account         // listed after the three gyms
	fresh   map[string]bool   // accounts whose index Open makes: none found before
}

func (s finderSwitcher) List(context.Context) ([]Account, error) {
	return append([]Account{
		{Name: "lakeside", Profile: "agency", Location: "LakesideFit2026Loc01", LocationName: s.names["lakeside"], Kind: "minted"},
		{Name: "summit", Profile: "agency", Location: "SummitStrengthLoc002", LocationName: s.names["summit"], Kind: "minted"},
		{Name: "riverside", Profile: "agency", Location: "RiversideBoxingLoc03", LocationName: "Riverside Boxing Club", Kind: "minted"}, // no index
	}, s.more...), s.listErr
}

func (s finderSwitcher) Open(_ context.Context, name string) (Opened, error) {
	return s.opened[name], nil
}

func (s finderSwitcher) Indexes(_ context.Context, accounts []Account) map[string]*index.Store {
	out := map[string]*index.Store{}
	for _, a := range accounts {
		if o, ok := s.opened[a.Name]; ok && o.Index != nil && !s.fresh[a.Name] {
			out[a.Name] = o.Index
		}
	}
	return out
}

// Go to anything across sub-accounts: tab changes the scope (the title says which);
// in "all sub-accounts" the rows come from both gyms' indexes, each naming its gym;
// enter on the other gym's funnel switches to that gym and selects the funnel in
// its folder; tab again searches the gym on screen only.
func TestGoToAnythingAcrossSubAccounts(t *testing.T) {
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
	sw := finderSwitcher{
		opened: map[string]Opened{
			"lakeside": {Client: lakeside, Profile: "agency / Lakeside Fit", Index: lakesideIdx},
			"summit":   {Client: summit, Profile: "agency / Summit Strength", Index: summitIdx},
		},
		names: map[string]string{"lakeside": "Lakeside Fit", "summit": "Summit Strength"},
	}
	opts := demoOptions(lakeside, sb)
	opts.Index, opts.Switcher, opts.Account = lakesideIdx, sw, "lakeside"
	h := newIndexHarness(t, opts, 140, 40)
	h.waitFor("Spring Sale 2026")

	h.update(ctrlP)
	h.waitFor("Go to anything · this sub-account", "278 items", "tab all sub-accounts")
	h.typeText("strongman")
	h.waitFor("of 278 items")

	h.press("tab")
	v := h.waitFor("Go to anything · all sub-accounts", "of 329 items in 2 sub-accounts", "Strongman Saturday")
	if row := line(v, "Strongman Saturday"); !strings.Contains(row, "Summit Strength") {
		t.Fatalf("the row does not name its sub-account: %q", row)
	}
	if it := gotoSelected(t, h); it.Name != "Strongman Saturday" || it.Kind != index.KindFunnel {
		t.Fatalf("the best match is %+v", it)
	}
	// At 80 columns every row still names its sub-account.
	g := h.m.overlay.(*gotoOverlay)
	content, _, _ := g.view(80, 22)
	lines := strings.Split(ansi.Strip(content), "\n")
	from, to := g.list.Visible()
	for i := from; i < to; i++ {
		row, label := lines[3+i-from], g.set.label(g.list.At(i))
		if ansi.StringWidth(row) > 80 || !strings.Contains(row, label[:6]) {
			t.Errorf("row %d at 80 columns does not name %s: %q", i, label, row)
		}
	}
	// Typing reads keys only: no catalog's folders are read (their items' pages stay
	// untouched) until an item is gone to.
	if g.across.set.folders != nil || g.here.folders != nil {
		t.Fatal("the folders were read before an item was gone to")
	}
	h.press("enter")
	h.waitUntil("summit shown with the funnel selected in its folder", func(v string) bool {
		sel := h.m.entities.selected()
		return h.m.account == "summit" && strings.Contains(v, "Root › Events") && sel != nil && sel.name == "Strongman Saturday"
	})
	if h.m.client != summit || h.m.idx == nil || h.m.idx.store != summitIdx {
		t.Fatal("the switch did not take summit's client and index")
	}

	// Back in summit, the scope is still every sub-account; Lakeside's items are one
	// enter away, and shift+tab searches summit alone.
	h.update(ctrlP)
	h.waitFor("Go to anything · all sub-accounts", "329 items in 2 sub-accounts", "tab health")
	h.typeText("doorbuster order")
	h.waitFor("Lakeside Fit")
	h.press("shift+tab")
	h.waitFor("Go to anything · this sub-account", "of 51 items")
	h.press("esc")
}

// What could not be listed is said on a line of its own; the items that could be
// read are searched all the same.
func TestGoToAnythingAcrossSubAccountsSaysWhatWasNotRead(t *testing.T) {
	sb, lakeside := testClient(t, sandbox.Options{}, -1)
	idx := builtIndex(t, sb, lakeside)
	sw := finderSwitcher{
		opened:  map[string]Opened{"lakeside": {Client: lakeside, Profile: "agency / Lakeside Fit", Index: idx}},
		names:   map[string]string{"lakeside": "Lakeside Fit", "summit": "Summit Strength"},
		listErr: errors.New("the sub-accounts of agency could not be listed (503 Service Unavailable)"),
	}
	opts := demoOptions(lakeside, sb)
	opts.Index, opts.Switcher, opts.Account = idx, sw, "lakeside"
	h := newIndexHarness(t, opts, 140, 40)
	h.waitFor("Spring Sale 2026")
	h.update(ctrlP)
	h.waitFor("Go to anything · this sub-account", "278 items")
	h.press("tab")
	v := h.waitFor("✗ some sub-accounts could not be read: the sub-accounts of agency could not be listed (503 Service Unavailable)",
		"278 items in 1 sub-account ")
	checkFrame(t, v, 140, 40)
}
