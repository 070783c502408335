package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestNewStepWhenThePathCheckFails: the live path check is a read the service can
// fail. Once the client has retried it (and given up), the field says the path could
// not be checked, with the status code, and the form can still be sent: the service
// has the last word on the path.
func TestNewStepWhenThePathCheckFails(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, 0) // the client's own retries, 1 ms apart
	h := newHarness(t, stepOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const check = "/funnels/funnel/funnel-step-page-url"

	h.press("G", "n")
	h.waitFor("New step in Spring Sale 2026")
	h.typeText("Spring Offer")
	h.press("tab")
	h.focusOn("Path")
	sb.Server.FailNext(503, 4, check) // the first try and the client's three retries
	h.typeText("/spring-offer")
	v := h.waitFor("? could not check the path: 503")
	if !strings.Contains(v, "> /spring-offer") {
		t.Fatalf("the path typed stays:\n%s", v)
	}
	if n := len(sent(sb, "GET", check)); n != 4 {
		t.Fatalf("the check was tried %d times, want 4 (one and three retries)", n)
	}
	h.press("ctrl+s")
	h.waitUntil("the step made", func(v string) bool {
		return !h.formOpen() && strings.Contains(v, "▸ 6  Spring Offer") && strings.Contains(statusLine(v), "created step Spring Offer")
	})
}
