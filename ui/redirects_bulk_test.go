package ui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// Tests of the Redirects view's bulk actions against a sandbox: an import's plan
// shown before anything is sent, then sent; an export; the versions and a restore.

// redirectWrites are the writes of redirects the sandbox got.
func redirectWrites(sb *sandbox.Running) int {
	n := 0
	for _, r := range sb.Server.Requests() {
		if r.Method != "GET" && strings.HasPrefix(r.Path, redirectPath) {
			n++
		}
	}
	return n
}

func TestRedirectImportShowsThePlanThenSendsItAndRestoreListsTheVersion(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	opts := demoOptions(c, sb)
	opts.Redirects = redirectplan.State{Dir: t.TempDir()}
	h := newHarness(t, opts, 140, 36)
	h.openRedirectsView()

	dir := t.TempDir()
	file := filepath.Join(dir, "moving.csv")
	csv := "domain,path,target,action\n" +
		"join.lakesidefit.com,/moved-a,https://www.lakesidefit.com/new-a,url\n" +
		"www.lakesidefit.com,/instagram,https://www.instagram.com/lakesidefit-new,url\n" +
		"www.lakesidefit.com,/timetable,https://www.lakesidefit.com/schedule,website\n" +
		"www.lakesidefit.com,/bad,not an address,url\n"
	if err := os.WriteFile(file, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}

	// I asks for the file; tab completes its name from the directory typed.
	h.press("I")
	h.waitFor("Import redirects from a file", "┃ File")
	h.typeText(dir + string(filepath.Separator) + "mov")
	h.waitUntil("the directory listed", func(string) bool { return h.m.overlay.(*formOverlay).Fields()[0].Suggest != nil })
	h.press("tab")
	if got := *h.m.overlay.(*formOverlay).Fields()[0].Value; got != file {
		t.Fatalf("tab completes the file name: %q, want %q", got, file)
	}
	h.press("tab")
	h.focusOn("Domain")
	h.press("tab")
	h.focusOn("Also delete")
	h.press("enter")

	v := h.waitFor("Import of moving.csv", "+ add", "~ change", "= same", "! refused")
	for _, want := range []string{"/moved-a", "https://www.instagram.com/lakesidefit → https://www.instagram.com/lakesidefit-new (url)", "+1 ~1 −0 =1 !1"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the plan shows %q:\n%s", want, v)
		}
	}
	if n := redirectWrites(sb); n != 0 {
		t.Fatalf("%d writes sent before the plan was confirmed", n)
	}

	// / filters the plan; esc clears the filter; s asks, naming the writes and the
	// sub-account, and y sends.
	h.press("/")
	h.typeText("refused")
	v = h.waitFor("/refused", "line 5: target must not contain spaces", "! refused")
	if strings.Contains(v, "/moved-a") {
		t.Fatalf("the filter hides what does not match:\n%s", v)
	}
	h.press("esc")
	h.press("s")
	h.waitFor("Send 2 writes (+1 ~1 −0) to LakesideFit2026Loc01 (demo)?", "1 refused row of the plan is never sent")
	if n := redirectWrites(sb); n != 0 {
		t.Fatalf("%d writes sent before the question was answered", n)
	}
	h.press("y")
	h.waitUntil("the import's end on the status bar", func(v string) bool {
		return strings.Contains(h.m.status.info, "importing redirects: added 1, changed 1, deleted 0, refused 1, failed 0")
	})
	h.waitFor("9 redirects", "/moved-a")
	if n := redirectWrites(sb); n != 2 {
		t.Fatalf("want 2 writes (an add and a change), got %d", n)
	}
	list, _, err := c.ListAllRedirects(context.Background(), client.ListRedirectsParams{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range list {
		found = found || (r.Path == "/moved-a" && r.Target == "https://www.lakesidefit.com/new-a")
	}
	if !found {
		t.Fatalf("the sandbox holds the new row: %+v", list)
	}

	// The version saved before the import is listed; enter plans it back.
	h.press("esc")
	h.waitFor("Spring Sale 2026")
	h.m.overlay = nil
	h.run(openRedirectVersions(h.m))
	v = h.waitFor("Redirect versions", "1 version", "8 redirects", "+1 ~1 −0, import of moving.csv")
	h.press("enter")
	v = h.waitFor("Restore of version 1", "− delete", "~ change")
	if !strings.Contains(v, "+0 ~1 −1") {
		t.Fatalf("the restore undoes the import:\n%s", v)
	}
}

func TestRedirectImportReadOnlyShowsThePlanAndSendsNothing(t *testing.T) {
	t.Parallel()
	sb := sandboxtest.Start(t, sandbox.Options{})
	ro, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), MaxRetries: -1, ReadOnly: true,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	opts := demoOptions(ro, sb)
	opts.Redirects = redirectplan.State{Dir: t.TempDir()}
	h := newHarness(t, opts, 140, 36)
	h.openRedirectsView()
	file := filepath.Join(t.TempDir(), "one.csv")
	if err := os.WriteFile(file, []byte("domain,path,target\njoin.lakesidefit.com,/ro,https://www.lakesidefit.com/\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.press("I")
	h.waitFor("Import redirects from a file")
	h.typeText(file)
	h.press("tab", "tab")
	h.focusOn("Also delete")
	h.press("enter")
	h.waitFor("read-only: nothing can be sent", "+ add")
	h.press("s")
	h.waitUntil("the bar saying so", func(string) bool { return strings.Contains(h.m.status.err, "read-only: send the plan is off") })
	if _, asked := h.m.overlay.(*formOverlay); asked {
		t.Fatal("read-only asked whether to send")
	}
	if n := redirectWrites(sb); n != 0 {
		t.Fatalf("read-only sent %d writes", n)
	}
}

func TestRedirectExportWritesWhatTheCommandLineWrites(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 140, 36)
	h.openRedirectsView()
	out := filepath.Join(t.TempDir(), "out.csv")
	h.press("X")
	h.waitFor("Export redirects to a file", "┃ File")
	h.press("ctrl+u")
	h.typeText(out)
	h.press("enter")
	h.waitUntil("the bar saying where", func(string) bool { return strings.Contains(h.m.status.info, "wrote 8 redirects to "+out) })
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	list, _, err := c.ListAllRedirects(context.Background(), client.ListRedirectsParams{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := redirectplan.Write(&want, redirectplan.CSV, redirectplan.RowsOf(list)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) || !strings.HasPrefix(string(got), "domain,path,target,action,id\njoin.lakesidefit.com,/7-day-pass,") {
		t.Fatalf("the file differs from the export's:\n%s\nwant:\n%s", got, want.Bytes())
	}
}
