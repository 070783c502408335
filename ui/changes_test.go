package ui

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// The sandbox's Free 7-Day Trial funnel, at the top level, and its first step.
const (
	trialFunnel = "tKvx487I4yks06qt7ovC"
	trialStep   = "Landing Page"
)

// changedHarness is a browser w×h on an index crawled twice: between the crawls a
// funnel was added at the top level and the Free 7-Day Trial's first step renamed.
func changedHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	sb, c := testClient(t, sandbox.Options{}, -1)
	store := builtIndex(t, sb, c)
	snap, err := store.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	stepID := ""
	for _, f := range snap.Funnels {
		if f.ID == trialFunnel && len(f.Steps) > 0 && f.Steps[0].Name == trialStep {
			stepID = f.Steps[0].ID
		}
	}
	if stepID == "" || sb.Server.EditStep(sb.Server.LocationID(), trialFunnel, stepID, sandbox.StepEdit{Name: "Trial Offer"}) != nil {
		t.Fatal("no Free 7-Day Trial with its Landing Page in the sandbox")
	}
	sb.Server.AddFunnel("Aaa Fresh Funnel")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := (&index.Crawler{Client: c, Store: store}).Run(ctx); err != nil {
		t.Fatal(err)
	}
	opts := demoOptions(c, sb)
	opts.Index = store
	return newIndexHarness(t, opts, w, h)
}

// sameWidths fails unless every line of v is width cells wide.
func sameWidths(t *testing.T, v string, width int) {
	t.Helper()
	for _, l := range strings.Split(v, "\n") {
		if w := ansi.StringWidth(l); w != width && l != "" {
			t.Fatalf("a line of %d cells on a screen of %d:\n%q\n%s", w, width, l, v)
		}
	}
}

// TestRowsNewOrChangedSinceTheCrawlBeforeAreMarked: at 80 and 200 columns the new
// funnel's row carries + and the funnel whose step was renamed •, in the marker's
// first cell, while an unchanged row has none; every line keeps its width.
func TestRowsNewOrChangedSinceTheCrawlBeforeAreMarked(t *testing.T) {
	for _, width := range []int{80, 200} {
		h := changedHarness(t, width, 30)
		v := h.waitUntil("the marks", func(v string) bool { return strings.Contains(v, "│+  Aaa Fresh") })
		for _, want := range []string{`│•  Free 7-Day`, `│   New Year`} {
			if !regexp.MustCompile(regexp.QuoteMeta(want)).MatchString(v) {
				t.Fatalf("at %d columns no row %q:\n%s", width, want, v)
			}
		}
		sameWidths(t, v, width)
	}
}

// TestTheChangesViewListsAndGoesTo: ':' → "Changes since last crawl" lists the two
// changes with old → new; enter on the renamed step opens its funnel with the step
// selected (and marked), and the view is closed; esc closes it too.
func TestTheChangesViewListsAndGoesTo(t *testing.T) {
	h := changedHarness(t, 80, 30)
	h.waitFor("Aaa Fresh")
	h.press(":")
	h.typeText("changes since last crawl")
	h.press("enter")
	v := h.waitFor("Changes", "name Landing Page → Trial Offer", "added", "Aaa Fresh Funnel")
	if n := len(h.m.bodies); n != 2 {
		t.Fatalf("%d bodies on the stack, want the browser and the view", n)
	}
	sameWidths(t, v, 80)
	h.press("esc")
	if len(h.m.bodies) != 1 || strings.Contains(h.view(), "Landing Page → Trial Offer") {
		t.Fatalf("esc should close the view:\n%s", h.view())
	}

	h.press(":")
	h.typeText("changes since last crawl")
	h.press("enter")
	h.waitFor("name Landing Page → Trial Offer")
	h.press("/")
	h.typeText("trial offer")
	h.press("enter", "enter")
	v = h.waitFor("Steps · Free 7-Day Trial")
	if len(h.m.bodies) != 1 {
		t.Fatalf("the view should close on going to the item:\n%s", v)
	}
	v = h.waitUntil("the step selected", func(v string) bool { return strings.Contains(v, "•▸ ") && strings.Contains(v, "Trial Offer") })
	if s := h.m.steps.selected(); s == nil || s.name != "Trial Offer" {
		t.Fatalf("the renamed step is not selected:\n%s", v)
	}
}
