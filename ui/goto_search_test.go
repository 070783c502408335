package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/ui/list"
)

// TestGoToAnythingFiltersALongListOffTheUpdateLoop: over a list long enough (here
// every list is, so the seed's serves), the keys typed show in the query line at once
// while the matches are found off the update loop; what then shows is what filtering
// at once shows, the same items in the same order, through typing, backspace and
// typing again.
func TestGoToAnythingFiltersALongListOffTheUpdateLoop(t *testing.T) {
	h, g := gotoOnTheSeed(t, 140, 40)
	g.searchAt = 1
	same := func(query string) {
		t.Helper()
		want := list.RankCatalog(g.set.cat, query)
		if g.list.Query() != query || g.list.Len() != len(want) {
			t.Fatalf("%q: %d shown for %q, filtering at once %d:\n%s", query, g.list.Len(), g.list.Query(), len(want), h.view())
		}
		for i, w := range want {
			if g.list.At(i) != w {
				t.Fatalf("%q: row %d is item %d, filtering at once %d", query, i, g.list.At(i), w)
			}
		}
	}
	h.typeText("doorbuster")
	if v := h.view(); !strings.Contains(v, "doorbuster") || strings.Contains(v, "of 278 items") || !strings.Contains(v, "278 items · searching…") {
		t.Fatalf("the keys typed are not on the screen before the matches, or the count does not say it is of an earlier query:\n%s", v)
	}
	h.waitUntil("the matches of doorbuster", func(string) bool { return g.list.Query() == "doorbuster" && !g.searching })
	if v := h.waitFor("of 278 items"); strings.Contains(v, "searching…") {
		t.Fatalf("the count of the query typed still says it is searching:\n%s", v)
	}
	same("doorbuster")
	h.press("backspace", "backspace", "backspace", "backspace")
	h.typeText("s sales")
	h.waitUntil("the matches of doorbus sales", func(string) bool { return g.list.Query() == "doorbus sales" && !g.searching })
	same("doorbus sales")
	if it := gotoSelected(t, h); !strings.Contains(strings.ToLower(it.Where+" "+it.Name), "door") {
		t.Fatalf("the best match of doorbus sales is %+v", it)
	}
}

// TestGoToAnythingSearchesNothingWhileTheScopeIsRead: a search's answer that comes
// while another scope's items are still being read starts no search for what was
// typed meanwhile (the items, once read, are filtered by it as they are shown): there
// is no set to search, nor rows to read ahead.
func TestGoToAnythingSearchesNothingWhileTheScopeIsRead(t *testing.T) {
	_, g := gotoOnTheSeed(t, 140, 40)
	g.searchAt = 1
	g.input.SetValue("door")
	g.showOrWait(nil) // a scope whose items are not read yet
	if cmd := g.filtered(gotoFilteredMsg{}); cmd != nil {
		t.Fatal("a search began with no items to search")
	}
}

// gotoOnTheSeed is the browser w×h over the seed's index, go to anything open over
// its 278 items.
func gotoOnTheSeed(t *testing.T, w, hgt int) (*harness, *gotoOverlay) {
	t.Helper()
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Index = builtIndex(t, sb, c)
	h := newIndexHarness(t, opts, w, hgt)
	h.waitFor("Spring Sale 2026")
	h.update(ctrlP)
	h.waitFor("Go to anything", "278 items")
	return h, h.m.overlay.(*gotoOverlay)
}
