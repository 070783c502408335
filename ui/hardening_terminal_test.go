package ui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// Resize storms: hundreds of terminal sizes, from 1×1 to 300×100, thrown at
// the browser in every state it has — browsing, loading, a page's detail, help, the
// palette, a filter being typed, every kind of form, the request log, a request's
// details, the event history, a result view still waiting for its answer, an error
// on the bar — while answers keep arriving. At every size the frame must be exactly
// the terminal: as many lines as it is high, each exactly as wide, nothing but
// styling drawn; and after the storm, nothing typed is lost and the state is intact.

// stormSizes are the sizes of one storm: the edges first, then random ones (a fixed
// seed per storm, so a failure can be replayed), half of them small.
func stormSizes(seed uint64, n int) [][2]int {
	sizes := [][2]int{{1, 1}, {20, 5}, {300, 100}, {39, 10}, {40, 10}, {59, 20}, {100, 30}}
	if seed%3 == 0 { // every third storm crosses the other edges too
		sizes = append(sizes, [2]int{2, 1}, [2]int{1, 2}, [2]int{40, 9}, [2]int{60, 20}, [2]int{99, 30}, [2]int{76, 12})
	}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	for range n {
		if r.IntN(2) == 0 {
			sizes = append(sizes, [2]int{1 + r.IntN(60), 1 + r.IntN(20)})
		} else {
			sizes = append(sizes, [2]int{1 + r.IntN(300), 1 + r.IntN(100)})
		}
	}
	return sizes
}

// storm resizes through the sizes of seed, handing the model whatever answers have
// arrived between two sizes, and checks every frame; it ends at 120×40.
func (h *harness) storm(scene string, seed uint64) {
	h.t.Helper()
	// make test runs two storms whole, browsing and a form holding typed input; every
	// other scene gets the smallest size, the narrowest the panes share and the
	// largest. make sweep (FUNNELS_SWEEP=1) runs every storm whole.
	sizes := [][2]int{{1, 1}, {40, 10}, {300, 100}}
	if sweeping() || scene == "browsing" || scene == "new folder" {
		sizes = stormSizes(seed, 10)
	}
	for _, sz := range sizes {
		h.update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		h.checkSize(scene, sz[0], sz[1])
		for drained := false; !drained; {
			select {
			case msg := <-h.msgs:
				h.update(msg)
				h.checkSize(scene, sz[0], sz[1])
			default:
				drained = true
			}
		}
	}
	h.update(tea.WindowSizeMsg{Width: 120, Height: 40})
	h.checkSize(scene, 120, 40)
}

// checkSize checks the frame for a w×h terminal.
func (h *harness) checkSize(scene string, w, hgt int) {
	h.t.Helper()
	content := h.m.View().Content
	if strings.Count(content, "\n")+1 != hgt {
		h.t.Fatalf("%s at %d×%d: %d lines:\n%s", scene, w, hgt, strings.Count(content, "\n")+1, content)
	}
	checkFrame(h.t, content, w, hgt)
	checkDrawn(h.t, content)
}

func TestResizeStormInEveryState(t *testing.T) {
	t.Parallel()
	// Every answer takes up to 150 ms, so loads are under way while the sizes change.
	sb, c := testClient(t, sandbox.Options{Limit: 100000, Faults: sandbox.Faults{Latency: 150 * time.Millisecond}}, -1)
	o := demoOptions(c, sb)
	o.PathCheckDelay = -1
	h := newHarness(t, o, 120, 40)
	h.storm("loading the root", 1)
	h.waitFor("Spring Sale 2026")
	h.storm("browsing", 2)

	// A funnel: its steps at once, its first step's pages on their way.
	h.press("G")
	h.storm("pages loading", 3)
	h.waitFor("Pages · Opt-in", "live")
	h.press("r")
	h.storm("reloading", 4)
	h.waitUntil("the reload done", func(string) bool { return h.m.status.inFlight == 0 })

	// A page's detail, loading and loaded.
	h.press("tab", "tab", "enter")
	h.storm("page detail", 5)
	h.waitFor("pageVersion")
	h.storm("page detail loaded", 6)
	h.press("esc")

	// Help, the palette with a search, a filter being typed.
	h.press("?")
	h.storm("help", 7)
	h.press("esc", ":")
	h.typeText("split")
	h.storm("palette", 8)
	h.press("esc", "shift+tab", "/")
	h.typeText("opt")
	h.storm("filter", 9)
	if !strings.Contains(h.view(), "opt") || !h.m.focused().typing {
		t.Fatalf("the filter survives the storm:\n%s", h.view())
	}
	h.press("esc")

	// A form with typed input: nothing is lost.
	h.press("N")
	h.waitField("Name")
	h.typeText("Kept through the storm")
	h.storm("new folder", 10)
	if ff := h.form().Focused(); ff == nil || ff.Current() != "Kept through the storm" || !strings.Contains(h.view(), "> Kept through the storm") {
		t.Fatalf("the typed name survives the storm:\n%s", h.view())
	}
	h.typeText("!")
	if h.form().Fields()[0].Current() != "Kept through the storm!" {
		t.Fatalf("the form takes keys after the storm: %q", h.form().Fields()[0].Current())
	}
	h.press("esc", "y")

	// The new step's form with its live path check under way.
	h.press("n")
	h.waitField("Name")
	h.typeText("Storm step")
	h.press("tab")
	h.waitField("Path")
	h.typeText("/storm-step")
	h.storm("new step, path check", 11)
	h.waitFor("✓ /storm-step is free")
	h.press("esc", "y")

	// The conversion form on its second page, then sent: its answer, the history.
	h.press("E")
	h.waitField("Event")
	for h.form().Focused().Title != "Email" {
		cur := h.form().Focused()
		h.press("enter")
		h.until("the focus to move on", func() bool { return h.form().Focused() != cur })
	}
	h.typeText("jo@example.com")
	h.storm("conversion form", 12)
	h.press("ctrl+s")
	h.storm("conversion sending", 13)
	h.waitFor("✓ Lead event accepted (200)")
	h.storm("conversion answer", 14)
	h.press("esc", "H")
	h.storm("event history", 15)
	h.press("esc")

	// The request log and one request.
	h.press("L")
	h.storm("request log", 16)
	h.press("enter")
	h.storm("request details", 17)
	h.press("esc", "esc")

	// A result view still waiting for its answer, then answered.
	h.press(":")
	h.typeText("geo-location")
	h.press("enter")
	h.storm("lookup waiting", 18)
	h.waitFor("US (United States)")
	h.storm("lookup answered", 19)
	h.press("esc")

	// A question (delete a redirect, in the Redirects view).
	h.press("U")
	h.waitFor("8 redirects")
	h.press("d")
	h.waitFor("Delete redirect")
	h.storm("delete question", 20)
	h.press("n")
	h.until("the question to close", func() bool { return h.m.overlay == nil })
	h.press("esc")
	h.until("the Redirects view to close", func() bool { return !h.m.onTop(h.m.redirects) })

	// An error on the bar and in the pane.
	sb.Server.FailNext(500, 1, "")
	h.press("r")
	h.waitUntil("the failure on the bar", func(v string) bool {
		return strings.Contains(statusLine(v), "500") && strings.Contains(v, "press r to retry")
	})
	h.storm("an error", 21)
}

// TestPaneFilterDrawsNothingHidden: a bidi override or an escape typed or pasted into
// a pane's filter never reaches the screen raw.
func TestPaneFilterDrawsNothingHidden(t *testing.T) {
	_, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, Options{Client: c, Profile: "t"}, 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("/")
	h.update(tea.PasteMsg{Content: "sp\u202erin\x1b[2Jg"})
	h.update(keyPress("\u2067"))
	raw := h.m.View().Content
	for _, bad := range []string{"\u202e", "\u2067", "\x1b[2J"} {
		if strings.Contains(raw, bad) {
			t.Errorf("the filter drew %q raw", bad)
		}
	}
	if !strings.Contains(h.view(), "Spring Sale 2026") {
		t.Errorf("the cleaned query %q should still find Spring Sale 2026:\n%s", "spring", h.view())
	}
}
