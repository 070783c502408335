package ui

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// Tests of the Redirects view and its forms against a sandbox, key by key through the
// root model.

const (
	redirectPath     = "/funnels/lookup/redirect"
	redirectListPath = "/funnels/lookup/redirect/list"
)

// openRedirectsView opens the view and waits for the seeded list.
func (h *harness) openRedirectsView() string {
	h.t.Helper()
	h.waitFor("Spring Sale 2026")
	h.press("U")
	return h.waitFor("Redirects", "8 redirects", "/7-day-pass", "→ https://www.instagram.com/lakesidefit")
}

// selectRedirect moves the view's cursor to the redirect of path.
func (h *harness) selectRedirect(path string) {
	h.t.Helper()
	h.press("g")
	for range 40 {
		if r := h.m.redirects.selected(); r != nil && r.path == path {
			return
		}
		h.press("down")
	}
	h.t.Fatalf("no redirect %s to select:\n%s", path, h.view())
}

func TestRedirectsViewListsFiltersAndCopies(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 30)
	v := h.openRedirectsView()
	checkFrame(t, h.m.View().Content, 120, 30)
	row := line(v, "/instagram")
	for _, col := range []string{"www.lakesidefit.com", "/instagram", "→ https://www.instagram.com/lakesidefit", "url"} {
		if !strings.Contains(row, col) {
			t.Fatalf("the row shows domain, path, → target, action; %q lacks %q", row, col)
		}
	}
	if !strings.Contains(v, "1/8") || !strings.Contains(line(v, "/7-day-pass"), "▸") {
		t.Fatalf("the first redirect is selected, 1/8:\n%s", v)
	}

	// The filter narrows as it is typed, as a pane's does.
	h.press("/")
	h.typeText("instagram")
	v = h.waitFor("/instagram", " of 8")
	if strings.Contains(v, "/timetable") {
		t.Fatalf("the filter should hide what does not match:\n%s", v)
	}
	h.press("enter", "g") // keep the filter; the best match is first
	if r := h.m.redirects.selected(); r == nil || r.path != "/instagram" {
		t.Fatalf("the best match first: %+v", r)
	}
	h.press("y")
	h.waitUntil("the copy", func(string) bool { return len(h.clipboard) == 1 })
	if h.clipboard[0] != "https://www.lakesidefit.com/instagram" || !strings.Contains(h.m.status.info, "copied to clipboard: old URL https://www.lakesidefit.com/instagram") {
		t.Fatalf("y copies the old full URL: %q / %q", h.clipboard, statusLine(h.view()))
	}
	h.press("Y")
	h.waitUntil("the second copy", func(string) bool { return len(h.clipboard) == 2 })
	if h.clipboard[1] != "https://www.instagram.com/lakesidefit" || !strings.Contains(statusLine(h.view()), "copied to clipboard: target") {
		t.Fatalf("Y copies the target: %q / %q", h.clipboard, statusLine(h.view()))
	}

	// esc clears the filter, then closes; opening again reads nothing.
	h.press("esc")
	h.waitUntil("the filter cleared, the cursor kept", func(v string) bool {
		return strings.Contains(v, "7/8") && !strings.Contains(v, " of 8") && strings.Contains(line(v, "/instagram"), "▸")
	})
	h.press("esc")
	v = h.waitFor("Funnels", "Steps")
	if strings.Contains(v, "Redirects") {
		t.Fatalf("esc closes the view:\n%s", v)
	}
	h.press("U")
	h.waitFor("8 redirects")
	if n := len(sent(sb, "GET", redirectListPath)); n != 1 {
		t.Fatalf("opening again read the list again (%d reads): it is kept", n)
	}
	// r reads it again.
	h.press("r")
	h.waitUntil("a second read", func(string) bool { return len(sent(sb, "GET", redirectListPath)) == 2 && h.m.redirects.seq == 0 })
	// The palette has it by name, and its keys while it is open.
	h.press(":")
	h.typeText("delete redirect")
	v = h.waitFor("Delete redirect", "delete the selected")
	if !strings.Contains(line(v, "Delete redirect"), " d") {
		t.Fatalf("the palette shows d beside Delete redirect while the view is open:\n%s", v)
	}
	h.press("esc", "U")
	h.waitUntil("the view closed", func(v string) bool { return !strings.Contains(v, "8 redirects") })
	h.press(":")
	h.typeText("redirects")
	h.waitFor("every URL redirect of")
	h.press("enter")
	h.waitFor("8 redirects")
	h.press("?")
	v = h.waitFor("Redirects (U)", "redirect a path to this step", "copy old URL")
	h.press("esc")
}

func TestNewRedirectForm(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.openRedirectsView()
	h.selectRedirect("/bootcamp")
	h.press("n")
	v := h.waitFor("New redirect", "┃ Domain", "offers.lakesidefit.com")

	// Blank: marked, nothing sent.
	h.press("ctrl+s")
	h.waitFor("✗ is required, such as /old-offer", "Nothing was sent: fix the marked field.")
	if n := len(sent(sb, "POST", redirectPath)); n != 0 {
		t.Fatalf("a blank form sent %d requests", n)
	}
	// A path the list has already: marked as it is typed (the first bad field has the
	// focus after the check).
	h.focusOn("Path")
	h.typeText("/spring-2025")
	h.waitFor("✗ already redirects to https://offers.lakesidefit.com/spring-sale")
	h.press("ctrl+s")
	h.waitFor("Nothing was sent: fix the marked field.")
	if n := len(sent(sb, "POST", redirectPath)); n != 0 {
		t.Fatalf("a taken path sent %d requests", n)
	}
	for range len("/spring-2025") {
		h.press("backspace")
	}
	h.typeText("/old-offer")
	h.press("tab")
	h.focusOn("Goes to")
	h.press("tab")
	h.focusOn("Target")
	h.typeText("/relative")
	h.press("ctrl+s")
	h.waitFor("✗ must be a full address such as https://www.example.com/offer")
	h.press("shift+tab")
	h.focusOn("Goes to")
	h.press("up", "up") // url → funnel
	h.waitFor("▸ funnel")
	h.press("tab")
	h.focusOn("Target")
	for range len("/relative") {
		h.press("backspace")
	}
	h.typeText("https://offers.lakesidefit.com/early-bird-opt-in")

	// The server refuses a domain that is not attached (422): marked, all kept.
	h.press("shift+tab", "shift+tab", "shift+tab")
	h.focusOn("Domain")
	for range len("offers.lakesidefit.com") {
		h.press("backspace")
	}
	h.typeText("elsewhere.example.com")
	h.press("ctrl+s")
	v = h.waitFor("✗ elsewhere.example.com is not attached to this location", "422")
	for _, kept := range []string{"elsewhere.example.com", "/old-offer", "https://offers.lakesidefit.com/early-bird-opt-in"} {
		if !strings.Contains(v, kept) {
			t.Fatalf("after a 422 the form keeps %q:\n%s", kept, v)
		}
	}
	if !strings.Contains(line(v, "a step of a funnel"), "›") {
		t.Fatalf("after a 422 the form keeps the action:\n%s", v)
	}
	for range len("elsewhere.example.com") {
		h.press("backspace")
	}
	h.typeText("offers.lakesidefit.com")
	h.waitUntil("the mark gone with the value", func(v string) bool { return !strings.Contains(v, "✗ elsewhere.example.com") })

	// Sent twice in a row, it goes once; the list shows it, selected.
	h.press("ctrl+s", "ctrl+s", "enter")
	v = h.waitUntil("the redirect listed and selected", func(v string) bool {
		return !h.formOpen() && strings.Contains(line(v, "/old-offer"), "▸") && strings.Contains(v, "9 redirects")
	})
	if !strings.Contains(h.m.status.info, "created redirect offers.lakesidefit.com/old-offer (201) → https://") ||
		!strings.Contains(statusLine(v), "created redirect offers.lakesidefit.com/old-offer (201)") {
		t.Fatalf("status: %q", h.m.status.info)
	}
	reqs := sent(sb, "POST", redirectPath)
	if len(reqs) != 2 || reqs[0].Status != 422 || reqs[1].Status != 201 {
		t.Fatalf("create requests: %+v", reqs)
	}
	var body map[string]string
	if err := json.Unmarshal([]byte(reqs[1].Body), &body); err != nil || body["domain"] != "offers.lakesidefit.com" || body["path"] != "/old-offer" ||
		body["action"] != "funnel" || body["locationId"] != sb.Server.LocationID() {
		t.Fatalf("body %q (%v)", reqs[1].Body, err)
	}
	if n := len(sent(sb, "GET", redirectListPath)); n != 1 {
		t.Fatalf("the list was read %d times: the answer shows the new redirect", n)
	}
}

func TestEditRedirectForm(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 140, 40)
	h.openRedirectsView()
	h.selectRedirect("/timetable")
	id := h.m.redirects.selected().id
	h.press("e")
	h.waitFor("Edit redirect · www.lakesidefit.com/timetable", "https://www.lakesidefit.com/timetable goes to the target", "▸ website")

	// Unchanged: nothing to send.
	h.press("ctrl+s")
	h.waitFor("Nothing was sent: the target and action are as they were")

	// A 5xx: the form stays and says the change may have been made.
	h.press("tab")
	h.focusOn("Target")
	h.press("end") // keeps the target filled in, which a key would replace
	for range len("schedule") {
		h.press("backspace")
	}
	h.typeText("pricing")
	sb.Server.FailNext(502, 1, redirectPath)
	h.press("enter")
	h.waitFor("502", "it may have been done all the same", "https://www.lakesidefit.com/pricing")

	h.press("enter")
	v := h.waitUntil("the row changed in place", func(v string) bool {
		return !h.formOpen() && strings.Contains(line(v, "/timetable"), "→ https://www.lakesidefit.com/pricing") && strings.Contains(line(v, "/timetable"), "▸")
	})
	if !strings.Contains(statusLine(v), "changed www.lakesidefit.com/timetable (200) → https://www.lakesidefit.com/pricing") {
		t.Fatalf("status %q", statusLine(v))
	}
	reqs := sent(sb, "PATCH", redirectPath+"/"+id)
	if len(reqs) != 2 || reqs[0].Status != 502 || reqs[1].Status != 200 {
		t.Fatalf("update requests %+v", reqs)
	}
}

// TestEditRedirectMarksA422 answers the update with a 422 naming the target (a rule
// of the service the browser cannot know): the field is marked, the input kept.
func TestEditRedirectMarksA422(t *testing.T) {
	t.Parallel()
	sb := sandboxtest.Start(t, sandbox.Options{})
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPatch {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnprocessableEntity)
			_, _ = w.Write([]byte(`{"statusCode":422,"message":["target must be on a domain of this location"],"error":"Unprocessable Entity"}`))
			return
		}
		sb.Server.ServeHTTP(w, r)
	}))
	t.Cleanup(refuse.Close)
	c, err := client.New(client.Options{BaseURL: refuse.URL, LocationID: sb.Server.LocationID(), MaxRetries: -1,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.openRedirectsView()
	h.selectRedirect("/instagram")
	h.press("e")
	h.waitFor("Edit redirect")
	h.press("tab")
	h.focusOn("Target")
	h.press("end")
	h.typeText("/more")
	h.press("enter")
	v := h.waitFor("✗ must be on a domain of this location", "422")
	if !h.formOpen() || !strings.Contains(v, "https://www.instagram.com/lakesidefit/more") {
		t.Fatalf("the form keeps the target after the 422:\n%s", v)
	}
	// esc asks before throwing the change away.
	h.press("esc")
	h.waitFor("Discard what you typed? y/n")
}

func TestDeleteRedirectAsksFirst(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.openRedirectsView()
	h.selectRedirect("/replay")
	id := h.m.redirects.selected().id

	// The default is Cancel, and the line under the question says so: enter cancels.
	h.press("d")
	h.waitFor("Delete redirect", "Delete the redirect of webinars.lakesidefit.com/replay?", "enter: cancel (highlighted)")
	h.press("enter")
	v := h.waitUntil("the question closed", func(string) bool { return !h.formOpen() })
	if !strings.Contains(statusLine(v), "cancelled") || len(sent(sb, "DELETE", redirectPath+"/"+id)) != 0 {
		t.Fatalf("enter on Cancel cancels, sends nothing and says so: %q", statusLine(v))
	}
	// ←/→ moves the highlight, and the line follows; enter then deletes.
	h.press("d")
	h.waitFor("enter: cancel (highlighted)")
	h.press("left")
	h.waitFor("enter: Delete (highlighted)")
	h.press("enter")
	v = h.waitUntil("the redirect gone", func(v string) bool { return !h.formOpen() && line(v, "grow-your-gym-replay") == "" })
	if !strings.Contains(v, "7 redirects") || !strings.Contains(statusLine(v), "deleted redirect webinars.lakesidefit.com/replay (200)") {
		t.Fatalf("after the delete:\n%s", v)
	}
	if reqs := sent(sb, "DELETE", redirectPath+"/"+id); len(reqs) != 1 || reqs[0].Query != "locationId="+sb.Server.LocationID() {
		t.Fatalf("delete requests %+v", reqs)
	}
}

func TestRedirectAPathHereFromAStep(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")

	// A funnel without a domain: its steps have no public URL to send a path to.
	h.selectRow("New Year Kickstart")
	h.press("tab", "P")
	v := h.waitFor("has no domain attached")
	if h.formOpen() {
		t.Fatalf("no form without a target:\n%s", v)
	}

	h.press("shift+tab")
	h.selectRow("Spring Sale 2026")
	h.press("tab")
	h.selectRow("Order Form")
	h.press("P")
	v = h.waitFor("New redirect", "The target is the public URL of step Order Form of Spring Sale 2026")
	for _, filled := range []string{"offers.lakesidefit.com", "https://offers.lakesidefit.com/spring-sale-order"} {
		if !strings.Contains(v, filled) {
			t.Fatalf("the form starts with %q:\n%s", filled, v)
		}
	}
	if !strings.Contains(line(v, "a step of a funnel"), "›") {
		t.Fatalf("the action starts as funnel:\n%s", v)
	}
	h.press("tab")
	h.focusOn("Path")
	h.typeText("/buy")
	h.press("ctrl+s")
	v = h.waitUntil("the form closed", func(string) bool { return !h.formOpen() })
	// The whole message (the bar cuts it at 120 columns, keeping the profile and location).
	if !strings.Contains(h.m.status.info, "created redirect offers.lakesidefit.com/buy (201) → https://offers") ||
		!strings.Contains(statusLine(v), "created redirect offers.lakesidefit.com/buy (201)") {
		t.Fatalf("status %q", h.m.status.info)
	}
	// The view, opened afterwards, reads the list with it.
	h.press("U")
	h.waitFor("9 redirects", "/buy")
}

func TestRedirectsReadOnlyToken(t *testing.T) {
	t.Parallel()
	sb := sandboxtest.Start(t, sandbox.Options{})
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), MaxRetries: -1,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.ReadOnlyToken()})})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.openRedirectsView()
	h.selectRedirect("/trial")
	h.press("d")
	h.waitFor("Delete the redirect of join.lakesidefit.com/trial?")
	h.press("y")
	v := h.waitFor("403 The token is not authorized for this scope.", "nothing was changed")
	if !h.formOpen() {
		t.Fatalf("a refusal keeps the question open with the status code:\n%s", v)
	}
	h.press("esc")
	v = h.waitUntil("the question closed", func(string) bool { return !h.formOpen() })
	if !strings.Contains(v, "/trial") || !strings.Contains(v, "8 redirects") {
		t.Fatalf("a refused delete leaves the list as it was:\n%s", v)
	}
}

// TestRedirectsLoadFailsAndRetries: a failed read says so with its status code in the
// view and the bar; r reads again.
func TestRedirectsLoadFailsAndRetries(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 30)
	h.waitFor("Spring Sale 2026")
	sb.Server.FailNext(503, 1, redirectListPath)
	h.press("U")
	v := h.waitFor("✗ 503", "press r to retry")
	if !strings.Contains(statusLine(v), "503") {
		t.Fatalf("the bar says it too: %q", statusLine(v))
	}
	h.press("r")
	h.waitFor("8 redirects", "/7-day-pass")
}

// TestClosingTheViewStopsItsLoad: leaving the view while its list is read gives the
// read up; opening it again reads anew.
func TestClosingTheViewStopsItsLoad(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{Faults: sandbox.Faults{Latency: 300 * time.Millisecond}}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 30)
	h.waitFor("Spring Sale 2026")
	h.press("U")
	h.waitFor("Loading redirects…")
	h.press("esc")
	if h.m.redirects.seq != 0 || h.m.redirects.state != stateIdle {
		t.Fatalf("closing should give the load up: seq %d state %d", h.m.redirects.seq, h.m.redirects.state)
	}
	h.press("U")
	h.waitFor("8 redirects")
}
