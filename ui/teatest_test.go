package ui

import (
	"bytes"
	"encoding/base64"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// These tests run the browser in a real tea.Program (teatest), with the colour
// profile and the terminal size pinned, and wait for text on the screen.
//
// The renderer writes only the cells that changed, with cursor moves in between, so
// the byte stream is no place to look for a phrase. screen keeps the last frame the
// program drew (its View, without styles) and serves it to teatest.WaitFor instead.

// screen wraps the model and records every frame it draws.
type screen struct {
	tea.Model
	mu   sync.Mutex
	last string
}

func (s *screen) Init() tea.Cmd { return s.Model.Init() }

func (s *screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := s.Model.Update(msg)
	s.Model = m
	return s, cmd
}

func (s *screen) View() tea.View {
	v := s.Model.View()
	s.mu.Lock()
	s.last = ansi.Strip(v.Content)
	s.mu.Unlock()
	return v
}

// reader serves the current frame, once per read-to-EOF, after a form feed that
// separates it from the frames before.
func (s *screen) reader() io.Reader { return &frameReader{s: s} }

type frameReader struct {
	s    *screen
	buf  []byte
	sent bool
}

func (r *frameReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.sent {
			r.sent = false
			return 0, io.EOF
		}
		r.s.mu.Lock()
		r.buf = []byte("\f" + r.s.last)
		r.s.mu.Unlock()
		r.sent = true
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// shows is a WaitFor condition: the latest frame holds every one of want.
func shows(want ...string) func([]byte) bool {
	return func(b []byte) bool {
		return holdsAll(lastFrame(b), want)
	}
}

// startProgram runs the browser for a client in a teatest program of w×h cells,
// with the client's events forwarded into it as Run does.
func startProgram(t *testing.T, c *client.Client, sb *sandbox.Running, w, h int) (*teatest.TestModel, *screen) {
	t.Helper()
	opts := demoOptions(c, sb)
	opts.Debounce = 10 * time.Millisecond
	s := &screen{Model: New(opts)}
	tm := teatest.NewTestModel(t, s,
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(
			tea.WithColorProfile(colorprofile.ANSI256),
			tea.WithEnvironment([]string{"TERM=xterm-256color"}),
		),
	)
	t.Cleanup(forwardEvents(c, tm.Send))
	return tm, s
}

// wait waits for text on the screen.
func wait(t *testing.T, s *screen, want ...string) {
	t.Helper()
	teatest.WaitFor(t, s.reader(), shows(want...), teatest.WithDuration(waitTimeout), teatest.WithCheckInterval(10*time.Millisecond))
}

// waitLine waits until one line of the screen holds every one of parts.
func waitLine(t *testing.T, s *screen, parts ...string) {
	t.Helper()
	teatest.WaitFor(t, s.reader(), func(b []byte) bool {
		for l := range bytes.Lines(lastFrame(b)) {
			if holdsAll(l, parts) {
				return true
			}
		}
		return false
	}, teatest.WithDuration(waitTimeout), teatest.WithCheckInterval(10*time.Millisecond))
}

// lastFrame is the newest frame of what screen.reader served: after its last form feed.
func lastFrame(b []byte) []byte { return b[bytes.LastIndexByte(b, '\f')+1:] }

// holdsAll reports whether b contains every one of parts.
func holdsAll(b []byte, parts []string) bool {
	for _, p := range parts {
		if !bytes.Contains(b, []byte(p)) {
			return false
		}
	}
	return true
}

// termOut keeps what a program wrote to its terminal, read as it comes: the copies
// (OSC 52) are commands of their own, so one can reach the terminal after the status
// bar said it was made, and a test must see it arrive before it quits.
type termOut struct {
	tm  *teatest.TestModel
	buf bytes.Buffer
}

// waitCopies waits until the terminal has been asked to copy n times in all.
func (o *termOut) waitCopies(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		_, _ = io.Copy(&o.buf, o.tm.Output())
		if got := bytes.Count(o.buf.Bytes(), []byte("\x1b]52;c;")); got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the terminal was not asked to copy %d times", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// final is everything the program wrote, once it has ended.
func (o *termOut) final(t *testing.T) []byte {
	t.Helper()
	if _, err := io.Copy(&o.buf, o.tm.FinalOutput(t, teatest.WithFinalTimeout(waitTimeout))); err != nil {
		t.Fatal(err)
	}
	return o.buf.Bytes()
}

// finalView is the last model's screen, without styles.
func finalView(t *testing.T, tm *teatest.TestModel) string {
	t.Helper()
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(waitTimeout))
	return ansi.Strip(fm.(*screen).Model.(*Model).View().Content)
}

func TestProgramWalksToAPageAndQuits(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	tm, s := startProgram(t, c, sb, 120, 40)
	wait(t, s, "Spring Sale 2026", "Archive/")
	tm.Type("G")
	wait(t, s, "Steps · Spring Sale 2026", "Thank You", "Pages · Opt-in", "live")
	tm.Send(keyPress("tab"))
	tm.Send(keyPress("tab"))
	tm.Send(keyPress("enter"))
	wait(t, s, "Page · Opt-in", "https://offers.lakesidefit.com/spring-sale-opt-in", "pageVersion")
	tm.Send(keyPress("esc"))
	wait(t, s, "Pages · Opt-in", "enter/l details")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(waitTimeout))

	v := finalView(t, tm)
	lines := strings.Split(v, "\n")
	if len(lines) != 40 {
		t.Fatalf("the final view has %d lines", len(lines))
	}
	for _, want := range []string{"funnels demo  Root", "▸ Spring Sale 2026", "▸ 1  Opt-in", "▸ Opt-in", "demo · LakesideFit2026Loc01"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the final view should show %q:\n%s", want, v)
		}
	}
	// Everything above the status bar is the same on every run: compare it with the
	// golden copy (go test ./ui -run TestProgramWalksToAPageAndQuits -update).
	teatest.RequireEqualOutput(t, []byte(strings.Join(lines[:len(lines)-1], "\n")))
}

func TestProgramCopiesWithOSC52(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	tm, s := startProgram(t, c, sb, 80, 24)
	wait(t, s, "Spring Sale 2026")
	tm.Type("G")
	wait(t, s, "Steps · Spring Sale 2026")
	tm.Type("y")
	wait(t, s, "to clipboard")
	term := &termOut{tm: tm}
	term.waitCopies(t, 1)
	tm.Type("q")
	out := term.final(t)
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(waitTimeout)).(*screen).Model.(*Model)
	id := fm.entities.selected().id
	osc := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(id))
	if id == "" || !bytes.Contains(out, []byte(osc)) {
		t.Fatalf("y should write OSC 52 with the id %q to the terminal", id)
	}
}

func TestProgramShowsTheRateLimitAndSurvivesResizes(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{Limit: 1000}, -1)
	tm, s := startProgram(t, c, sb, 120, 40)
	wait(t, s, "Spring Sale 2026", "999/1000")
	tm.Type("G")
	wait(t, s, "998/1000")
	tm.Send(tea.WindowSizeMsg{Width: 60, Height: 20})
	wait(t, s, "╭─ Funnels", "╭─ Steps")
	tm.Send(tea.WindowSizeMsg{Width: 30, Height: 8})
	wait(t, s, "terminal too small")
	tm.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	wait(t, s, "╭─ Funnels", "╭─ Steps", "╭─ Pages", "▸ Spring Sale 2026")
	tm.Send(keyPress("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(waitTimeout))
	checkFrame(t, tm.FinalModel(t).(*screen).Model.(*Model).View().Content, 120, 40)
}

// TestQuitRightAfterACopyStillCopies: y then q at once, as a script or a fast hand
// sends them. The copy is a command of its own and the quit could overtake it; the
// quit sends a copy not yet written out first, so the terminal always gets it.
func TestQuitRightAfterACopyStillCopies(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	for i := range 5 {
		tm, s := startProgram(t, c, sb, 100, 30)
		wait(t, s, "Spring Sale 2026")
		tm.Type("Gyq")
		term := &termOut{tm: tm}
		out := term.final(t)
		id := tm.FinalModel(t, teatest.WithFinalTimeout(waitTimeout)).(*screen).Model.(*Model).entities.selected().id
		if !bytes.Contains(out, []byte("\x1b]52;c;"+base64.StdEncoding.EncodeToString([]byte(id)))) {
			t.Fatalf("run %d: y then q at once: the terminal never got the copy of %q", i, id)
		}
	}
}

func TestAQuitWaitsOnlyForACopyNotYetWrittenOut(t *testing.T) {
	m := New(Options{})
	if !isQuit(m.quit()) {
		t.Fatal("with nothing copied, quit is a plain quit")
	}
	copyCmd := m.copyText("abc")
	if isQuit(m.quit()) {
		t.Fatal("a copy not yet written out goes first")
	}
	got := cmdMsgs(t, m.quit())
	if len(got) != 2 || got[0] != copyCmd() || got[1] != tea.Quit() {
		t.Fatalf("the quit sends the copy again, then quits: %#v", got)
	}
	m.update(tea.BatchMsg{}) // not comparable: must not panic, nor count as the copy
	if isQuit(m.quit()) {
		t.Fatal("another message is not the copy")
	}
	m.update(copyCmd())
	if !isQuit(m.quit()) {
		t.Fatal("once the copy went by, quit is a plain quit")
	}
}
