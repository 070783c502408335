package ui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// Tests of the forms against a sandbox client, driven key by key through the root
// model. Each form: a valid submit that changes what the browser shows; an invalid
// field that is marked and sends nothing (the sandbox's log proves it); a refusal by
// the server that keeps what was typed and shows the status code.

// sent returns the requests the sandbox got for method and path (query left out).
func sent(sb *sandbox.Running, method, path string) []sandbox.Request {
	var out []sandbox.Request
	for _, r := range sb.Server.Requests() {
		if r.Method == method && r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

// focusOn waits until the form's focus (huh's bar) is on the field titled title.
func (h *harness) focusOn(title string) {
	h.t.Helper()
	h.waitUntil("the focus on "+title, func(v string) bool { return strings.Contains(v, "┃ "+title) })
}

// selectRow moves the focused pane's cursor to the row named name.
func (h *harness) selectRow(name string) {
	h.t.Helper()
	selected := func() string {
		switch h.m.focus {
		case paneSteps:
			if s := h.m.steps.selected(); s != nil {
				return s.name
			}
		case panePages:
			if p := h.m.pages.selected(); p != nil {
				return p.name
			}
		default:
			if r := h.m.entities.selected(); r != nil {
				return r.label
			}
		}
		return ""
	}
	h.press("g")
	for range 40 {
		if selected() == name {
			return
		}
		h.press("down")
	}
	h.t.Fatalf("no row %q to select:\n%s", name, h.view())
}

// formOpen reports whether a form is the overlay.
func (h *harness) formOpen() bool {
	_, ok := h.m.overlay.(*formOverlay)
	return ok
}

func TestNewFolderForm(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const create = "/funnels/funnel/folder/create"

	h.press("N")
	h.waitFor("New folder", "New folders appear at the top level (the API has no parent field)", "Funnels", "Websites")
	checkFrame(t, h.m.View().Content, 120, 40)

	// Blank name: marked at the field, nothing sent.
	h.press("enter")
	h.waitFor("✗ is required")
	if n := len(sent(sb, "POST", create)); n != 0 {
		t.Fatalf("a blank name sent %d requests", n)
	}

	// The server refuses once (422): the form stays, with the name, and says why.
	sb.Server.FailNext(422, 1, create)
	h.typeText("Autumn Campaigns")
	h.press("enter")
	h.focusOn("Holds")
	h.press("down", "enter") // Websites, and send
	v := h.waitFor("422 Unprocessable Entity")
	if !h.formOpen() || !strings.Contains(v, "Autumn Campaigns") || !strings.Contains(v, "▸ Websites") {
		t.Fatalf("after a 422 the form stays with what was typed:\n%s", v)
	}

	// Send again: the root is read again and the new folder is selected there.
	h.press("enter")
	v = h.waitFor("▸ Autumn Campaigns/")
	if h.formOpen() || !strings.Contains(statusLine(v), "created folder Autumn Campaigns") {
		t.Fatalf("after success the form closes and the bar says so:\n%s", v)
	}
	reqs := sent(sb, "POST", create)
	if len(reqs) != 2 || reqs[0].Status != 422 || reqs[1].Status != 201 {
		t.Fatalf("folder requests: %+v", reqs)
	}
	var body map[string]string
	if err := json.Unmarshal([]byte(reqs[1].Body), &body); err != nil || body["name"] != "Autumn Campaigns" || body["type"] != "website" || body["locationId"] != sb.Server.LocationID() {
		t.Fatalf("body %q (%v)", reqs[1].Body, err)
	}
	if _, has := body["userId"]; has {
		t.Fatalf("the demo knows no user: userId must be left out: %q", reqs[1].Body)
	}
}

// stepOptions are the options of the new-step tests: a short path-check delay, so a
// path typed at the harness's speed is checked once.
func stepOptions(c *client.Client, sb *sandbox.Running) Options {
	o := demoOptions(c, sb)
	o.PathCheckDelay = 20 * time.Millisecond
	return o
}

func TestNewStepFormChecksThePathAndSelectsTheStep(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, stepOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const create = "/funnels/funnel/create-step"

	h.press("n")
	if h.formOpen() || !strings.Contains(statusLine(h.view()), "select a funnel first") {
		t.Fatalf("n on a folder says what to select:\n%s", h.view())
	}
	h.press("G", "n")
	h.waitFor("New step in Spring Sale 2026", "Position", "6 is after the last step")
	h.typeText("Spring Offer")
	h.press("tab")
	h.focusOn("Path")

	// A seeded path is taken; the service's suggestion shows beside the field.
	h.typeText("/spring-sale-opt-in")
	v := h.waitFor("✗ /spring-sale-opt-in is taken — suggested /spring-sale-opt-in-")
	// enter refuses a taken path, at the field.
	h.press("enter")
	v = h.waitFor("✗ is taken in this funnel: try /spring-sale-opt-in-")
	if line(v, "┃ Path") == "" {
		t.Fatalf("the focus stays on the taken path:\n%s", v)
	}

	// Not a path: marked at once, before any check.
	for range len("/spring-sale-opt-in") {
		h.press("backspace")
	}
	h.typeText("Spring Offer!")
	h.waitFor("✗ must not contain spaces: try /spring-offer")

	// A new path is free.
	for range len("Spring Offer!") {
		h.press("backspace")
	}
	h.typeText("/spring-offer")
	h.waitFor("✓ /spring-offer is free")
	checks := sent(sb, "GET", "/funnels/funnel/funnel-step-page-url")
	if len(checks) == 0 || !strings.Contains(checks[len(checks)-1].Query, "path=%2Fspring-offer") {
		t.Fatalf("the path check asks the service: %+v", checks)
	}
	if n := len(sent(sb, "POST", create)); n != 0 {
		t.Fatalf("nothing is created before the form is sent: %d", n)
	}

	// Send from the path with ctrl+s: the steps pane reloads and selects the new step.
	h.press("ctrl+s")
	v = h.waitFor("▸ 6  Spring Offer", "/spring-offer")
	if h.formOpen() || h.m.focus != paneSteps || !strings.Contains(statusLine(v), "created step Spring Offer at /spring-offer") {
		t.Fatalf("after success: form closed, steps focused, bar says so:\n%s", v)
	}
	reqs := sent(sb, "POST", create)
	if len(reqs) != 1 {
		t.Fatalf("%d create-step requests", len(reqs))
	}
	var body struct {
		FunnelID string `json:"funnelId"`
		Step     struct {
			ID, Name, URL, Type string
			Sequence            int
			Pages               []string
		} `json:"step"`
	}
	if err := json.Unmarshal([]byte(reqs[0].Body), &body); err != nil {
		t.Fatal(err)
	}
	if u, err := uuid.Parse(body.Step.ID); err != nil || u.Version() != 4 || body.Step.URL != "/spring-offer" ||
		body.Step.Type != "optin_funnel_page" || body.Step.Sequence != 6 || body.Step.Pages == nil {
		t.Fatalf("step sent: %+v (%s)", body.Step, reqs[0].Body)
	}
	if id := h.m.steps.selected().id; id != body.Step.ID {
		t.Fatalf("the selected step is %q, the new one %q", id, body.Step.ID)
	}
}

func TestNewStepFormKeepsInputWhenTheServerRefusesThePath(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, stepOptions(c, sb), 80, 24)
	h.waitFor("Spring Sale 2026")
	h.press("G", "n")
	h.waitFor("New step in Spring Sale 2026")
	h.typeText("Copy of opt-in")
	h.press("tab")
	h.focusOn("Path")
	// Sent before the path check has answered: the sandbox refuses the duplicate.
	h.typeText("/spring-sale-opt-in")
	h.press("ctrl+s")
	v := h.waitFor("422", "is already used in this funnel")
	if !h.formOpen() || h.m.overlay.(*formOverlay).Fields()[0].Current() != "Copy of opt-in" || !strings.Contains(v, "> /spring-sale-opt-in") {
		t.Fatalf("a refused step keeps the form and its input:\n%s", v)
	}
	if line(v, "┃ Path") == "" || !strings.Contains(v, "✗ is already used in this funnel") {
		t.Fatalf("the refusal is marked at the path:\n%s", v)
	}
	checkFrame(t, h.m.View().Content, 80, 24)
	if reqs := sent(sb, "POST", "/funnels/funnel/create-step"); len(reqs) != 1 || reqs[0].Status != 422 {
		t.Fatalf("create-step requests: %+v", reqs)
	}
}

func TestAttachDomainForm(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const attach = "/funnels/domain/attach-domain"

	h.press("D")
	h.waitFor("Attach domain", "not bind it to a funnel")
	h.typeText("https://shop.lakesidefit.com/x")
	h.press("enter")
	h.waitFor("✗ must be a host name, not an address: try shop.lakesidefit.com")
	if n := len(sent(sb, "POST", attach)); n != 0 {
		t.Fatalf("an address sent %d requests", n)
	}
	for range len("https://shop.lakesidefit.com/x") {
		h.press("backspace")
	}
	h.typeText("Bücher.lakesidefit.com")
	h.waitFor("✓ will be sent as xn--bcher-kva.lakesidefit.com")
	h.press("enter")
	h.waitFor("Attached bücher.lakesidefit.com (xn--bcher-kva.lakesidefit.com) to the location", "does not bind the domain to a funnel")
	if reqs := sent(sb, "POST", attach); len(reqs) != 1 || !strings.Contains(reqs[0].Body, `"domain":"xn--bcher-kva.lakesidefit.com"`) {
		t.Fatalf("attach requests: %+v", reqs)
	}

	// Afterwards the lookup by domain finds it (before, it answered 404).
	h.press("esc", ":")
	h.typeText("funnel by domain")
	h.press("enter")
	h.waitFor("Funnel by domain")
	h.typeText("xn--bcher-kva.lakesidefit.com")
	h.press("enter")
	h.waitFor("Funnels on xn--bcher-kva.lakesidefit.com", "bücher.lakesidefit.com", "No funnel uses this domain yet")

	// Attaching it again: the server says it is attached already; the form keeps the host.
	h.press("esc", "D")
	h.typeText("bücher.lakesidefit.com")
	h.press("enter")
	v := h.waitFor("422 domain is already attached")
	if !h.formOpen() || !strings.Contains(v, "bücher.lakesidefit.com") || !strings.Contains(v, "✗ is already attached") {
		t.Fatalf("a refused domain keeps the form, marked at the field:\n%s", v)
	}
}

func TestConversionFormHistoryAndReplay(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const conv = "/funnels/event/conversion"
	h.press("G", "tab")
	h.waitFor("Steps · Spring Sale 2026")

	h.press("E")
	h.waitFor("Test conversion event", "Event · 1 of 4", "https://offers.lakesidefit.com/spring-sale-opt-in")
	checkFrame(t, h.m.View().Content, 120, 40)

	// A bad currency: marked at its field, nothing sent.
	h.press("up") // Purchase (Lead is the default)
	h.press("enter")
	h.focusOn("Address")
	h.press("enter")
	h.focusOn("Value")
	h.typeText("49.99")
	h.press("enter")
	h.focusOn("Currency")
	h.typeText("dollars")
	h.press("ctrl+s")
	h.waitFor("✗ must be a 3-letter currency code such as USD")
	if n := len(sent(sb, "POST", conv)); n != 0 {
		t.Fatalf("a bad currency sent %d requests", n)
	}
	for range len("dollars") {
		h.press("backspace")
	}
	h.typeText("usd")
	h.press("ctrl+s")
	h.waitFor("✓ Purchase event accepted (200)", "without a token")
	if h.formOpen() {
		t.Fatal("the answer replaces the form")
	}
	reqs := sent(sb, "POST", conv)
	if len(reqs) != 1 || reqs[0].Auth != "none" {
		t.Fatalf("the conversion goes without a token: %+v", reqs)
	}
	var first map[string]any
	_ = json.Unmarshal([]byte(reqs[0].Body), &first)
	if first["value"] != "49.99" || first["currency"] != "USD" || first["eventName"] != "Purchase" || first["eventId"] == "" ||
		first["url"] != "https://offers.lakesidefit.com/spring-sale-opt-in" {
		t.Fatalf("payload: %s", reqs[0].Body)
	}

	// The history lists it; R sends it again with a new event id.
	h.press("esc", "H")
	h.waitFor("Event history", "Purchase", "200", first["eventId"].(string)[:8])
	h.press("R")
	h.waitUntil("the second event in the history", func(string) bool { return len(h.m.history.entries) == 2 })
	v := h.view()
	if !strings.Contains(statusLine(v), "sent again: Purchase event") || !strings.Contains(v, "2/2") {
		t.Fatalf("the replay shows in the history and the bar:\n%s", v)
	}
	reqs = sent(sb, "POST", conv)
	if len(reqs) != 2 {
		t.Fatalf("%d conversions after the replay", len(reqs))
	}
	var second map[string]any
	_ = json.Unmarshal([]byte(reqs[1].Body), &second)
	if second["eventId"] == first["eventId"] || second["value"] != "49.99" || second["url"] != first["url"] {
		t.Fatalf("the replay sends the same payload with a new event id:\n%s\n%s", reqs[0].Body, reqs[1].Body)
	}

	// The server refuses (422): the history records it with its status; the form stays.
	h.press("esc")
	sb.Server.FailNext(422, 1, conv)
	h.press("E")
	h.waitFor("Test conversion event")
	h.press("ctrl+s")
	v = h.waitFor("422 Unprocessable Entity")
	if !h.formOpen() || len(h.m.history.entries) != 3 || h.m.history.newest(0).status != 422 {
		t.Fatalf("a refused event stays in its form and in the history:\n%s", v)
	}
}

func TestPageTriggerForm(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const trig = "/funnels/page/view/workflow/trigger"
	h.press("G", "tab", "tab")
	h.waitFor("Pages · Opt-in", "live")

	h.press("T")
	v := h.waitFor("Trigger page-visit workflow", "/spring-sale-opt-in", "locationId LakesideFit2026Loc01")
	h.press("enter")
	h.focusOn("Step id")
	h.press("enter")
	h.focusOn("Page path")
	h.press("end") // keeps the path filled in, which typing would replace
	h.typeText("?utm_source=test x")
	h.press("enter")
	h.waitFor("✗ must not contain spaces or control characters")
	if n := len(sent(sb, "POST", trig)); n != 0 {
		t.Fatalf("a bad path sent %d requests", n)
	}
	h.press("backspace", "backspace")
	sb.Server.FailNext(422, 1, trig)
	h.press("enter")
	v = h.waitFor("✗ 422 Unprocessable Entity")
	if !h.formOpen() || !strings.Contains(v, "> /spring-sale-opt-in?utm_source=test") {
		t.Fatalf("a refusal keeps the form and the path as typed:\n%s", v)
	}
	h.press("ctrl+s")
	h.waitFor("✓ Workflow triggered — 200", "Workflow triggered")
	reqs := sent(sb, "POST", trig)
	if len(reqs) != 2 || reqs[0].Status != 422 {
		t.Fatalf("trigger requests: %+v", reqs)
	}
	reqs = reqs[1:]
	if len(reqs) != 1 || !strings.Contains(reqs[0].Query, "locationId=LakesideFit2026Loc01") ||
		!strings.Contains(reqs[0].Body, `"pageUrl":"/spring-sale-opt-in?utm_source=test"`) {
		t.Fatalf("trigger requests: %+v", reqs)
	}
}

func TestArchiveRestoreAndEndSplitTest(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const update = "/funnels/funnel/update-funnel-and-page"

	// Free 7-Day Trial › Sign Up has two live pages.
	h.selectRow("Free 7-Day Trial")
	h.press("tab")
	h.selectRow("Sign Up")
	h.press("tab")
	h.waitFor("Pages · Sign Up")
	h.waitUntil("two live pages", func(v string) bool { return strings.Count(v, " live ") >= 2 })
	h.press("down")
	name := h.m.pages.selected().name

	// No: nothing is sent.
	h.press("A")
	h.waitFor("Archive page", "Archive “"+name+"”?", "keeps 1 live page")
	h.press("n")
	h.waitUntil("the question to close", func(string) bool { return !h.formOpen() })
	if len(sent(sb, "POST", update)) != 0 {
		t.Fatal("no closes the question and sends nothing")
	}
	// Yes: archived, and the pages pane says so.
	h.press("A")
	h.waitFor("Archive “" + name + "”?")
	h.press("y")
	v := h.waitUntil("the page archived", func(v string) bool { return strings.Contains(line(v, name), "archived") })
	if !strings.Contains(statusLine(v), "archived page "+name) {
		t.Fatalf("status: %q", statusLine(v))
	}
	// A again restores it.
	h.selectRow(name)
	h.press("A")
	h.waitFor("Restore page", "Restore “"+name+"”?")
	h.press("y")
	h.waitUntil("the page live again", func(v string) bool { return strings.Contains(line(v, name), "live") })

	// The step's last live page: the service refuses, the form says so with its code.
	h.press("esc", "esc") // back to the funnels
	h.press("G", "tab")
	h.waitFor("Steps · Spring Sale 2026")
	h.press("tab")
	h.waitUntil("the pages of Opt-in", func(string) bool { return h.m.pages.selected() != nil && h.m.pages.step.name == "Opt-in" })
	h.press("A")
	v = h.waitFor("only live page of step Opt-in")
	if h.formOpen() {
		t.Fatal("archiving the only live page is not offered: the status bar says why")
	}

	// Webinars › Webinar: Grow Your Gym › Registration: a 50/50 split test.
	h.press("esc", "esc", "g")
	h.selectRow("Webinars/")
	h.press("enter")
	h.waitFor("Webinar: Grow Your Gym")
	h.selectRow("Webinar: Grow Your Gym")
	h.press("tab")
	h.waitFor("50/50")
	h.waitFor("variation 50%") // its pages, for the names of the choice
	h.press("S")
	h.waitFor("End split test · Registration", "control 50%", "variation 50%")
	h.press("down", "enter") // the variation wins
	h.focusOn("End the test?")
	h.press("y")
	v = h.waitUntil("the split gone", func(v string) bool {
		return !strings.Contains(v, "50/50") && strings.Contains(statusLine(v), "ended the split test of Registration")
	})
	reqs := sent(sb, "POST", update)
	last := reqs[len(reqs)-1]
	if last.Status != 201 || !strings.Contains(last.Body, `"split":false`) || !strings.Contains(last.Body, `"control_traffic":100`) {
		t.Fatalf("end split test: %+v", last)
	}
}

func TestLookupsShowTheirAnswers(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("G") // Spring Sale 2026: offers.lakesidefit.com
	run := func(action string, keys func(), want ...string) {
		t.Helper()
		h.press(":")
		h.typeText(action)
		h.press("enter")
		if keys != nil {
			keys()
		}
		h.waitFor(want...)
		h.press("esc")
		if h.m.overlay != nil {
			t.Fatalf("%s: esc closes the result", action)
		}
	}
	enter := func() { h.press("enter") }
	run("funnel by domain", enter, "Funnels on offers.lakesidefit.com", "Spring Sale 2026", "https://offers.lakesidefit.com/")
	run("regex redirects", enter, "Regex redirects", "4 redirects", "→")
	run("order-form products", enter, "8 products", "Spring Sale Membership", "49.00")
	run("geo-location", nil, "country", "US (United States)", "San Francisco")
	run("custom fonts", nil, "4 fonts")
	run("check step path", func() { h.typeText("/thank-you-2"); h.press("enter", "enter") }, "/thank-you-2 is free")
	run("lookup multiple", enter, "1 lookup", "/spring-sale-opt-in", "publish")
	run("attach social account", func() {
		h.focusOn("Platform")
		h.press("enter", "enter")
		h.focusOn("Account id")
		h.typeText("acct-42")
		h.press("enter", "enter")
	}, "Attached the facebook account acct-42", "Accounts attached")

	// Not JSON: marked at the field, nothing sent.
	h.press(":")
	h.typeText("lookup multiple")
	h.press("enter")
	h.waitFor("Body (JSON)")
	h.press("backspace")
	h.press("ctrl+s")
	h.waitFor("✗ is not valid JSON")
	if reqs := sent(sb, "POST", "/funnels/lookup/multiple"); len(reqs) != 1 {
		t.Fatalf("the broken body was sent: %d requests", len(reqs))
	}
	checkFrame(t, h.m.View().Content, 120, 40)
}

func TestRequestLogCopiesCurlWithoutTheToken(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 80, 24)
	h.waitFor("Spring Sale 2026")
	h.press("G")
	h.waitUntil("the pages of Opt-in", func(string) bool { return h.m.pages.selected() != nil })
	h.press("L")
	v := h.waitFor("Request log · newest first", "GET", "/funnels/page?", "/funnels/funnel/folder", "200")
	checkFrame(t, h.m.View().Content, 80, 24)
	if strings.Index(v, "/funnels/page?") > strings.Index(v, "/funnels/funnel/folder") {
		t.Fatalf("the newest request comes first:\n%s", v)
	}
	h.press("c")
	h.waitUntil("the clipboard", func(string) bool { return len(h.clipboard) > 0 })
	if len(h.clipboard) != 1 {
		t.Fatalf("c copies one command: %q", h.clipboard)
	}
	cmd := h.clipboard[0]
	if !strings.HasPrefix(cmd, "curl 'http://127.0.0.1:") || !strings.Contains(cmd, "/funnels/page?") ||
		!strings.Contains(cmd, `Authorization: Bearer $FUNNELS_TOKEN`) || strings.Contains(cmd, sb.Server.DemoToken()) {
		t.Fatalf("curl command: %s", cmd)
	}
	if !strings.Contains(h.m.status.info, "copied curl for GET /funnels/page") || !strings.Contains(statusLine(h.view()), "copied curl for GET") {
		t.Fatalf("status: %q", h.m.status.info)
	}
	h.press("enter")
	v = h.waitFor("Request GET /funnels/page", "attempts", "As curl")
	if strings.Contains(v, sb.Server.DemoToken()) {
		t.Fatal("the token is never shown")
	}
	h.press("esc")
	if _, ok := h.m.overlay.(*logView); !ok {
		t.Fatal("esc on a request goes back to the log")
	}
}

func TestFormSendsOnceAndAsksBeforeDiscarding(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{Faults: sandbox.Faults{}}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	const create = "/funnels/funnel/folder/create"
	h.press("N")
	h.waitFor("New folder")
	h.typeText("Twice")
	h.press("ctrl+s")
	if !strings.Contains(h.view(), "sending…") {
		t.Fatalf("the form says it is sending:\n%s", h.view())
	}
	for _, k := range []string{"enter", "ctrl+s", "x"} {
		if _, cmd := h.m.Update(keyPress(k)); cmd != nil {
			t.Fatalf("%s while sending must do nothing", k)
		}
	}
	h.waitFor("▸ Twice/")
	if n := len(sent(sb, "POST", create)); n != 1 {
		t.Fatalf("%d folders created", n)
	}

	// Typed, then esc: asked; y discards and nothing is sent.
	h.press("N")
	h.waitFor("New folder")
	h.typeText("Never")
	h.press("esc")
	h.waitFor("Discard what you typed? y/n")
	h.press("y")
	if h.formOpen() || len(sent(sb, "POST", create)) != 1 {
		t.Fatal("discarding sends nothing")
	}
}
