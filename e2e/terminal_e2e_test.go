package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Terminal sizes with the real binary in tmux: 20×5 shows the notice and
// nothing wider than the terminal; 300×100 shows three panes over the whole screen;
// a storm of resizes (1×1 included) with a form open loses nothing typed, and the
// screen after it is exactly the screen a fresh program draws at that size.

// checkScreenFits fails unless the captured screen fits w×h: at most h lines, none
// wider than w cells.
func checkScreenFits(t *testing.T, scr string, w, h int) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	if len(lines) > h {
		t.Fatalf("%d lines on a %d-line terminal:\n%s", len(lines), h, scr)
	}
	for i, l := range lines {
		if cw := ansi.StringWidth(l); cw > w {
			t.Fatalf("line %d is %d cells wide on a %d-column terminal: %q", i+1, cw, w, l)
		}
	}
}

// resize changes the terminal's size.
func (s *tui) resize(w, h int) {
	s.t.Helper()
	s.tmux("resize-window", "-t", "tui", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h))
}

func TestTUIAtTinyAndHugeSizes(t *testing.T) {
	needTmux(t)
	t.Parallel()
	s := startTUI(t, 20, 5, nil, "--demo")
	scr := s.waitUntil("the notice at 20×5", func(scr string) bool {
		f := strings.Join(strings.Fields(scr), " ")
		return strings.Contains(f, "terminal too small") && strings.Contains(f, "now 20×5")
	})
	checkScreenFits(t, scr, 20, 5)

	s.resize(300, 100)
	scr = s.waitUntil("three panes at 300×100", func(scr string) bool {
		lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
		return len(lines) == 100 && strings.Contains(scr, "╭─ Funnels") && strings.Contains(scr, "╭─ Steps") &&
			strings.Contains(scr, "╭─ Pages") && strings.Contains(scr, "Spring Sale 2026") &&
			strings.Contains(lines[99], "demo · ")
	})
	checkScreenFits(t, scr, 300, 100)
	lines := strings.Split(scr, "\n")
	if top := lines[1]; ansi.StringWidth(top) != 300 || !strings.HasSuffix(top, "╮") {
		t.Fatalf("the panes' top border should span all 300 columns: %d cells: %q", ansi.StringWidth(top), top)
	}
	if bottom := lines[97]; ansi.StringWidth(bottom) != 300 || !strings.HasSuffix(bottom, "╯") {
		t.Fatalf("the panes' bottom border should be on line 98 and span all 300 columns: %q", bottom)
	}

	// Back to 20×5 and out at the other end: the notice, then the browser.
	s.resize(20, 5)
	checkScreenFits(t, s.waitFor("now 20×5"), 20, 5)
	s.resize(120, 40)
	s.waitFor("╭─ Pages", "Spring Sale 2026")
	s.quit()
}

func TestTUIResizeStormKeepsTheFormAndLeavesNoGarbage(t *testing.T) {
	needTmux(t)
	t.Parallel()
	s := startTUI(t, 120, 40, nil, "--demo")
	s.waitFor("Spring Sale 2026")
	s.keys("N")
	s.waitFor("╭─ New folder", "┃ Name")
	s.text("Through the storm")
	s.waitFor("> Through the storm")

	// Forty sizes as fast as tmux takes them, from a fixed seed; 1×1 and 300×100 among them.
	r := rand.New(rand.NewPCG(20, 5))
	sizes := [][2]int{{1, 1}, {300, 100}, {20, 5}}
	for range 37 {
		sizes = append(sizes, [2]int{1 + r.IntN(300), 1 + r.IntN(100)})
	}
	for _, sz := range sizes {
		s.resize(sz[0], sz[1])
	}
	s.resize(120, 40)
	scr := s.waitFor("╭─ New folder", "> Through the storm")
	checkScreenFits(t, scr, 120, 40)

	// The form still takes keys and keeps them.
	s.text("!")
	s.waitFor("> Through the storm!")
	s.keys("Escape")
	s.waitFor("Discard what you typed? y/n")
	s.keys("y")
	stormed := s.waitUntil("the form to close", func(scr string) bool { return !strings.Contains(scr, "New folder") })

	// A fresh program at 120×40 draws the same screen, but for the status bar's clock.
	// Both are read again until they agree: a fresh program's first frames are not its
	// last (the steps pane takes its width once the folder's steps are measured, off
	// the update loop), so a screen caught early from it is no measure of the other.
	fresh := startTUI(t, 120, 40, nil, "--demo")
	want := fresh.waitFor("Spring Sale 2026", "enter/l open")
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("a fresh program drew:\n%s", want)
		}
	})
	stormed = s.waitUntil("the same screen as a fresh program", func(scr string) bool {
		want = fresh.screen()
		return withoutStatusBar(scr) == withoutStatusBar(want)
	})
	fresh.quit()
	checkScreenFits(t, stormed, 120, 40)
	s.quit()
}

// withoutStatusBar is the screen above its last line (whose clock and figures change).
func withoutStatusBar(scr string) string {
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	return strings.Join(lines[:len(lines)-1], "\n")
}

// TestTUICtrlLRepaintsWhatAnotherProcessWrote: text written to the terminal behind the
// program's back (a background job, a wall message) and a scroll region left set stay
// on the screen until ctrl+l draws it whole again.
func TestTUICtrlLRepaintsWhatAnotherProcessWrote(t *testing.T) {
	needTmux(t)
	t.Parallel()
	s := startTUI(t, 120, 40, nil, "--demo")
	clean := s.waitFor("Spring Sale 2026", "enter/l open")

	tty, err := os.OpenFile(strings.TrimSpace(s.tmux("display-message", "-p", "-t", "tui", "#{pane_tty}")), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = tty.WriteString("\x1b[5;10HWRITTEN BEHIND ITS BACK\x1b[3;20r")
	_ = tty.Close()
	if err != nil {
		t.Fatal(err)
	}
	s.waitFor("WRITTEN BEHIND ITS BACK")

	s.keys("C-l")
	s.waitUntil("the screen drawn whole again", func(scr string) bool {
		return withoutStatusBar(scr) == withoutStatusBar(clean)
	})
	// With the scroll region reset, moving down the list and back draws true.
	s.keys("G")
	s.waitFor("▸ Spring Sale 2026")
	s.keys("g")
	s.waitUntil("the list back at its top, as it was", func(scr string) bool {
		return withoutStatusBar(scr) == withoutStatusBar(clean)
	})
	s.quit()
}
