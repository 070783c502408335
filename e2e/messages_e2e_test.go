package e2e

import (
	"strings"
	"testing"
)

// TestTUILongMessageWrapsAndMReadsItWhole: at 80 columns a message longer than the
// room beside the profile and the figures takes a second line of the bar, the frame
// keeps the terminal's 24 lines, and M lists it whole with its time.
func TestTUILongMessageWrapsAndMReadsItWhole(t *testing.T) {
	t.Parallel()
	const msg = "select a step first (second pane): the new redirect goes to its public URL"
	s := startTUI(t, 80, 24, nil, "--demo")
	s.waitFor("Spring Sale 2026")
	s.keys("P") // in the first pane: there is no step to redirect to
	scr := s.waitUntil("the message on the bar's two lines", func(scr string) bool {
		return strings.Contains(strings.Join(strings.Fields(lastLine(scr)), " "), msg)
	})
	lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
	if len(lines) != 24 || !strings.Contains(lines[22], "select a step") || !strings.Contains(lines[23], "public URL") {
		t.Fatalf("the bar takes the last two of the 24 lines:\n%s", scr)
	}
	if !strings.Contains(lines[20], "╰") || !strings.Contains(lines[21], "? all keys") && !strings.Contains(lines[21], "move") {
		t.Fatalf("the panes end right above the footer, a row shorter:\n%s", scr)
	}
	s.keys("M")
	scr = s.waitFor("Messages · newest first", "error")
	if text := strings.Join(strings.Fields(strings.ReplaceAll(scr, "│", " ")), " "); !strings.Contains(text, msg) {
		t.Fatalf("the messages view shows it whole:\n%s", scr)
	}
	s.escape("Messages · newest first")
	s.quit()
}
