package e2e

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestTUIHealthViewShowsTheSeededFaults: in the demo at 80×24, ! checks the gyms'
// pages the embedded sandbox serves and lists the seeded faults of its pages (the
// demo leaves its redirects as they are), errors (✗) first, the selected one whole
// with its fix under the list, every line within 80 columns; enter on the page that
// answers 404 goes to its step, marked ✗ in the panes.
func TestTUIHealthViewShowsTheSeededFaults(t *testing.T) {
	t.Parallel()
	s := startTUI(t, 80, 24, nil, "--demo")
	s.waitFor("Spring Sale 2026")
	s.keys("!")
	scr := s.waitFor("Health · checked", "3 errors, 3 warnings")
	for _, want := range []string{
		"│✗▸ promo.lakesidefit.com", "the domain does not resolve",
		"webinars.lakesidefit.com", "the certificate expires in 2 days",
		"the address answers 404", "the first byte came after",
		"join.lakesi…it.com/body-quiz-results", "www.lakesidefit.com/pricing",
	} {
		if !strings.Contains(scr, want) {
			t.Fatalf("the Health view should show %q:\n%s", want, scr)
		}
	}
	if strings.LastIndex(scr, "│✗") > strings.Index(scr, "│⚠") {
		t.Fatalf("errors should come before warnings:\n%s", scr)
	}
	for _, l := range strings.Split(scr, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Fatalf("a line of %d cells at 80 columns: %q", w, l)
		}
	}

	s.keys("Down")
	s.waitFor("│✗▸ webinars.lakesidefit.com", "Fix: renew the certificate")

	s.keys("/")
	s.text("answers 404")
	s.keys("Enter", "Enter")
	s.waitFor("Steps · Free Workout Guide", "│✗▸ 2  Thank You", "went to step Thank You")
	s.quit()
}
