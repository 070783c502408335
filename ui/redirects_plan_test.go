package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// Tests of the plan view: every change whole at any width, a step opened whole,
// sending asked (and a plan over a live step asked apart).

// longPlan is a plan against the sandbox's redirects that changes two of them to
// long targets, adds one longer than any line, and refuses a path without its
// slash.
func longPlan(t *testing.T, h *harness) (planReady, []string) {
	t.Helper()
	long := "https://offers.lakesidefit.com/spring-sale-opt-in?utm_source=newsletter&utm_medium=email&utm_campaign=spring-2026-members-only&utm_content=hero-button"
	targets := []string{"https://www.instagram.com/lakesidefit.club/reels/?igsh=MWQ1ZGU",
		"https://www.lakesidefit.com/timetable-2026-spring-summer", long, "https://www.instagram.com/lakesidefit"}
	rows := []redirectplan.Row{
		{Domain: "www.lakesidefit.com", Path: "/instagram", Target: targets[0], Action: "url", Where: "line 2"},
		{Domain: "www.lakesidefit.com", Path: "/timetable", Target: targets[1], Action: "url", Where: "line 3"},
		{Domain: "offers.lakesidefit.com", Path: "/long", Target: long, Action: "url", Where: "line 4"},
		{Domain: "www.lakesidefit.com", Path: "old page", Target: "https://www.lakesidefit.com/schedule", Action: "url", Where: "line 5"},
	}
	w := redirectplan.ImportOf(rows, false, "long.csv")
	plan, current, err := redirectplan.Prepare(context.Background(), h.m.client, w)
	if err != nil {
		t.Fatal(err)
	}
	return planReady{title: "Import of long.csv", wanted: w, plan: plan, current: current}, targets
}

// showPlan puts the plan r on screen, as the import's answer does.
func (h *harness) showPlan(r planReady) string {
	h.t.Helper()
	h.run(h.m.apply(r))
	return h.waitFor(r.title)
}

// TestPlanViewKeepsEveryTargetWhole: at 80 and at 120 columns every target of the
// plan is on screen whole (the one longer than a line in whole lines of it), a
// change's old target over "→ new", a refused row's reason under it, and nothing
// inside the frame is cut.
func TestPlanViewKeepsEveryTargetWhole(t *testing.T) {
	t.Parallel()
	for _, width := range []int{80, 120} {
		sb, c := testClient(t, sandbox.Options{}, -1)
		h := newHarness(t, demoOptions(c, sb), width, 40)
		h.waitFor("Spring Sale 2026")
		r, targets := longPlan(t, h)
		v := h.showPlan(r)
		lines := strings.Split(v, "\n")
		var inside []string
		for _, l := range lines {
			if strings.HasPrefix(l, "│") {
				inside = append(inside, strings.Trim(l, "│ ▸"))
			}
			if w := ansi.StringWidth(l); w > width {
				t.Errorf("%d columns: a line of %d: %q", width, w, l)
			}
		}
		body := strings.Join(inside, "\n")
		if strings.Contains(body, "…") {
			t.Errorf("%d columns: something in the plan is cut:\n%s", width, v)
		}
		joined := strings.ReplaceAll(strings.ReplaceAll(body, "\n", ""), " ", "")
		for _, target := range targets {
			if !strings.Contains(joined, target) {
				t.Errorf("%d columns: %s is not whole:\n%s", width, target, v)
			}
		}
		if !followedBy(inside, "https://www.instagram.com/lakesidefit", "→ "+targets[0]) {
			t.Errorf("%d columns: the change is not old over → new:\n%s", width, v)
		}
		for _, want := range []string{"www.lakesidefit.com/old page", "line 5: path must not contain spaces"} {
			if !strings.Contains(body, want) {
				t.Errorf("%d columns: no %q:\n%s", width, want, v)
			}
		}
	}
}

// followedBy reports whether a line holds first and the next, trimmed, starts with
// then.
func followedBy(lines []string, first, then string) bool {
	for i := 0; i+1 < len(lines); i++ {
		if strings.Contains(lines[i], first) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), then) {
			return true
		}
	}
	return false
}

// TestPlanViewEnterOpensAStep: enter shows the selected step whole, in a view
// over the plan, and sends nothing; esc goes back to the plan; a click selects the
// step drawn where it lands.
func TestPlanViewEnterOpensAStep(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 100, 40)
	h.waitFor("Spring Sale 2026")
	r, targets := longPlan(t, h)
	h.showPlan(r)
	sb.Server.ResetLog()
	h.press("G", "k") // www.lakesidefit.com/timetable, a change, before the refused row
	h.press("enter")
	v := h.waitFor("Plan · ~ change", "Address", "www.lakesidefit.com/timetable", "Now · website", "https://www.lakesidefit.com/schedule",
		"After · url", targets[1], "Sending the plan changes this redirect")
	if _, ok := h.m.overlay.(*textView); !ok {
		t.Fatalf("enter did not open the step:\n%s", v)
	}
	h.press("esc")
	h.waitUntil("the plan again", func(v string) bool { return h.m.overlay == nil && strings.Contains(v, "Import of long.csv") })
	if n := redirectWrites(sb); n != 0 {
		t.Fatalf("enter sent %d writes", n)
	}
	h.m.mouse = true
	v = h.view()
	for i, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "offers.lakesidefit.com/long") {
			h.update(tea.MouseClickMsg{X: 10, Y: i, Button: tea.MouseLeft})
			break
		}
	}
	if s := h.m.top().(*planView).list.Selected(); s < 0 || r.plan.Steps[s].Row.Path != "/long" {
		t.Errorf("the click selected step %d, not /long", s)
	}
}

// TestPlanViewAsksApartOverALiveStep: s asks, naming the write and the sub-account;
// for a plan over a live step a yes asks again, naming the step, and a no there
// sends nothing and leaves the plan; yes to both sends it.
func TestPlanViewAsksApartOverALiveStep(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Redirects = redirectplan.State{Dir: t.TempDir()}
	h := newHarness(t, opts, 120, 40)
	h.waitFor("Spring Sale 2026")
	w := redirectplan.ImportOf([]redirectplan.Row{{Domain: "offers.lakesidefit.com", Path: "/spring-sale-opt-in",
		Target: "https://offers.lakesidefit.com/bootcamp-series-opt-in", Action: "url", Where: "line 2"}}, false, "over-a-step.csv")
	plan, current, err := redirectplan.Prepare(context.Background(), c, w)
	if err != nil {
		t.Fatal(err)
	}
	h.showPlan(planReady{title: "Import of over-a-step.csv", wanted: w, plan: plan, current: current})
	h.waitFor("over 1 live step", `warning: shadows the live step "Opt-in"`)
	sb.Server.ResetLog()

	h.press("s")
	h.waitFor("Send 1 write (+1 ~0 −0) to LakesideFit2026Loc01 (demo)?")
	h.press("y")
	h.waitFor("Redirects over live steps", "offers.lakesidefit.com/spring-sale-opt-in", "Send it all the same?")
	h.press("n")
	h.waitUntil("the question gone", func(v string) bool { return h.m.overlay == nil && strings.Contains(v, "Import of over-a-step.csv") })
	if n := redirectWrites(sb); n != 0 {
		t.Fatalf("a no to the live step sent %d writes", n)
	}

	h.press("s")
	h.waitFor("Send 1 write (+1 ~0 −0)")
	h.press("y")
	h.waitFor("Send it all the same?")
	h.press("y")
	h.waitUntil("the import's end", func(string) bool {
		return strings.Contains(h.m.status.info, "importing redirects: added 1, changed 0, deleted 0, refused 0, failed 0")
	})
	if n := redirectWrites(sb); n != 1 {
		t.Fatalf("sent %d writes, want the one", n)
	}
	if _, still := h.m.top().(*planView); still {
		t.Error("the plan stays on screen once sent")
	}
}

// TestImportFormTakesADomain: another platform's file that lists paths only is
// refused without the Domain field, saying so, and planned on the domain given.
func TestImportFormTakesADomain(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Redirects = redirectplan.State{Dir: t.TempDir()}
	h := newHarness(t, opts, 140, 40)
	h.openRedirectsView()
	file := filepath.Join(t.TempDir(), "moved.txt")
	if err := os.WriteFile(file, []byte("Redirect from,Redirect to\n/spring-2024,/spring-sale-opt-in\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.press("I")
	h.waitFor("Import redirects from a file")
	h.typeText(file)
	h.press("tab")
	h.focusOn("Domain")
	h.press("tab")
	h.focusOn("Also delete")
	h.press("enter")
	h.waitUntil("the form saying Domain is needed", func(v string) bool {
		f := h.m.shownForm()
		return f != nil && strings.Contains(ansi.Strip(strings.Join(f.Under(), " ")), "line 2: the rule names a path only (/spring-2024): give the domain the file's paths are on (the Domain field) — nothing was changed")
	})
	h.press("shift+tab")
	h.focusOn("Domain")
	h.typeText("offers.lakesidefit.com")
	h.press("tab")
	h.focusOn("Also delete")
	h.press("enter")
	h.waitFor("Import of moved.txt", "+ add", "offers.lakesidefit.com/spring-2024", "https://offers.lakesidefit.com/spring-sale-opt-in (url)")
}
