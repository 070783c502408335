package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// A form's banner ("Nothing was sent: fix the marked field.", a 422 naming a field)
// is about the fields it marked: it goes once none of them is wrong any more, and
// stays while one still is.

func TestFormBannerGoesOnceTheMarkedFieldIsFixed(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("E")
	h.waitFor("Test conversion event", "Event · 1 of 4")
	h.press("enter")
	h.focusOn("Address")
	h.press("enter")
	h.focusOn("Value")
	h.press("enter")
	h.focusOn("Currency")
	h.typeText("dollars")
	h.press("ctrl+s")
	h.waitFor("✗ must be a 3-letter currency code", "Nothing was sent: fix the marked field.")
	h.press("backspace")
	if v := h.view(); !strings.Contains(v, "Nothing was sent") {
		t.Fatalf("the field is still wrong: the banner stays:\n%s", v)
	}
	for range len("dollar") {
		h.press("backspace")
	}
	h.typeText("usd")
	if v := h.view(); strings.Contains(v, "Nothing was sent") || strings.Contains(v, "✗") {
		t.Fatalf("the currency is fixed: the banner goes with its mark:\n%s", v)
	}
}

func TestFormRefusalGoesOnceTheNamedFieldChanges(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	if _, _, err := c.AttachDomain(t.Context(), client.AttachDomainRequest{Domain: "taken.lakesidefit.com"}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("D")
	h.waitFor("Attach domain")
	h.typeText("taken.lakesidefit.com")
	h.press("enter")
	h.waitFor("422 domain is already attached", "✗ is already attached")
	h.typeText("x")
	if v := h.view(); strings.Contains(v, "already attached") || strings.Contains(v, "nothing was changed") {
		t.Fatalf("the domain was changed: the refusal about it goes:\n%s", v)
	}
	if !h.formOpen() {
		t.Fatal("the form stays open")
	}
}
