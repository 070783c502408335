package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// longMessage is a refusal as the bar shows one: what happened, then what to run.
const longMessage = "sign in again: run `funnels login --profile staging` — the token was refused (401)"

// inOrder reports whether every word of want is in got, in order.
func inOrder(got, want string) bool {
	for _, w := range strings.Fields(want) {
		i := strings.Index(got, w)
		if i < 0 {
			return false
		}
		got = got[i+len(w):]
	}
	return true
}

// barText is the status bar's lines of a frame, without styles, joined by a space.
func barText(view string, rows int) string {
	lines := strings.Split(view, "\n")
	var parts []string
	for _, l := range lines[len(lines)-rows:] {
		parts = append(parts, strings.TrimSpace(l))
	}
	return strings.Join(parts, " ")
}

// TestALongMessageTakesASecondLine: a message that does not fit beside the profile and
// the figures goes on a second line, at 80, 120 and 200 columns alike, and the panes
// give up one row for it, so the frame keeps the terminal's height; the next key
// gives the row back. Past two lines it is cut with "…".
func TestALongMessageTakesASecondLine(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	for _, w := range []int{80, 120, 200} {
		h := newHarness(t, demoOptions(c, sb), w, 30)
		h.waitFor("Spring Sale 2026")
		body := h.m.lay.bodyHeight

		msg := longMessage
		for ansi.StringWidth(msg) < w-40 {
			msg += " — " + longMessage // longer than what the line leaves it
		}
		h.m.setWarn(msg)
		h.update(clockMsg{})
		v := h.m.View().Content
		checkFrame(t, v, w, 30)
		if got := barText(ansi.Strip(v), 2); !inOrder(got, msg) || strings.Contains(got, "…") {
			t.Errorf("%d columns: the bar's two lines should hold the whole message:\n%s", w, got)
		}
		if h.m.lay.bodyHeight != body-1 {
			t.Errorf("%d columns: the panes are %d rows, want %d (one given to the bar)", w, h.m.lay.bodyHeight, body-1)
		}

		h.press("j") // a key clears the message: the bar is one line again
		v = h.m.View().Content
		checkFrame(t, v, w, 30)
		if h.m.lay.bodyHeight != body {
			t.Errorf("%d columns: after a key the panes are %d rows, want %d", w, h.m.lay.bodyHeight, body)
		}

		huge := strings.Repeat(longMessage+" ", 2+w/20)
		h.m.setWarn(huge)
		h.update(clockMsg{})
		v = h.m.View().Content
		checkFrame(t, v, w, 30)
		if got := barText(ansi.Strip(v), 2); !strings.Contains(got, "…") {
			t.Errorf("%d columns: a message past two lines is cut with …:\n%s", w, got)
		}
	}
}

// TestAShortMessageKeepsOneLine: a message that fits leaves the bar one line.
func TestAShortMessageKeepsOneLine(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 120, 30)
	h.waitFor("Spring Sale 2026")
	body := h.m.lay.bodyHeight
	h.m.setInfo("copied to clipboard: id f1")
	h.update(clockMsg{})
	v := h.m.View().Content
	checkFrame(t, v, 120, 30)
	if h.m.lay.bodyHeight != body || !strings.Contains(statusLine(ansi.Strip(v)), "copied to clipboard: id f1") {
		t.Fatalf("a short message stays on the one line:\n%s", ansi.Strip(v))
	}
}

// TestMessagesViewListsTheSessionsMessagesWhole: M (and the palette's "Messages")
// lists every message of the session newest first, each with its time, kind and
// status code, its text whole at 80 columns; y copies the selected one; esc closes.
func TestMessagesViewListsTheSessionsMessagesWhole(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	clock := time.Date(2026, 3, 14, 9, 26, 53, 0, time.UTC)
	opts := demoOptions(c, sb)
	opts.Now = func() time.Time { return clock }
	h := newHarness(t, opts, 80, 30)
	h.waitFor("Spring Sale 2026")

	h.m.status.setErr(&client.APIError{Method: "POST", Path: "/funnels/funnel/create-step", StatusCode: 422, Messages: []string{"step.url is already used in this funnel"}})
	clock = clock.Add(2 * time.Second)
	h.m.setWarn(longMessage)
	clock = clock.Add(time.Minute)
	h.m.setInfo("copied to clipboard: URL https://offers.example.com/spring-sale-opt-in")

	h.press("M")
	v := h.view()
	iInfo := strings.Index(v, "09:27:55  info")
	iWarn := strings.Index(v, "09:26:55  error")
	iErr := strings.Index(v, "09:26:53  error  422")
	if iInfo < 0 || iWarn < 0 || iErr < 0 || !(iInfo < iWarn && iWarn < iErr) {
		t.Fatalf("newest first, each with its time, kind and status code:\n%s", v)
	}
	var text []string
	for _, l := range strings.Split(v[iWarn:iErr], "\n")[1:] {
		text = append(text, strings.Trim(l, " │"))
	}
	if got := strings.Join(strings.Fields(strings.Join(text, " ")), " "); !strings.Contains(got, strings.Join(strings.Fields(longMessage), " ")) {
		t.Fatalf("the long message is whole in the view: %q\n%s", got, v)
	}
	if !strings.Contains(v, "https://offers.example.com/spring-sale-opt-in") {
		t.Fatalf("the copied URL is whole:\n%s", v)
	}

	h.press("j", "y")
	h.waitUntil("the clipboard", func(string) bool { return len(h.clipboard) > 0 })
	if len(h.clipboard) == 0 || h.clipboard[len(h.clipboard)-1] != longMessage {
		t.Fatalf("y copies the selected message: %q", h.clipboard)
	}
	h.press("esc")
	if h.m.overlay != nil {
		t.Fatalf("esc closes the view")
	}

	// The palette opens it too.
	h.press(":")
	h.typeText("Messages")
	h.press("enter")
	if _, ok := h.m.overlay.(*messagesView); !ok {
		t.Fatalf("the palette's Messages opens the view: %T", h.m.overlay)
	}
}

// TestMessagesKeepTheNewest: the log keeps the newest statusLogSize messages.
func TestMessagesKeepTheNewest(t *testing.T) {
	var l statusLog
	for i := range statusLogSize + 20 {
		l.add(said{text: strings.Repeat("x", i%7+1) + string(rune('a'+i%26))})
	}
	if l.len() != statusLogSize {
		t.Fatalf("%d messages kept, want %d", l.len(), statusLogSize)
	}
	if want := strings.Repeat("x", (statusLogSize+19)%7+1) + string(rune('a'+(statusLogSize+19)%26)); l.newest(0).text != want {
		t.Fatalf("the newest is %q, want %q", l.newest(0).text, want)
	}
}

// TestMessagesViewScrolls: j/k, pgup/pgdn, g and G move through the messages, the
// selected one always in sight.
func TestMessagesViewScrolls(t *testing.T) {
	h := newFakeHost(t, nil, 80, 24)
	var l statusLog
	for i := range 60 {
		l.add(said{text: "message " + strings.Repeat("word ", i%30) + fmt.Sprintf("tag-%02d", i)})
	}
	v := newMessagesView(h.sh, &l)
	h.show(v)
	shows := func(i int) bool {
		box, _, _ := v.view(80, 24-chromeRows)
		return strings.Contains(ansi.Strip(box), fmt.Sprintf("tag-%02d", 59-i))
	}
	if !shows(0) {
		t.Fatalf("the newest shows first")
	}
	h.send(keyPress("G"))
	if v.cursor != 59 || !shows(59) {
		t.Fatalf("G: cursor %d, the oldest in sight %v", v.cursor, shows(59))
	}
	h.send(keyPress("pgup"))
	if v.cursor >= 59 || v.cursor < 50 || !shows(v.cursor) {
		t.Fatalf("pgup: cursor %d", v.cursor)
	}
	h.send(keyPress("g"))
	h.send(keyPress("pgdown"))
	if v.cursor < 1 || !shows(v.cursor) {
		t.Fatalf("pgdn: cursor %d", v.cursor)
	}
	h.send(keyPress("k"))
	h.send(keyPress("j"))
	h.send(keyPress("j"))
	if c := v.cursor; !shows(c) {
		t.Fatalf("j: cursor %d not in sight", c)
	}
}
