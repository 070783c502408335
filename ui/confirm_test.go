package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// Tests of the questions asked before a page action: each starts on Cancel and says
// so, enter does what is highlighted, a no says "cancelled" and sends nothing, and
// after a yes no row keeps a label the step no longer gives it.

const updatePath = "/funnels/funnel/update-funnel-and-page"

// toSplitStep opens Webinars › Webinar: Grow Your Gym › Registration (a 50/50 split
// test) with the focus on its pages.
func (h *harness) toSplitStep() {
	h.t.Helper()
	h.waitFor("Webinars/")
	h.selectRow("Webinars/")
	h.press("enter")
	h.waitFor("Webinar: Grow Your Gym")
	h.selectRow("Webinar: Grow Your Gym")
	h.press("tab")
	h.selectRow("Registration")
	h.press("tab")
	h.waitFor("Pages · Registration", "control 50%", "variation 50%")
}

// pageStatus is what the pages pane says of the page named name ("" when it lists
// none).
func (h *harness) pageStatus(name string) string {
	if ps := h.m.pages.current(); ps != nil {
		for _, r := range ps.rows {
			if r.name == name {
				return r.status
			}
		}
	}
	return ""
}

// cancelled checks that the question closed, the status bar says "cancelled" and
// no update was sent.
func cancelled(t *testing.T, h *harness, sb *sandbox.Running) {
	t.Helper()
	v := h.waitUntil("the question to close", func(string) bool { return !h.formOpen() })
	if st := statusLine(v); !strings.Contains(st, "cancelled") || !strings.Contains(st, "nothing was sent") {
		t.Fatalf("a no says so in the status bar: %q", st)
	}
	if n := len(sent(sb, "POST", updatePath)); n != 0 {
		t.Fatalf("a no sends nothing; %d updates were sent", n)
	}
}

func TestEndSplitTestAsksAndEnterDoesWhatIsHighlighted(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.toSplitStep()

	// S, the variation as winner, enter, enter: the question's default is Cancel,
	// shown as such, so the second enter cancels — and says so.
	h.press("S")
	h.waitFor("End split test · Registration", "Winner")
	h.press("down", "enter")
	h.focusOn("End the test?")
	h.waitFor("enter: cancel (highlighted)")
	h.press("enter")
	cancelled(t, h, sb)
	if v := h.view(); !strings.Contains(v, "50/50") || !strings.Contains(v, "variation 50%") {
		t.Fatalf("a cancelled end leaves the test running:\n%s", v)
	}

	// Again, with the highlight moved to End test: the line says what enter does now.
	h.press("S")
	h.waitFor("Winner")
	h.press("down", "enter")
	h.focusOn("End the test?")
	h.press("left")
	h.waitFor("enter: End test (highlighted)")
	h.press("enter")
	v := h.waitUntil("the test ended and the pages read again", func(v string) bool {
		return !h.formOpen() && strings.Contains(statusLine(v), "ended the split test of Registration: Registration (Variation B) won") &&
			h.pageStatus("Registration (Variation B)") == "live" && h.pageStatus("Registration") == "archived"
	})
	// No stale label: the winner is a live page now, not "variation 50%", and the
	// step no longer shows a split.
	if strings.Contains(v, "variation 50%") || strings.Contains(v, "control 50%") || strings.Contains(v, "50/50") {
		t.Fatalf("labels of the ended test are left:\n%s", v)
	}
}

func TestArchiveTheVariationEndsItsLabels(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.toSplitStep()
	h.selectRow("Registration (Variation B)")

	// A, enter: Cancel is the default.
	h.press("A")
	h.waitFor("Archive page", "Archive “Registration (Variation B)”?", "enter: cancel (highlighted)")
	h.press("enter")
	cancelled(t, h, sb)

	// A, ←, enter: archived.
	h.press("A")
	h.waitFor("enter: cancel (highlighted)")
	h.press("left")
	h.waitFor("enter: Archive (highlighted)")
	h.press("enter")
	v := h.waitUntil("the variation archived", func(v string) bool {
		return !h.formOpen() && h.pageStatus("Registration (Variation B)") == "archived"
	})
	// The control is the step's only page now: it reads live, not "control 50%".
	if h.pageStatus("Registration") != "live" || strings.Contains(v, "control 50%") || strings.Contains(v, "50/50") {
		t.Fatalf("the control keeps a split label after the variation was archived:\n%s", v)
	}
	if !strings.Contains(statusLine(v), "archived page Registration (Variation B)") {
		t.Fatalf("status: %q", statusLine(v))
	}
}

func TestRestoreAsksAndEnterDoesWhatIsHighlighted(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	// Spring Sale 2026 › Sales Page has an archived older page.
	h.waitFor("Spring Sale 2026")
	h.selectRow("Spring Sale 2026")
	h.press("tab")
	h.selectRow("Sales Page")
	h.press("tab")
	h.waitUntil("an archived page", func(v string) bool { return strings.Contains(v, "archived") })
	h.press("G") // the archived page is listed last
	pg := h.m.pages.selected()
	if pg == nil || !pg.archived {
		t.Fatalf("no archived page selected:\n%s", h.view())
	}
	h.waitFor("A restore")

	h.press("A")
	h.waitFor("Restore page", "enter: cancel (highlighted)")
	h.press("enter")
	cancelled(t, h, sb)

	h.press("A")
	h.waitFor("enter: cancel (highlighted)")
	h.press("left")
	h.waitFor("enter: Restore (highlighted)")
	h.press("enter")
	v := h.waitUntil("no archived page left", func(v string) bool { return !h.formOpen() && !strings.Contains(v, "archived ") })
	if !strings.Contains(statusLine(v), "restored page "+pg.name) {
		t.Fatalf("status: %q", statusLine(v))
	}
}

func TestTheOnlyLivePageIsNotOfferedForArchiving(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.selectRow("Spring Sale 2026")
	h.press("tab", "tab")
	h.waitUntil("the pages of Opt-in", func(string) bool { return h.m.pages.selected() != nil && h.m.pages.step.name == "Opt-in" })

	// The footer says A will not archive it, and why.
	h.waitFor("A archive: no, only live page")
	// A says why in the status bar and opens no question.
	h.press("A")
	v := h.view()
	if h.formOpen() || !strings.Contains(statusLine(v), "only live page of step Opt-in") {
		t.Fatalf("A on the only live page: form open %v, status %q", h.formOpen(), statusLine(v))
	}
	// The palette says so too, and running it from there does the same.
	h.press(":")
	h.typeText("archive page")
	h.waitFor("Archive page", "no: the only live page of its step")
	h.press("enter")
	v = h.view()
	if h.formOpen() || !strings.Contains(statusLine(v), "only live page") {
		t.Fatalf("the palette's Archive page on the only live page: form open %v, status %q", h.formOpen(), statusLine(v))
	}
	if n := len(sent(sb, "POST", updatePath)); n != 0 {
		t.Fatalf("nothing is sent; %d updates were", n)
	}
}

func TestNewStepFormShowsEveryTypeWithOptInChosen(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	for _, sz := range []struct{ w, h int }{{120, 32}, {80, 24}} {
		h := newHarness(t, demoOptions(c, sb), sz.w, sz.h)
		h.waitFor("Spring Sale 2026")
		h.selectRow("Spring Sale 2026") // a funnel with steps: still opt-in first
		h.press("n")
		h.waitFor("New step in Spring Sale 2026", "┃ Name")
		if sz.h < 32 {
			// Too short for all at once: the types and the position are the second page.
			h.typeText("Bonus")
			h.press("enter")
			h.focusOn("Path")
			h.typeText("/bonus")
			h.press("enter")
			h.focusOn("Type")
		}
		v := h.view()
		for _, typ := range []string{"optin_funnel_page", "sales_funnel_page", "thankyou_funnel_page", "upsell_funnel_page", "downsell_funnel_page", "webinar_funnel_page", "misc_funnel_page"} {
			if !strings.Contains(v, typ) {
				t.Fatalf("%dx%d: the type %s is out of sight:\n%s", sz.w, sz.h, typ, v)
			}
		}
		if !strings.Contains(v, "Position") || !strings.Contains(v, "> 6") {
			t.Fatalf("%dx%d: the position is out of sight:\n%s", sz.w, sz.h, v)
		}
		if l := line(v, "optin_funnel_page"); !strings.Contains(l, "▸ opt-in") && !strings.Contains(l, "› opt-in") {
			t.Fatalf("%dx%d: opt-in is the one default: %q", sz.w, sz.h, l)
		}
		checkFrame(t, h.m.View().Content, sz.w, sz.h)
	}
}
