package ui

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// waitTimeout bounds every wait for the screen to show something. It is generous
// because a loaded CI machine is slow; a passing test never waits this long.
const waitTimeout = 60 * time.Second

// harness drives a Model the way Bubble Tea would, without a terminal: it calls
// Update and View directly and runs the returned commands in goroutines, feeding
// their messages back one at a time on the test's goroutine. Batches are split and
// sequences run in order. The spinner's and the status clock's ticks are dropped (they
// would tick forever); everything else reaches Update.
type harness struct {
	t         *testing.T
	m         *Model
	msgs      chan tea.Msg
	clipboard []string // what OSC 52 was asked to copy, in order
	quit      bool
}

// testClient is a client of a fresh sandbox. retries < 0 turns the client's own
// retries off, so a failure reaches the model at once.
func testClient(t *testing.T, opts sandbox.Options, retries int) (*sandbox.Running, *client.Client) {
	t.Helper()
	sb := sandboxtest.Start(t, opts)
	c, err := client.New(client.Options{
		BaseURL:     sb.URL,
		LocationID:  sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
		MaxRetries:  retries,
		RetryBase:   time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	return sb, c
}

// newHarness builds the model for a w×h terminal, forwards the client's events and
// runs Init.
func newHarness(t *testing.T, opts Options, w, h int) *harness {
	t.Helper()
	if opts.Debounce == 0 {
		opts.Debounce = -1 // no waiting in model tests
	}
	hs := &harness{t: t, m: New(opts), msgs: make(chan tea.Msg, 4096)}
	if opts.Client != nil {
		// As Run does: the events of the client shown (and of each switched to).
		hs.m.subscribe = func(c *client.Client) func() { return forwardEvents(c, func(msg tea.Msg) { hs.msgs <- msg }) }
		hs.m.stopEvents = hs.m.subscribe(opts.Client)
		t.Cleanup(func() { hs.m.stopEvents() })
	}
	hs.update(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.m.Init())
	return hs
}

// run executes cmd in the background.
func (h *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() { h.deliver(cmd()) }()
}

// deliver splits batches and sequences and queues every other message.
func (h *harness) deliver(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
		return
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
		return
	case spinner.TickMsg, clockMsg:
		return
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		// tea.Sequence's message type is unexported: its commands run in order.
		for i := 0; i < v.Len(); i++ {
			if c := v.Index(i).Interface().(tea.Cmd); c != nil {
				h.deliver(c())
			}
		}
		return
	}
	h.msgs <- msg
}

// update calls Update with msg and runs what it returns.
func (h *harness) update(msg tea.Msg) {
	h.t.Helper()
	if t := reflect.TypeOf(msg); t != nil && t.String() == "tea.setClipboardMsg" {
		// The program writes the copy out, then hands the message to Update too.
		h.clipboard = append(h.clipboard, reflect.ValueOf(msg).String())
	}
	if _, ok := msg.(tea.QuitMsg); ok {
		h.quit = true
		return
	}
	_, cmd := h.m.Update(msg)
	h.runSync(cmd)
}

// runSync runs the commands that answer at once (clipboard, quit) here, so a test
// sees their effect right after the key; the rest go to the background.
func (h *harness) runSync(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if isQuit(cmd) {
		h.quit = true
		return
	}
	h.run(cmd)
}

// isQuit reports whether cmd is tea.Quit.
func isQuit(cmd tea.Cmd) bool {
	return reflect.ValueOf(cmd).Pointer() == reflect.ValueOf(tea.Quit).Pointer()
}

// press sends key presses, each a key name ("enter", "shift+tab") or one character.
func (h *harness) press(keys ...string) {
	h.t.Helper()
	for _, k := range keys {
		h.update(keyPress(k))
	}
}

// typeText sends each character of s as a key press.
func (h *harness) typeText(s string) {
	h.t.Helper()
	for _, r := range s {
		h.update(keyPress(string(r)))
	}
}

// view is the screen without styles.
func (h *harness) view() string { return ansi.Strip(h.m.View().Content) }

// waitFor handles messages until the screen shows all of want.
func (h *harness) waitFor(want ...string) string {
	h.t.Helper()
	return h.waitUntil(strings.Join(want, ", "), func(v string) bool {
		for _, w := range want {
			if !strings.Contains(v, w) {
				return false
			}
		}
		return true
	})
}

// waitUntil handles messages until cond holds for the screen.
func (h *harness) waitUntil(what string, cond func(string) bool) string {
	h.t.Helper()
	deadline := time.NewTimer(waitTimeout)
	defer deadline.Stop()
	for {
		v := h.view()
		if cond(v) {
			return v
		}
		select {
		case msg := <-h.msgs:
			h.update(msg)
		case <-deadline.C:
			h.t.Fatalf("timed out waiting for %s; the screen shows:\n%s", what, v)
		}
	}
}

// line returns the first line of the screen holding s, or "".
func line(view, s string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// statusLine is the status bar: the last line of the screen, or, while a long
// message takes two, both in reading order (the profile and the message's start, then
// the rest of the message and the figures). The bar is what follows the footer, the
// line under the body's last box.
func statusLine(view string) string {
	lines := strings.Split(view, "\n")
	last := lines[len(lines)-1]
	bottom := -1
	for i, l := range lines {
		if strings.Contains(l, "╯") {
			bottom = i
		}
	}
	if bottom < 0 || len(lines)-bottom != 4 {
		return last // no box to go by, or a bar of one line
	}
	return strings.TrimRight(lines[len(lines)-2], " ") + " " + strings.TrimLeft(last, " ")
}

// keyPress builds the message of one key.
func keyPress(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "shift+tab":
		return tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "ctrl+c":
		return tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
	case "ctrl+s":
		return tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
	case "ctrl+e":
		return tea.KeyPressMsg{Code: 'e', Mod: tea.ModCtrl}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// checkFrame fails unless every line of the screen is exactly w cells wide and there
// are exactly h lines.
func checkFrame(t *testing.T, content string, w, h int) {
	t.Helper()
	lines := strings.Split(content, "\n")
	if len(lines) != h {
		t.Fatalf("%d lines on a %d-line terminal:\n%s", len(lines), h, ansi.Strip(content))
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Fatalf("line %d is %d cells wide on a %d-column terminal: %q", i+1, got, w, ansi.Strip(l))
		}
	}
}
