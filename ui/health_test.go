package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// healthHarness is a browser w×h on the sandbox's location, crawled into an index,
// whose public pages the sandbox serves with its seeded faults; the Health view's
// check reaches them at the sandbox's own addresses. It returns the index too, for
// a second browser on it.
func healthHarness(t *testing.T, w, h int, store *index.Store, off string) (*harness, *index.Store) {
	t.Helper()
	sb, c := testClient(t, sandbox.Options{Sites: sandbox.SitesOptions{Enabled: true}}, -1)
	if store == nil {
		store = builtIndex(t, sb, c)
	}
	opts := demoOptions(c, sb)
	opts.Account, opts.Index, opts.CheckOff = "demo", store, off
	reach := sitesReach(t, sb)
	opts.Check = &reach
	return newIndexHarness(t, opts, w, h), store
}

// sitesReach is how a check reaches sb's public pages: its rules and its authority,
// and no name looked up.
func sitesReach(t *testing.T, sb *sandbox.Running) check.Options {
	t.Helper()
	info, ok := sb.Server.Sites()
	if !ok {
		t.Fatal("the sandbox serves no sites")
	}
	opts := check.Options{Resolver: check.NoDNS{}}
	for _, s := range info.Resolve {
		rule, err := check.ParseRule(s)
		if err != nil {
			t.Fatal(err)
		}
		opts.Resolve = append(opts.Resolve, rule)
	}
	cas, err := client.ParseCertificates(info.CAPEM)
	if err != nil {
		t.Fatal(err)
	}
	opts.RootCAs = cas
	return opts
}

// checked opens the Health view with ! and waits for its first check to end.
func checked(h *harness) string {
	h.t.Helper()
	h.waitFor("Archive/")
	h.press("!")
	return h.waitFor("Health · checked", "errors")
}

// TestTheHealthViewChecksAndShowsTheSeededFaults: ! on a location never checked
// runs the check, which tells its progress in the title, then lists the seeded
// faults, errors (✗) before warnings (⚠), each line of the screen its width; at 80
// columns the selected finding's fix is in the strip under the list, at 200 in its
// column too.
func TestTheHealthViewChecksAndShowsTheSeededFaults(t *testing.T) {
	for _, width := range []int{80, 200} {
		h, _ := healthHarness(t, width, 30, nil, "")
		h.waitFor("Archive/")
		h.press("!")
		h.waitUntil("the check under way", func(v string) bool {
			return strings.Contains(v, "Health · checking") || strings.Contains(v, "Health · starting")
		})
		v := h.waitFor("Health · checked", "5 errors, 7 warnings")
		for _, want := range []string{"promo.lakesidefit.com", "the domain does not resolve", "the certificate expires in 2 days",
			"the address answers 404", "the redirects loop", "its target redirects again"} {
			if !strings.Contains(v, want) {
				t.Fatalf("at %d columns no %q:\n%s", width, want, v)
			}
		}
		lastError, firstWarning := strings.LastIndex(v, "│✗"), strings.Index(v, "│⚠")
		if lastError < 0 || firstWarning < 0 || lastError > firstWarning {
			t.Fatalf("at %d columns the errors should come first, then the warnings:\n%s", width, v)
		}
		sameWidths(t, v, width)
		checkFrame(t, h.m.View().Content, width, 30)

		h.press("/")
		h.typeText("summer-2024")
		h.press("enter")
		v = h.waitFor("Fix: redirect /summer-2024 → /spring-sale-opt-in")
		if width == 200 && !strings.Contains(line(v, "│⚠▸"), "→ redirect /summer-2024") {
			t.Fatalf("at 200 columns the row should show its fix:\n%s", v)
		}
		sameWidths(t, v, width)
		h.press("esc", "esc")
		if len(h.m.bodies) != 1 {
			t.Fatalf("esc should close the view:\n%s", h.view())
		}
	}
}

// TestHealthEnterGoesToTheBrokenStep: enter on the step whose page answers 404 closes
// the view and selects the step in its funnel, marked ✗ from the check just made.
func TestHealthEnterGoesToTheBrokenStep(t *testing.T) {
	h, _ := healthHarness(t, 80, 30, nil, "")
	checked(h)
	h.press("/")
	h.typeText("answers 404")
	h.press("enter", "enter")
	v := h.waitFor("Steps · Free Workout Guide")
	v = h.waitUntil("the step selected and marked", func(v string) bool { return strings.Contains(v, "│✗▸ 2  Thank You") })
	if len(h.m.bodies) != 1 {
		t.Fatalf("going to the step should close the view:\n%s", v)
	}
	if !strings.Contains(v, "went to step Thank You") {
		t.Fatalf("the status bar should say where it went:\n%s", v)
	}
}

// TestHealthEnterOnARedirectOpensItsFormWithTheFix: enter on the head of a chain of
// redirects opens the Redirects view on it, with its edit form filled with the fix.
func TestHealthEnterOnARedirectOpensItsFormWithTheFix(t *testing.T) {
	h, _ := healthHarness(t, 80, 30, nil, "")
	checked(h)
	h.press("/")
	h.typeText("summer-2024")
	h.press("enter", "enter")
	v := h.waitFor("Edit redirect · offers.lakesidefit.com/summer-2024", "The check's fix: redirect /summer-2024 → /spring-sale-opt-in.")
	if !strings.Contains(v, "> https://offers.lakesidefit.com/spring-sale-opt-in") {
		t.Fatalf("the target should be the fix's:\n%s", v)
	}
	sameWidths(t, v, 80)
	h.press("esc")
	// The marks are read from the check kept, in a command of their own.
	h.waitFor("Redirects ·", "│✗  www.lakesidefit.com       /login", "│⚠▸ offers.lakesidefit.com    /summer-2024")
}

// TestTheLastCheckMarksRowsAndAServerThatRefusesChecksReadsIt: a browser started on
// an index with a check kept marks the funnel of the broken step at once; where no
// check may run (the team server's refusal), the Health view lists the kept one and
// r reads it again, saying why it does not check.
func TestTheLastCheckMarksRowsAndAServerThatRefusesChecksReadsIt(t *testing.T) {
	first, store := healthHarness(t, 80, 30, nil, "")
	checked(first)

	const why = "the team server does not offer the check: for a test"
	h, _ := healthHarness(t, 80, 30, store, why)
	h.waitFor("Lead Generation/")
	h.press("down", "down", "enter")
	h.waitUntil("the funnel of the broken step marked", func(v string) bool { return strings.Contains(v, "│✗  Free Workout Guide") })
	h.press("!")
	v := h.waitFor("Health · checked", "5 errors, 7 warnings")
	if !strings.Contains(v, "r read again") || strings.Contains(v, "check again") {
		t.Fatalf("the footer should offer reading the kept check, not checking:\n%s", v)
	}
	h.press("r")
	v = h.waitUntil("why it does not check", func(v string) bool { return strings.Contains(statusLine(v), "no check from here: "+why) })
	if hv, ok := h.m.bodies[len(h.m.bodies)-1].(*healthView); !ok || hv.run != nil {
		t.Fatalf("r should not run a check where none may run (top body %T)", h.m.bodies[len(h.m.bodies)-1])
	}
	if !strings.Contains(v, "5 errors, 7 warnings") {
		t.Fatalf("the kept check should still be listed:\n%s", v)
	}
}

// TestHealthFixKeyAndReadOnly: f opens the fix's form of the selected finding, where
// enter on a step's finding would go to the step; in read-only mode f says it is off
// and enter on a redirect with a fix goes to the redirect, no form opened.
func TestHealthFixKeyAndReadOnly(t *testing.T) {
	h, _ := healthHarness(t, 80, 30, nil, "")
	checked(h)
	h.press("/")
	h.typeText("chain of 3")
	h.press("enter")
	v := h.waitFor("│⚠▸ offers.lakesidefit.com/summer-2025")
	if !strings.Contains(line(v, "↑↓ move"), "f fix") {
		t.Fatalf("the footer should offer f:\n%s", v)
	}
	h.press("f")
	h.waitFor("Edit redirect · offers.lakesidefit.com/summer-2025", "The check's fix: redirect /summer-2025 → /spring-sale-opt-in.")
	h.press("esc") // the form: the Redirects view is on top of the Health view
	h.waitUntil("the Redirects view", func(v string) bool {
		return !strings.Contains(v, "Edit redirect") && strings.Contains(v, "Redirects ·")
	})
	h.press("!") // the Health view open below comes back as it was
	v = h.waitFor("│⚠▸ offers.lakesidefit.com/summer-2025")
	if n := len(h.m.bodies); n != 3 {
		t.Fatalf("%d bodies on the stack, want the browser, the Redirects view and one Health view", n)
	}

	h.m.sh.setReadOnly(true)
	v = h.view()
	if strings.Contains(line(v, "↑↓ move"), "f fix") {
		t.Fatalf("read-only, the footer should not offer f:\n%s", v)
	}
	h.press("f")
	h.waitUntil("f refused", func(v string) bool { return strings.Contains(statusLine(v), "read-only") })
	h.press("enter")
	v = h.waitFor("Redirects ·", "│⚠▸ offers.lakesidefit.com    /summer-2025")
	if strings.Contains(v, "Edit redirect") {
		t.Fatalf("read-only, enter should not open the form:\n%s", v)
	}
}
