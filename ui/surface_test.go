package ui

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// Tests of the browser against the sandbox playing the real service's public surface
// (folder entities, page by id and the web app's writes refused) and the dialect whose
// folder listing leaves the steps out.

// folderID is the id of the seeded folder called name (the ids are the same in every
// sandbox).
func folderID(t *testing.T, name string) string {
	t.Helper()
	_, c := testClient(t, sandbox.Options{}, -1)
	all, _, err := c.ListAllFunnels(context.Background(), client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	root, _, err := c.FolderEntities(context.Background(), "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range root.Folders {
		if f.Name == name {
			return f.ID
		}
	}
	t.Fatalf("no folder %q among %d funnels' folders", name, len(all))
	return ""
}

// TestPublicSurfaceWalk: with folder entities refused (the public surface, in the IAM
// words or in others, told then by the funnel list answering the same token) or not
// on this server (the documented one) the browser opens on the documented funnel list,
// grouped by folder id, says once why, and walks a folder, a funnel's steps and pages
// to a page's detail made of the page list's fields.
func TestPublicSurfaceWalk(t *testing.T) {
	t.Parallel()
	webinars := folderID(t, "Webinars")
	for _, tc := range []struct {
		name        string
		opts        sandbox.Options
		bar, detail string
	}{
		{"public", sandbox.Options{Surface: sandbox.SurfacePublic}, "403 (IAM refusal)", "401"},
		{"public in other words", sandbox.Options{Surface: sandbox.SurfacePublic, RefusalWords: "Route blocked for this app type."},
			"403 (refused to a token the service knows)", "401"},
		{"documented", sandbox.Options{Surface: sandbox.SurfaceDocumented}, "not on this server (404)", "GET /funnels/page/{id} is not on this server (404)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			walkWithoutFolderEntities(t, webinars, tc.opts, tc.bar, tc.detail)
		})
	}
}

func walkWithoutFolderEntities(t *testing.T, webinars string, opts sandbox.Options, why, partial string) {
	sb, c := testClient(t, opts, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	v := h.waitFor("Spring Sale 2026", webinars+"/")
	bar := statusLine(v)
	if !strings.Contains(bar, why) {
		t.Fatalf("the status bar should say why the folders look different:\n%s", v)
	}
	if strings.Contains(v, "✗") {
		t.Fatalf("a refusal the browser worked around is not a failure:\n%s", v)
	}

	h.selectRow(webinars + "/")
	h.press("enter")
	v = h.waitFor("Webinar: Grow Your Gym")
	if strings.Contains(statusLine(v), "funnel list") {
		t.Fatalf("the note is said once, not per folder:\n%s", v)
	}
	h.selectRow("Webinar: Grow Your Gym")
	h.press("enter")
	v = h.waitFor("Registration", "50/50", "control 50%", "variation 50%")
	h.press("enter", "enter")
	v = h.waitFor("Page · ", "Partial", partial, "updatedAt")
	for _, want := range []string{"from the page list", "https://webinars.lakesidefit.com/", "split 50/50"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the partial detail should show %q:\n%s", want, v)
		}
	}
	checkFrame(t, h.m.View().Content, 120, 40)
	if n := len(sent(sb, "GET", "/funnels/funnel/folder/entities")); n != 1 {
		t.Errorf("folder entities asked %d times; once refused they are not asked again", n)
	}
	for _, r := range sb.Server.Requests() {
		if strings.HasPrefix(r.Path, "/funnels/page/") && r.Path != "/funnels/page/count" {
			if n := len(sent(sb, "GET", r.Path)); n != 1 {
				t.Errorf("%s asked %d times", r.Path, n)
			}
		}
	}
}

// TestSummariesNeverSayZeroSteps: a folder listing without steps shows the funnels at
// once, then their steps from one funnel-list request; no funnel ever says "0 steps".
func TestSummariesNeverSayZeroSteps(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{Dialect: sandbox.Dialect{Summaries: true}}, -1)
	// Wide enough for the funnels' step counts beside their names and paths.
	h := newHarness(t, demoOptions(c, sb), 200, 40)
	h.waitUntil("the root's funnels with their steps", func(v string) bool {
		if strings.Contains(v, " 0 steps") || strings.Contains(v, "No steps in this funnel") {
			t.Fatalf("a funnel whose steps are not known said it has none:\n%s", v)
		}
		return strings.Contains(line(v, "Spring Sale 2026"), "steps") && !strings.Contains(v, "steps …")
	})
	if n := len(sent(sb, "GET", "/funnels/funnel/list")); n != 1 {
		t.Errorf("%d funnel-list requests for the root's funnels, want 1", n)
	}
	h.selectRow("Spring Sale 2026")
	h.press("enter")
	v := h.waitFor("opt-in")
	if strings.Contains(v, "Loading the steps") {
		t.Fatalf("steps still loading:\n%s", v)
	}
}

// TestRefusedActionsSayWhy: a write refused at submit keeps what was typed; from then
// on the action shows as unavailable in the footer, the palette and ?, and its key
// says why instead of opening the form.
func TestRefusedActionsSayWhy(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{Surface: sandbox.SurfacePublic}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("N")
	h.waitFor("New folder")
	h.typeText("Autumn Campaigns")
	h.press("ctrl+s")
	v := h.waitFor("403", "What you typed stays here")
	if !h.formOpen() || !strings.Contains(v, "Autumn Campaigns") || !strings.Contains(v, "web-app access") {
		t.Fatalf("the refused form stays with what was typed and says what to ask for:\n%s", v)
	}
	if strings.Contains(v, "sign in again") {
		t.Fatalf("a refused route is not an expired sign-in:\n%s", v)
	}
	h.press("esc")
	h.waitFor("Discard what you typed?")
	h.press("y")
	v = h.waitUntil("the footer marking N", func(v string) bool { return strings.Contains(v, "new folder ✗ 403") })
	if h.formOpen() {
		t.Fatal("the form should be closed")
	}

	h.press("N")
	v = h.view()
	if h.formOpen() || !strings.Contains(statusLine(v), "unavailable: 403") {
		t.Fatalf("N should say why instead of opening the form:\n%s", v)
	}
	if n := len(sent(sb, "POST", "/funnels/funnel/folder/create")); n != 1 {
		t.Fatalf("%d folder creations sent, want the one refused", n)
	}

	h.press(":")
	v = h.waitFor("Commands")
	if l := line(v, "New folder"); !strings.Contains(l, "unavailable: 403") {
		t.Fatalf("the palette should say New folder is unavailable: %q\n%s", l, v)
	}
	h.typeText("new folder")
	h.press("enter")
	if h.formOpen() {
		t.Fatal("running an unavailable action from the palette opened its form")
	}
	h.press("?")
	v = h.waitFor("Unavailable to this sign-in")
	if !strings.Contains(v, "N new folder: 403") || !strings.Contains(v, "✗ unavailable (403)") {
		t.Fatalf("? should list what is unavailable and why:\n%s", v)
	}
}

// TestWhatThisSignInCanDo: the palette's probe shows a table of the read routes; what
// it learns marks actions unavailable; r forgets it all.
func TestWhatThisSignInCanDo(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{Surface: sandbox.SurfacePublic}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press(":")
	h.typeText("what this sign")
	h.press("enter")
	// At 120 columns the rows are compact: the route and its answer, then what it means
	// and what to ask for.
	v := h.waitFor("What this sign-in can do", "GET /funnels/funnel/list", "403 IAM refusal", "ask for")
	for _, want := range []string{"GET /funnels/page/{id}", "401 IAM refusal", "web-app access", "writes are never", "open"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the table should show %q:\n%s", want, v)
		}
	}
	for _, r := range sb.Server.Requests() {
		if r.Method != "GET" {
			t.Errorf("the probe sent %s %s", r.Method, r.Path)
		}
	}
	// What the probe learned reaches the browser as an event of its own, a moment
	// after the table: the palette marks what the browser knows when it opens.
	h.waitUntil("the probe's lesson", func(string) bool {
		_, refused := h.m.sh.access.Refused(client.FamilyPageByID)
		return refused
	})
	h.press("esc")
	h.press(":")
	h.waitFor("Commands")
	h.typeText("page by id") // the palette's entries past its first screen too
	v = h.waitFor("Page by id")
	if l := line(v, "Page by id"); !strings.Contains(l, "unavailable: 401") {
		t.Fatalf("after the probe, page by id is unavailable: %q\n%s", l, v)
	}
	h.press("esc", "r")
	if len(h.m.sh.access) != 0 || len(c.Access()) != 0 {
		t.Fatalf("r should forget the access record: %v / %v", h.m.sh.access, c.Access())
	}
	h.waitFor("Spring Sale 2026")
	h.press(":")
	v = h.waitFor("Commands")
	if l := line(v, "Page by id"); strings.Contains(l, "unavailable") {
		t.Fatalf("after r nothing is known to be refused but folder entities: %q", l)
	}
}

// TestRefusedRedirectWritesSayWhy: in the Redirects view a write refused for its
// scope (the read-only token on the public surface: 401) marks n, e and d, which then
// say why instead of asking; the footer of the panes is not confused by the view's
// own n.
func TestRefusedRedirectWritesSayWhy(t *testing.T) {
	t.Parallel()
	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
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
	h.waitFor("401 The token is not authorized for this scope.", "funnels/redirect.write")
	h.press("esc")
	v := h.waitUntil("the question closed and d marked", func(v string) bool {
		return !h.formOpen() && strings.Contains(v, "delete ✗ 401") && strings.Contains(v, "new ✗ 401")
	})
	h.press("d")
	v = h.view()
	if h.formOpen() || !strings.Contains(statusLine(v), "unavailable: 401") {
		t.Fatalf("d should say why instead of asking:\n%s", v)
	}
	deletes := 0
	for _, r := range sb.Server.Requests() {
		if r.Method == "DELETE" {
			deletes++
		}
	}
	if deletes != 1 {
		t.Fatalf("%d deletes sent, want the one refused", deletes)
	}
	h.press("esc")
	v = h.waitUntil("the panes", func(v string) bool { return strings.Contains(v, "╭─ Steps") })
	if strings.Contains(v, "new step ✗") {
		t.Fatalf("the panes' n is not the view's:\n%s", v)
	}
}
