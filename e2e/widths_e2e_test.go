package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// End-to-end tests that text is whole where the width allows, in the real binary at
// the widths people use — 80, 120 (the walk-through's) and 200 columns — in the dark
// and the light theme: step paths, the pages of a split test, the palette's
// descriptions, and pane titles that read in either theme.

// themeEnv is the environment of a browser forced into theme ("dark" or "light").
func themeEnv(t *testing.T, theme string) []string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "funnels"), 0o700); err != nil {
		t.Fatal(err)
	}
	conf := "[ui]\ntheme = \"" + theme + "\"\n"
	if err := os.WriteFile(filepath.Join(dir, "funnels", "config.toml"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{"XDG_CONFIG_HOME=" + dir, "TERM=xterm-256color"}
}

// paneText is what the pane titled title shows on the screen, row by row, between
// its side borders.
func paneText(scr, title string) []string {
	lines := strings.Split(scr, "\n")
	col := -1
	for _, l := range lines {
		if i := strings.Index(l, "╭─ "+title); i >= 0 {
			col = len([]rune(l[:i]))
			break
		}
	}
	if col < 0 {
		return nil
	}
	var out []string
	for _, l := range lines {
		r := []rune(l)
		if col+1 >= len(r) || r[col] != '│' {
			continue
		}
		rest := string(r[col+1:])
		if end := strings.Index(rest, "│"); end >= 0 {
			out = append(out, rest[:end])
		}
	}
	return out
}

// shows reports whether one row of the pane holds every one of want.
func shows(rows []string, want ...string) bool {
	for _, r := range rows {
		all := true
		for _, w := range want {
			all = all && strings.Contains(r, w)
		}
		if all {
			return true
		}
	}
	return false
}

func TestTextIsWholeWhereTheWidthAllows(t *testing.T) {
	needTmux(t)
	t.Parallel()
	for _, theme := range []string{"dark", "light"} {
		for _, w := range []int{80, 120, 200} {
			t.Run(fmt.Sprintf("%s-%d", theme, w), func(t *testing.T) {
				t.Parallel()
				s := startTUI(t, w, 36, themeEnv(t, theme), "--demo")
				s.waitFor("Spring Sale 2026", "demo · ")

				// Spring Sale 2026 (the last row of the root): every step's path whole.
				s.keys("G")
				scr := s.waitFor("Steps · Spring Sale 2026", "/spring-sale-opt-in")
				steps := paneText(scr, "Steps")
				for _, p := range []string{"/spring-sale-opt-in", "/spring-sale-sales", "/spring-sale-order", "/spring-sale-upsell", "/spring-sale-thank-you"} {
					if !shows(steps, p) {
						t.Fatalf("the path %s is cut:\n%s", p, scr)
					}
				}

				// The palette: descriptions whole from 120 columns (at 80 the longest
				// are cut, the short ones whole).
				// The whole palette is waited for, not its first frame: a screen read
				// while the frame is being written holds only its top rows.
				s.keys(":")
				whole := []string{"Commands", "type to search actions"}
				for _, d := range []string{"reload the focused pane", "capture the mouse (wheel and clicks) or leave it to the terminal",
					"draw the whole screen again (after something garbled it)", "add a step to the selected funnel"} {
					if w < 120 && len(d) > 26 { // at 80 the descriptions share 28 cells
						continue
					}
					whole = append(whole, d)
				}
				s.waitFor(whole...) // fails, with the screen, when the palette cuts one
				s.keys("Escape")
				s.waitUntil("the palette to close", func(scr string) bool { return !strings.Contains(scr, "Commands") })

				// Webinars › Webinar: Grow Your Gym › Registration: control and variation
				// whole, with their shares.
				s.keys("g", "Down", "Down", "Down", "Down", "Enter")
				s.waitFor("Root › Webinars", "Webinar: Grow Your Gym")
				s.keys("Down", "Tab")
				// At 80 the title is whole only until the pages pane takes its share
				// (the pages of the first step come in a moment): its start is what
				// says the steps of the webinar are shown.
				scr = s.waitFor("Steps · Webinar: Grow", "50/50")
				if w < 120 {
					s.keys("Tab") // two panes: the steps and the pages
				}
				scr = s.waitFor("Pages · Registration", "variation 50%")
				pages := paneText(scr, "Pages")
				if !shows(pages, "Registration (Variation B)", "variation 50%") || !shows(pages, "Registration ", "control 50%") {
					t.Fatalf("the pages of the split test are cut:\n%s", scr)
				}
				if strings.Contains(strings.Join(pages, "\n"), "…") {
					t.Fatalf("something is cut in the pages pane:\n%s", scr)
				}
				if w >= 200 && (!strings.Contains(scr, "/grow-your-gym-register") || !strings.Contains(scr, "6 steps")) {
					t.Fatalf("at 200 columns everything shows:\n%s", scr)
				}
				if w < 120 {
					checkTitleColours(t, s, "Steps") // the focus is on the pages
				} else {
					checkTitleColours(t, s, "Funnels") // the focus is on the steps
				}
				for i, l := range strings.Split(strings.TrimRight(scr, "\n"), "\n") {
					if n := len([]rune(l)); n > w {
						t.Fatalf("line %d is %d wide at %d columns: %q", i+1, n, w, l)
					}
				}
				s.quit()
			})
		}
	}
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// checkTitleColours checks that the title of an unfocused pane is drawn in a colour
// of its own, not in its border's (faint, and nearly invisible on a light terminal).
func checkTitleColours(t *testing.T, s *tui, title string) {
	t.Helper()
	raw := s.tmux("capture-pane", "-p", "-e", "-t", "tui")
	for _, l := range strings.Split(raw, "\n") {
		i := strings.Index(l, title)
		if i < 0 || !strings.Contains(l[:i], "╭─") {
			continue
		}
		border := strings.LastIndex(l[:i], "╭─")
		before, inside := sgr.FindAllString(l[:border], -1), sgr.FindAllString(l[border:i], -1)
		if len(inside) == 0 || len(before) == 0 {
			t.Fatalf("the title %s has no colour of its own: %q", title, l)
		}
		got, edge := inside[len(inside)-1], before[len(before)-1]
		if got == "\x1b[m" || got == "\x1b[0m" || got == edge {
			t.Fatalf("the unfocused title %s is drawn in the border's colour or none (%q after the border's %q): %q", title, got, edge, l)
		}
		return
	}
	t.Fatalf("no %s title on the screen:\n%s", title, raw)
}
