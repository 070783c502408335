package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestLookupsKeepInputWhenRefused: every lookup, refused once by the server (422),
// says so with the code; a lookup with a form keeps the form open with what was
// typed, sent once (a refused request is not repeated), and sends again on ctrl+s.
func TestLookupsKeepInputWhenRefused(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("G") // Spring Sale 2026: offers.lakesidefit.com

	cases := []struct {
		action, path, method string
		fill                 func() // types into the form; nil for a lookup without one
		kept                 string // what the form must still show after the refusal
		ok                   string // what the answer shows when sent again
	}{
		{"funnel by domain", "/funnels/lookup/funnel-with-domain", "GET", nil, "offers.lakesidefit.com", "Funnels on offers.lakesidefit.com"},
		{"regex redirects", "/funnels/lookup/redirect/regex", "GET", func() { h.typeText("offers.lakesidefit.com") }, "offers.lakesidefit.com", "2 redirects"},
		{"order-form products", "/funnels/order-form/public/product", "GET", func() { h.typeText("prod-unknown-42") }, "prod-unknown-42", "✗ 404 Product not found"},
		{"check step path", "/funnels/funnel/funnel-step-page-url", "GET", func() { h.typeText("/thank-you-9") }, "/thank-you-9", "/thank-you-9 is free"},
		{"lookup multiple", "/funnels/lookup/multiple", "POST", nil, "/spring-sale-opt-in", "1 lookup"},
		{"attach social account", "/social-media-posting/oauth/", "POST", func() {
			h.focusOn("Platform")
			h.press("enter", "enter")
			h.focusOn("Account id")
			h.typeText("acct-refused-7")
			h.press("enter")
		}, "acct-refused-7", "Attached the facebook account acct-refused-7"},
	}
	for _, tc := range cases {
		count := func() int {
			n := 0
			for _, r := range sb.Server.Requests() {
				if r.Method == tc.method && strings.HasPrefix(r.Path, tc.path) {
					n++
				}
			}
			return n
		}
		before := count()
		h.press(":")
		h.typeText(tc.action)
		h.press("enter")
		h.waitUntil("the form of "+tc.action, func(string) bool { return h.formOpen() })
		if tc.fill != nil {
			tc.fill()
		}
		sb.Server.FailNext(422, 1, tc.path)
		h.press("ctrl+s")
		v := h.waitFor("✗ 422 Unprocessable Entity")
		if !h.formOpen() || !strings.Contains(v, tc.kept) {
			t.Fatalf("%s: after a 422 the form stays with %q:\n%s", tc.action, tc.kept, v)
		}
		if n := count() - before; n != 1 {
			t.Fatalf("%s: a refused lookup was sent %d times", tc.action, n)
		}
		// Sent again as it stands, it is answered (an unknown product: its 404).
		h.press("ctrl+s")
		h.waitFor(tc.ok)
		h.press("esc")
		if strings.Contains(h.view(), "Discard what you typed? y/n") { // a refusal again: the form stayed
			h.press("y")
		}
		h.waitUntil(tc.action+" closed", func(string) bool { return h.m.overlay == nil })
	}

	// The lookups without a form show the refusal in their result.
	for _, tc := range []struct{ action, path string }{
		{"geo-location", "/funnels/funnel/geo-location"},
		{"custom fonts", "/funnels/custom-fonts"},
	} {
		sb.Server.FailNext(422, 1, tc.path)
		h.press(":")
		h.typeText(tc.action)
		h.press("enter")
		h.waitFor("422 Unprocessable Entity")
		h.press("esc")
		h.waitUntil(tc.action+" closed", func(string) bool { return h.m.overlay == nil })
	}
	checkFrame(t, h.m.View().Content, 120, 40)
}
