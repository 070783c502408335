package ui

import (
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestNewRedirectReplacesTheDomainFilledIn: "New redirect" from the Redirects view
// fills in the domain of the redirect under the cursor, selected: the domain typed
// over it replaces it, never lands after it; with end first it is kept, and a name
// then typed twice is marked at the field before anything is sent.
func TestNewRedirectReplacesTheDomainFilledIn(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.openRedirectsView()
	h.selectRedirect("/bootcamp")
	h.press("n")
	h.waitFor("New redirect", "┃ Domain", "offers.lakesidefit.com")
	domain := h.m.shownForm().Fields()[0]
	h.typeText("www.lakesidefit.com")
	if domain.Current() != "www.lakesidefit.com" {
		t.Fatalf("typing replaces the domain filled in: %q", domain.Current())
	}

	h.press("esc", "y", "n")
	h.waitFor("New redirect", "offers.lakesidefit.com")
	domain = h.m.shownForm().Fields()[0]
	h.press("end")
	h.typeText("offers.lakesidefit.com")
	if domain.Current() != "offers.lakesidefit.comoffers.lakesidefit.com" {
		t.Fatalf("with end first the domain is kept and typed after: %q", domain.Current())
	}
	h.press("ctrl+s")
	h.waitFor("✗ is one host name typed twice: try offers.lakesidefit.com", "Nothing was sent: fix the marked field.")
	if n := len(sent(sb, "POST", redirectPath)); n != 0 {
		t.Fatalf("a domain typed twice sent %d requests", n)
	}
}
