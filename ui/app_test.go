package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// sizes the layout must hold at: a wide screen, the classic terminal, the two-pane
// and one-pane breakpoints, and below the minimum.
var sizes = []struct{ w, h int }{{120, 40}, {80, 24}, {60, 20}, {59, 20}, {40, 10}, {30, 8}}

func demoOptions(c *client.Client, sb *sandbox.Running) Options {
	return Options{Client: c, Profile: "demo", LocationID: sb.Server.LocationID(), Demo: true}
}

func TestWalkFolderFunnelStepPageDetail(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)

	v := h.view()
	if !strings.Contains(v, "Loading funnels…") {
		t.Fatalf("before the answer the first pane should say it is loading:\n%s", v)
	}
	v = h.waitFor("Spring Sale 2026", "Archive/")
	if strings.Index(v, "Webinars/") > strings.Index(v, "Free 7-Day Trial") {
		t.Fatalf("folders should come before funnels:\n%s", v)
	}
	if !strings.Contains(line(v, "funnels demo"), "Root") {
		t.Fatalf("the breadcrumb should start at Root:\n%s", v)
	}

	// Into Archive › 2025 Campaigns: nested folders open in place.
	h.press("enter") // Archive is the first row
	v = h.waitFor("2025 Campaigns/", "Old Homepage Funnel")
	h.press("enter")
	v = h.waitFor("Black Friday 2025/", "Summer Sale 2025", "Back to School 2025")
	if got := line(v, "funnels demo"); !strings.Contains(got, "Root › Archive › 2025 Campaigns") {
		t.Fatalf("breadcrumb = %q", got)
	}

	// Back to the root: cached, so it shows at once, with Archive still selected.
	h.press("esc", "esc")
	v = h.view()
	if !strings.Contains(v, "Spring Sale 2026") || !strings.Contains(line(v, "Archive/"), "▸") {
		t.Fatalf("going back should be instant and keep the selection:\n%s", v)
	}

	// Webinars › Webinar: Grow Your Gym: a running 50/50 split test.
	h.press("down", "down", "down", "down", "enter")
	v = h.waitFor("Live Q&A", "Webinar: Grow Your Gym")
	h.press("down", "enter") // the funnel: its steps, no request
	v = h.waitFor("control 50%", "variation 50%")
	reg := line(v, "50/50")
	for _, want := range []string{"1", "Registration", "50/50", "opt-in"} {
		if !strings.Contains(reg, want) {
			t.Fatalf("the Registration step row %q should show %q:\n%s", reg, want, v)
		}
	}
	if !strings.Contains(v, "thank-you") {
		t.Fatalf("step types should be short labels:\n%s", v)
	}
	v = h.waitFor("control 50%", "variation 50%")

	// Pages pane, then the first page's detail.
	h.press("enter", "enter")
	v = h.waitFor("Page · ", "pageVersion", "sections")
	for _, want := range []string{"● live", "https://webinars.lakesidefit.com/", "Webinar: Grow Your Gym", "split 50/50", "GET /funnels/page/", "funnelId", "locationId"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the detail should show %q:\n%s", want, v)
		}
	}
	checkFrame(t, h.m.View().Content, 120, 40)
	h.press("esc")
	v = h.view()
	if strings.Contains(v, "pageVersion") || !strings.Contains(v, "control 50%") {
		t.Fatalf("esc should close the detail:\n%s", v)
	}
	// Opening it again needs no request: the record is kept.
	h.press("enter")
	if v = h.view(); !strings.Contains(v, "pageVersion") {
		t.Fatalf("a page read before should show at once:\n%s", v)
	}
}

func TestArchivedPagesAndMissingDomain(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("G", "enter", "down") // Spring Sale 2026 › Sales Page
	v := h.waitFor("Sales Page - Ol")
	if row := line(v, "Sales Page - Ol"); !strings.Contains(row, "archived") {
		t.Fatalf("an archived page is marked: %q", row)
	}
	if row := line(v, "Sales Page - Ol"); strings.Contains(row, "▸ Sales Page - Ol") {
		t.Fatalf("live pages come first, the archived one after: %q", row)
	}

	// New Year Kickstart has no domain: no public URL, and the detail says why.
	h.press("esc", "up", "up", "up", "enter")
	v = h.waitFor("Steps · New Year Kickstart", "Day 1 Workout")
	h.press("Y")
	if st := statusLine(h.view()); !strings.Contains(st, "no domain attached") {
		t.Fatalf("Y without a domain should say so: %q", st)
	}
	h.waitFor("Pages · Opt-in", "live")
	h.press("enter", "enter")
	h.waitFor("no domain attached", "pageVersion")
}

func TestFilterNarrowsAsYouType(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("/")
	h.typeText("spr")
	v := h.view()
	if !strings.Contains(v, "Spring Sale 2026") || strings.Contains(v, "Free 7-Day Trial") || strings.Contains(v, "Archive/") {
		t.Fatalf("/spr should leave Spring Sale 2026 only:\n%s", v)
	}
	if !strings.Contains(line(v, "Funnels"), "/spr") {
		t.Fatalf("the filter is typed in the pane's title line:\n%s", v)
	}
	if !strings.Contains(v, "1/1 of 10") {
		t.Fatalf("the position should say how many match:\n%s", v)
	}
	// While the input has focus, q types a q.
	h.typeText("q")
	if h.quit {
		t.Fatal("q in the filter must not quit")
	}
	if v = h.view(); !strings.Contains(v, "Nothing matches /sprq") {
		t.Fatalf("no match should say so:\n%s", v)
	}
	h.press("backspace", "enter")
	v = h.view()
	if !strings.Contains(line(v, "Funnels"), "/spr") || !strings.Contains(v, "Steps · Spring Sale 2026") {
		t.Fatalf("enter keeps the filter and the selection drives the other panes:\n%s", v)
	}
	h.press("esc") // clears the kept filter
	if v = h.view(); !strings.Contains(v, "Free 7-Day Trial") || strings.Contains(line(v, "Funnels"), "/spr") {
		t.Fatalf("esc should clear the filter:\n%s", v)
	}
	h.press("q")
	if !h.quit {
		t.Fatal("q outside an input quits")
	}
}

func TestHelpAndPalette(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")

	h.press("?")
	v := h.view()
	for _, want := range []string{"Keys", "Navigation", "Panes", "Actions", "App", "move up", "next pane", "copy URL", "commands", "quit"} {
		if !strings.Contains(v, want) {
			t.Fatalf("help should list %q:\n%s", want, v)
		}
	}
	checkFrame(t, h.m.View().Content, 120, 40)
	h.press("esc")
	if strings.Contains(h.view(), "Navigation") {
		t.Fatal("esc closes the help")
	}

	h.press(":")
	v = h.view()
	for _, want := range []string{"Commands", "Refresh", "Filter", "Copy id", "Copy URL", "Open in browser", "Go to root", "Go up", "Help", "Toggle mouse", "Quit"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the palette should list %q:\n%s", want, v)
		}
	}
	h.typeText("cpyid")
	v = h.view()
	if !strings.Contains(line(v, "▸ Copy id"), "Copy id") {
		t.Fatalf("fuzzy search should put Copy id first:\n%s", v)
	}
	h.press("enter")
	h.waitUntil("the clipboard", func(string) bool { return len(h.clipboard) == 1 })
	if h.clipboard[0] == "" || !strings.Contains(statusLine(h.view()), "copied to clipboard: folder id "+h.clipboard[0]) {
		t.Fatalf("the palette's Copy id should copy and say so: %q / %q", h.clipboard, statusLine(h.view()))
	}
	if strings.Contains(h.view(), "Commands") {
		t.Fatal("running an action closes the palette")
	}
	h.press(":")
	h.typeText("quit")
	h.press("enter")
	if !h.quit {
		t.Fatal("Quit from the palette quits")
	}
}

func TestCopyAndOpen(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	opened := make(chan string, 4) // OpenURL runs in a command's goroutine
	opts := demoOptions(c, sb)
	opts.OpenURL = func(_ context.Context, url string) error { opened <- url; return nil }
	h := newHarness(t, opts, 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("G") // Spring Sale 2026, domain offers.lakesidefit.com
	h.press("y")
	h.waitUntil("the clipboard", func(string) bool { return len(h.clipboard) == 1 })
	funnelID := h.m.entities.selected().id
	if h.clipboard[0] != funnelID || !strings.Contains(statusLine(h.view()), "copied to clipboard: funnel id "+funnelID) {
		t.Fatalf("y copies the funnel id: %q, status %q", h.clipboard, statusLine(h.view()))
	}
	h.press("tab", "Y")
	h.waitUntil("the clipboard", func(string) bool { return len(h.clipboard) == 2 })
	const want = "https://offers.lakesidefit.com/spring-sale-opt-in"
	if h.clipboard[1] != want {
		t.Fatalf("Y copies the step's public URL: %q", h.clipboard[1])
	}
	h.press("o")
	h.waitUntil("the browser", func(string) bool { return len(opened) == 1 })
	if got := <-opened; got != want || !strings.Contains(statusLine(h.view()), "opening "+want) {
		t.Fatalf("o opens the URL: %v, status %q", got, statusLine(h.view()))
	}
	// The next key clears the message.
	h.press("down")
	if st := statusLine(h.view()); strings.Contains(st, "opening") {
		t.Fatalf("a message lasts until the next key: %q", st)
	}

	// Without a browser, o says why.
	opts.OpenURL, opts.NoBrowserReason = nil, "no DISPLAY or WAYLAND_DISPLAY"
	h2 := newHarness(t, opts, 120, 40)
	h2.waitFor("Spring Sale 2026")
	h2.press("G", "o")
	// Whole at 120 columns, with the profile and location beside it, "here" once at most.
	st := statusLine(h2.view())
	if !strings.Contains(st, "no browser (no DISPLAY or WAYLAND_DISPLAY) — Y copies the URL") ||
		strings.Count(st, "here") > 1 || !strings.Contains(st, "demo · ") {
		t.Fatalf("o without a browser should say why, whole: %q", st)
	}
	// Folders have no URL.
	h2.press("g", "Y")
	if st = statusLine(h2.view()); !strings.Contains(st, "folders have no public URL") {
		t.Fatalf("Y on a folder: %q", st)
	}
}

func TestLoadErrorShownAndRetriedWithR(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	sb.Server.FailNext(500, 1, "/funnels/funnel/folder/entities")
	h := newHarness(t, demoOptions(c, sb), 80, 24)
	v := h.waitFor("✗ 500", "press r to retry")
	if st := statusLine(v); !strings.Contains(st, "500") {
		t.Fatalf("the status bar should show the error with its code: %q", st)
	}
	checkFrame(t, h.m.View().Content, 80, 24)
	h.press("r")
	if st := statusLine(h.view()); strings.Contains(st, "500") {
		t.Fatalf("the next key clears the error: %q", st)
	}
	v = h.waitFor("Spring Sale 2026")
	if strings.Contains(v, "press r to retry") {
		t.Fatalf("after r the error is gone:\n%s", v)
	}

	// A failed refresh keeps the rows and says what went wrong under them. (A 400: a
	// 403 where the funnel list answers is the route refused, and browsing falls back.)
	sb.Server.FailNext(400, 1, "/funnels/funnel/folder/entities")
	h.press("r")
	v = h.waitFor("✗ 400")
	if !strings.Contains(v, "Spring Sale 2026") {
		t.Fatalf("the old rows stay:\n%s", v)
	}
	checkFrame(t, h.m.View().Content, 80, 24)

	// Pages too.
	sb.Server.FailNext(503, 1, "/funnels/page")
	h.press("r")
	h.waitUntil("the refreshed rows", func(v string) bool { return !strings.Contains(v, "✗ 400") })
	h.press("G", "tab", "tab")
	v = h.waitFor("✗ 503", "press r to retry")
	h.press("r")
	h.waitFor("Opt-in", "live")
}

func TestNoAnswerFromServer(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	sb.Close() // nothing listens any more
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	v := h.waitFor("no answer from server:")
	if !strings.Contains(statusLine(v), "no answer from server:") {
		t.Fatalf("the status bar says there was no answer: %q", statusLine(v))
	}
}

func TestStaleRepliesAreDropped(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("G") // Spring Sale 2026: its first step's pages are asked for
	first := h.m.pages.key
	seq := h.m.pages.current().seq
	if seq == 0 {
		t.Fatal("the pages of the selected step should be awaited")
	}
	h.press("tab", "down") // the user moves on before the answer
	if h.m.pages.key == first {
		t.Fatal("the pages pane should follow the step")
	}
	// The old answer arrives late: it must not show.
	h.update(pagesMsg{key: first, seq: seq, rows: []pageRow{{id: "x", name: "Stale answer", status: "live"}}})
	h.waitFor("Sales Page - Ol")
	if strings.Contains(h.view(), "Stale answer") {
		t.Fatal("a reply for a step the user left was shown")
	}
	// Same for a folder left before its answer.
	h.press("shift+tab", "g", "enter") // into Archive
	folder := h.m.entities.folderID()
	fseq := h.m.entities.current().seq
	h.press("esc")
	h.update(entitiesMsg{folderID: folder, seq: fseq, rows: []entityRow{{id: "y", name: "Stale folder", label: "Stale folder"}}})
	h.press("enter")
	if strings.Contains(h.view(), "Stale folder") {
		t.Fatal("a reply for a folder the user left was kept")
	}
	h.waitFor("2025 Campaigns/")
}

func TestLayoutAtEverySize(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.press("G")
	h.waitFor("Pages · Opt-in", "live")
	for _, sz := range sizes {
		h.update(tea.WindowSizeMsg{Width: sz.w, Height: sz.h})
		content := h.m.View().Content
		checkFrame(t, content, sz.w, sz.h)
		v := h.view()
		titles := 0
		for _, title := range []string{"Funnels", "Steps", "Pages"} {
			if strings.Contains(v, "╭─ "+title) {
				titles++
			}
		}
		want := 0
		switch {
		case sz.w < 40 || sz.h < 10:
			if !strings.Contains(strings.Join(strings.Fields(v), " "), "terminal too small (need 40×10)") {
				t.Fatalf("%dx%d should say the terminal is too small:\n%s", sz.w, sz.h, v)
			}
		case sz.w >= 100:
			want = 3
		case sz.w >= 60:
			want = 2
		default:
			want = 1
		}
		if titles != want {
			t.Fatalf("%dx%d shows %d panes, want %d:\n%s", sz.w, sz.h, titles, want, v)
		}
		if want > 0 && !strings.Contains(statusLine(v), "demo") {
			t.Fatalf("%dx%d: the status bar must always show: %q", sz.w, sz.h, statusLine(v))
		}
	}
	// The focused pane wins on a narrow terminal.
	h.update(tea.WindowSizeMsg{Width: 50, Height: 20})
	h.press("tab")
	if v := h.view(); !strings.Contains(v, "╭─ Steps") || strings.Contains(v, "╭─ Funnels") {
		t.Fatalf("one pane: the focused one:\n%s", v)
	}
	// And the state survives the resize back.
	h.update(tea.WindowSizeMsg{Width: 120, Height: 40})
	if v := h.view(); !strings.Contains(v, "▸ Spring Sale 2026") || !strings.Contains(v, "Pages · Opt-in") {
		t.Fatalf("after resizing back:\n%s", v)
	}
	// Help, palette and detail fit too.
	for _, sz := range sizes[:5] {
		h.update(tea.WindowSizeMsg{Width: sz.w, Height: sz.h})
		h.press("?")
		checkFrame(t, h.m.View().Content, sz.w, sz.h)
		h.press("esc", ":")
		checkFrame(t, h.m.View().Content, sz.w, sz.h)
		h.press("esc")
	}
}

func TestStatusBar(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	opts := Options{Profile: "work", LocationID: "Loc42", Now: func() time.Time { return now }}
	h := newHarness(t, opts, 120, 40)
	st := statusLine(h.view())
	for _, want := range []string{"work · Loc42", "rate –/–", "idle"} {
		if !strings.Contains(st, want) {
			t.Fatalf("status %q should show %q", st, want)
		}
	}
	h.update(eventMsg{ev: client.RateEvent{Rate: client.RateLimit{Limit: 100, Remaining: 97, Reset: now.Add(7 * time.Second), Observed: now}}})
	h.update(eventMsg{ev: client.RequestStarted{InFlight: 2}})
	if st = statusLine(h.view()); !strings.Contains(st, "97/100 · resets in 7s") || !strings.Contains(st, "2 requests") {
		t.Fatalf("status %q", st)
	}
	h.update(eventMsg{ev: client.RetryEvent{StatusCode: 429, Wait: 3 * time.Second, Attempt: 1}})
	if st = statusLine(h.view()); !strings.Contains(st, "rate limited — retrying in 3s") {
		t.Fatalf("a 429 wait counts down: %q", st)
	}
	now = now.Add(time.Second)
	if st = statusLine(h.view()); !strings.Contains(st, "retrying in 2s") || !strings.Contains(st, "resets in 6s") {
		t.Fatalf("one second later: %q", st)
	}
	h.update(eventMsg{ev: client.RequestFinished{InFlight: 0, Record: client.RequestRecord{Status: 200}}})
	h.update(eventMsg{ev: client.RetryEvent{Path: "/funnels/page", StatusCode: 502, Wait: 400 * time.Millisecond, Attempt: 1}})
	if st = statusLine(h.view()); !strings.Contains(st, "502 from server, retrying in 400ms") || !strings.Contains(st, "idle") {
		t.Fatalf("a retried 5xx is shown with its code: %q", st)
	}
	h.update(eventMsg{ev: client.RequestFinished{Record: client.RequestRecord{Path: "/funnels/page?funnelId=x", Status: 200}}})
	if st = statusLine(h.view()); !strings.Contains(st, "502 from server — recovered on retry") {
		t.Fatalf("after the retry worked: %q", st)
	}
	// A retry that failed again, until the client gave up: the bar no longer says
	// "retrying".
	h.update(eventMsg{ev: client.RetryEvent{Path: "/funnels/page", StatusCode: 500, Wait: time.Second, Attempt: 3}})
	h.update(eventMsg{ev: client.RequestFinished{Record: client.RequestRecord{Path: "/funnels/page?funnelId=x", Status: 500, Err: "500 Internal Server Error", Attempts: 4}}})
	if st = statusLine(h.view()); !strings.Contains(st, "500 from server — gave up after 4 tries") || strings.Contains(st, "retrying") {
		t.Fatalf("after the client gave up: %q", st)
	}
	// A retry answered with a refusal: that is what the bar says, not "gave up".
	h.update(eventMsg{ev: client.RetryEvent{Path: "/funnels/page", StatusCode: 502, Wait: time.Second, Attempt: 1}})
	h.update(eventMsg{ev: client.RequestFinished{Record: client.RequestRecord{Path: "/funnels/page?funnelId=z", Status: 404, Err: "404 Not Found", Attempts: 2}}})
	if st = statusLine(h.view()); !strings.Contains(st, "502 from server — the retry answered 404") {
		t.Fatalf("after a retry answered 404: %q", st)
	}
	// A retry the browser no longer needed (the user moved on) was cancelled.
	h.update(eventMsg{ev: client.RetryEvent{Path: "/funnels/page", StatusCode: 503, Wait: time.Second, Attempt: 1}})
	h.update(eventMsg{ev: client.RequestFinished{Record: client.RequestRecord{Path: "/funnels/page?funnelId=y", Err: "GET /funnels/page: context canceled", Canceled: true, Attempts: 2}}})
	if st = statusLine(h.view()); !strings.Contains(st, "503 from server — no longer needed") || strings.Contains(st, "retrying") {
		t.Fatalf("after a retry was cancelled: %q", st)
	}
	h.update(eventMsg{ev: client.RateEvent{Rate: client.RateLimit{Limit: 100, Remaining: 5, Observed: now}}})
	h.update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if st = statusLine(h.view()); !strings.Contains(st, "5/100") || !strings.Contains(st, "work") {
		t.Fatalf("at 80 columns: %q", st)
	}
	checkFrame(t, h.m.View().Content, 80, 24)
	h.update(tea.WindowSizeMsg{Width: 40, Height: 10})
	checkFrame(t, h.m.View().Content, 40, 10)
}

func TestALongMessageKeepsTheProfileAndLocation(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	opts := Options{Profile: "demo", LocationID: "LakesideFit2026Loc01", Now: func() time.Time { return now }}
	for _, w := range []int{80, 120, 200} {
		h := newHarness(t, opts, w, 24)
		h.update(eventMsg{ev: client.RateEvent{Rate: client.RateLimit{Limit: 100, Remaining: 97, Reset: now.Add(7 * time.Second), Observed: now}}})
		h.m.status.setWarn("“Registration (Variation B)” is the only live page of step Registration: the service refuses to archive a step's last page")
		st := statusLine(h.view())
		if !strings.Contains(st, "demo · LakesideFit2026Loc01") || !strings.Contains(st, "97/100") || !strings.Contains(st, "“Registration") {
			t.Fatalf("at %d columns a long message pushed the profile, location or figures off: %q", w, st)
		}
		if w < 200 && !strings.Contains(st, "…") {
			t.Fatalf("at %d columns the message is cut, and says so: %q", w, st)
		}
		checkFrame(t, h.m.View().Content, w, 24)
	}
}

func TestRateFigureFromTheClient(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{Limit: 1000}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	h.waitUntil("999/1000 in the status bar", func(v string) bool { return strings.Contains(statusLine(v), "999/1000") })
	h.press("G") // asks for pages
	h.waitUntil("a lower figure", func(v string) bool { return strings.Contains(statusLine(v), "998/1000") })
}

func TestSanitisesServerStrings(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	if _, _, err := c.CreateFolder(context.Background(), client.CreateFolderRequest{Type: "funnel", Name: "Evil\x1b[31mRed\x1b]0;pwned\x07 Folder\x1b[2J"}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("EvilRed Folder/")
	raw := h.m.View().Content
	for _, bad := range []string{"\x1b]0;", "pwned", "\x1b[2J", "\x07"} {
		if strings.Contains(raw, bad) {
			t.Fatalf("the view carries %q from the server", bad)
		}
	}
}

// rowOf is the first line of view that holds s and is not a pane's top border.
func rowOf(view, s string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, s) && !strings.Contains(l, "╭─") {
			return l
		}
	}
	return ""
}

func TestSelectionVisibleWithoutColour(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.update(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	h.waitFor("Spring Sale 2026")
	h.press("G")
	raw := h.m.View().Content
	row := rowOf(raw, "Spring Sale 2026")
	if !strings.Contains(row, "▸") || !strings.Contains(row, "\x1b[1;7m") {
		t.Fatalf("without colour the selected row needs the marker and bold reverse video: %q", row)
	}
	h.update(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
	if row = rowOf(h.m.View().Content, "Spring Sale 2026"); strings.Contains(row, "\x1b[1;7m") || !strings.Contains(row, "48;2;") {
		t.Fatalf("with colour the selection has a background: %q", row)
	}
}

func TestThemeFollowsTheBackground(t *testing.T) {
	h := newHarness(t, Options{}, 80, 24)
	if !h.m.sh.theme.Dark {
		t.Fatal("dark until the terminal answers")
	}
	h.update(tea.BackgroundColorMsg{Color: lightGrey{}})
	if h.m.sh.theme.Dark {
		t.Fatal("a light background gives the light theme")
	}
	forced := newHarness(t, Options{Theme: "dark"}, 80, 24)
	forced.update(tea.BackgroundColorMsg{Color: lightGrey{}})
	if !forced.m.sh.theme.Dark {
		t.Fatal("theme = dark wins over the background")
	}
}

// lightGrey is a light terminal background.
type lightGrey struct{}

func (lightGrey) RGBA() (r, g, b, a uint32) { return 0xeeee, 0xeeee, 0xeeee, 0xffff }

func TestMouse(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	off := newHarness(t, demoOptions(c, sb), 120, 40)
	if off.m.View().MouseMode != tea.MouseModeNone {
		t.Fatal("the mouse is off by default")
	}
	opts := demoOptions(c, sb)
	opts.Mouse = true
	h := newHarness(t, opts, 120, 40)
	if h.m.View().MouseMode != tea.MouseModeCellMotion {
		t.Fatal("Options.Mouse turns cell-motion mouse on")
	}
	h.waitFor("Spring Sale 2026")
	// Row 3 of the first pane (header, top border, then rows).
	h.update(tea.MouseClickMsg{X: 5, Y: 4, Button: tea.MouseLeft})
	if r := h.m.entities.selected(); r == nil || r.name != "Lead Generation" {
		t.Fatalf("a click selects the row under it, got %+v", r)
	}
	h.update(tea.MouseClickMsg{X: 60, Y: 3, Button: tea.MouseLeft})
	if h.m.focus != paneSteps {
		t.Fatal("a click in a pane focuses it")
	}
	h.press(":")
	h.typeText("mouse")
	h.press("enter")
	if h.m.View().MouseMode != tea.MouseModeNone || !strings.Contains(statusLine(h.view()), "mouse off") {
		t.Fatal("Toggle mouse in the palette turns it off")
	}
}

func TestFooterShowsTheKeysOfThePane(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 40)
	h.waitFor("Spring Sale 2026")
	footer := func() string {
		lines := strings.Split(h.view(), "\n")
		return lines[len(lines)-2]
	}
	if f := footer(); !strings.Contains(f, "enter/l open") || !strings.Contains(f, "/ filter") {
		t.Fatalf("first pane footer: %q", f)
	}
	h.press("G", "tab")
	if f := footer(); !strings.Contains(f, "enter/l pages") || !strings.Contains(f, "Y copy URL") {
		t.Fatalf("steps footer: %q", f)
	}
	h.press("/")
	if f := footer(); !strings.Contains(f, "enter keep filter") || !strings.Contains(f, "esc clear filter") {
		t.Fatalf("filter footer: %q", f)
	}
}
