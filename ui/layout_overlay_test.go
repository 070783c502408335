package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The overlay splices the box's lines into the lines under it: what the box does not
// cover is the base's, its styles included on both sides of the box; a wide
// character cut by an edge of the box leaves a blank cell; a box that reaches past the
// screen is cut at its edge.
func TestOverlaySplicesTheBoxIntoTheLinesUnderIt(t *testing.T) {
	red, blue := "\x1b[31m", "\x1b[34m"
	base := []string{
		"0123456789abcdefghij",
		red + "0123456789" + blue + "abcdefghij" + ansi.ResetStyle,
		"ab漢字cdefghijklmnop",
		"abcdefg漢字hijklmnop",
	}
	box := "[box]\n[box]\n|x|\n"
	out := overlay(base, 20, box, 5, 1)
	want := []string{
		"0123456789abcdefghij",
		"01234[box]abcdefghij",
		"ab漢 [box]ghijklmnop",
		"abcde|x| 字hijklmnop",
	}
	for i := range want {
		if got := ansi.Strip(out[i]); got != want[i] {
			t.Errorf("line %d: %q, want %q", i, got, want[i])
		}
		if cw := ansi.StringWidth(out[i]); cw != 20 {
			t.Errorf("line %d is %d cells, want 20: %q", i, cw, out[i])
		}
	}
	if out[0] != base[0] {
		t.Errorf("a line the box does not reach changed: %q", out[0])
	}
	// Before the box the base's red; after it the base's blue, which began under the
	// box; the box itself in no colour of the base's.
	l := out[1]
	b := strings.Index(l, "[box]")
	if !strings.HasPrefix(l, red+"01234") || !strings.HasSuffix(l[:b], ansi.ResetStyle) {
		t.Errorf("the base's style before the box is lost, or runs into it: %q", l)
	}
	if after := l[b+len("[box]"):]; !strings.Contains(after, blue) || strings.LastIndex(after, blue) > strings.Index(after, "abc") {
		t.Errorf("the base's style after the box is lost: %q", after)
	}

	// Past the right edge and the last line: cut.
	out = overlay(base, 20, "[a wide box]\n[a wide box]\n[a wide box]\n[a wide box]\n[a wide box]", 15, 2)
	if got := ansi.Strip(out[3]); got != "abcdefg漢字hijk[a wi" {
		t.Errorf("a box past the right edge: %q", got)
	}
	if len(out) != len(base) {
		t.Errorf("%d lines, want %d", len(out), len(base))
	}
}

// The fast cuts give what ansi's do: the same cells before a cut, and the same text
// from it with the escape sequences before it.
func TestCellCutsAgreeWithAnsi(t *testing.T) {
	for _, s := range []string{
		"", "plain", "\x1b[31mred\x1b[m and \x1b[1;34mbold blue\x1b[m", "╭─ Funnels ─╮ ▸ …/a›b ✗ ✓",
		"é à ü \x1b[38;2;1;2;3mrgb\x1b[m", "tail\x1b[m", "\x1b[7m\x1b[m", "a\x1b[31m\x1b[1mb",
	} {
		checkCellCuts(t, s)
	}
}

func FuzzCellCuts(f *testing.F) {
	f.Add("\x1b[31mred\x1b[m and \x1b[1;34mbold blue\x1b[m")
	f.Add("╭─ Funnels ─╮ ▸ …")
	f.Add("ab漢字cd")
	f.Fuzz(checkCellCuts)
}

func checkCellCuts(t *testing.T, s string) {
	w := ansi.StringWidth(s)
	for n := 0; n <= w+1; n++ {
		if got, want := cellsBefore(s, n), ansi.Truncate(s, n, ""); ansi.Strip(got) != ansi.Strip(want) {
			t.Fatalf("cellsBefore(%q, %d) = %q, ansi.Truncate gives %q", s, n, got, want)
		}
		if got, want := cellsFrom(s, n, "·"), ansi.TruncateLeft(s, n, "·"); got != want {
			t.Fatalf("cellsFrom(%q, %d) = %q, ansi.TruncateLeft gives %q", s, n, got, want)
		}
	}
}
