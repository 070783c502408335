package ui

import (
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// Tests that text is whole where the width allows: the panes share the width by what
// they hold, the palette grows with the terminal, the request log shows whole trace
// ids, a wrapped line never splits a host name at its hyphen.

// paneRow is the row of the pane titled title that holds s, inside its border.
func paneRow(v, title, s string) string {
	lines := strings.Split(v, "\n")
	col := -1
	for _, l := range lines {
		if i := strings.Index(l, "╭─ "+title); i >= 0 {
			col = utf8.RuneCountInString(l[:i])
			break
		}
	}
	if col < 0 {
		return ""
	}
	for _, l := range lines {
		r := []rune(l)
		if col >= len(r) {
			continue
		}
		rest := string(r[col:])
		end := strings.Index(rest[len("│"):], "│")
		if end < 0 {
			continue
		}
		cell := rest[len("│") : len("│")+end]
		if strings.Contains(cell, s) {
			return cell
		}
	}
	return ""
}

func TestPanesShowWhatTellsRowsApartWhereTheWidthAllows(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	for _, w := range []int{80, 120, 200} {
		h := newHarness(t, demoOptions(c, sb), w, 30)
		h.waitFor("Spring Sale 2026")

		// Spring Sale 2026: every step's path whole (at 80 the funnels and steps share
		// the screen).
		h.selectRow("Spring Sale 2026")
		h.waitFor("Steps · Spring Sale 2026")
		v := h.waitUntil("the pages of Opt-in", func(string) bool { return h.m.pages.selected() != nil })
		for _, path := range []string{"/spring-sale-opt-in", "/spring-sale-sales", "/spring-sale-order", "/spring-sale-upsell", "/spring-sale-thank-you"} {
			if paneRow(v, "Steps", path) == "" {
				t.Fatalf("at %d columns the path %s is cut:\n%s", w, path, v)
			}
		}
		if w >= 120 && paneRow(v, "Steps", "thank-you ") == "" {
			t.Fatalf("at %d columns the step types show:\n%s", w, v)
		}

		// Webinars › Webinar: Grow Your Gym › Registration: control and variation
		// whole, with their shares, whatever pane has the focus (at 80 the steps and
		// the pages share the screen).
		h.selectRow("Webinars/")
		h.press("enter")
		h.waitFor("Webinar: Grow Your Gym")
		h.selectRow("Webinar: Grow Your Gym")
		h.press("tab")
		h.selectRow("Registration")
		v = h.waitFor("control 50%", "variation 50%")
		if w < 120 {
			h.press("tab")
			v = h.waitFor("╭─ Pages", "variation 50%")
		}
		if row := paneRow(v, "Pages", "variation 50%"); !strings.Contains(row, "Registration (Variation B)") {
			t.Fatalf("at %d columns the variation is cut: %q\n%s", w, row, v)
		}
		if row := paneRow(v, "Pages", "control 50%"); !strings.Contains(row, "Registration ") || strings.Contains(row, "…") {
			t.Fatalf("at %d columns the control is cut: %q\n%s", w, row, v)
		}
		if w >= 200 {
			// Room for everything: paths, types, dates and counts.
			for _, want := range []string{"/grow-your-gym-register", "thank-you", "2025-09-", "6 steps"} {
				if !strings.Contains(v, want) {
					t.Fatalf("at %d columns %q should show:\n%s", w, want, v)
				}
			}
		}
		checkFrame(t, h.m.View().Content, w, 30)
	}
}

func TestShareWidth(t *testing.T) {
	names := wantOf([]column{{natural: 25, min: 12}, {natural: 7, min: 7, optional: true, rank: rankCount}}, true)
	steps := wantOf(stepWidths{seq: 1, name: 12, split: 5, kind: 9, path: 23}.columns(nil), true)
	pages := wantOf(pageWidths{name: 26, status: 13, date: 10}.columns(nil), true)
	for _, c := range []struct {
		w    int
		want []int
	}{
		// Everything whole, the rest in proportion.
		{200, nil},
		// Names whole, then the split, the path and the type by rank.
		{120, nil},
		// Not even the names: the panes that need least are whole.
		{70, nil},
	} {
		got := shareWidth([]paneWant{names, steps, pages}, c.w)
		sum := 0
		for _, x := range got {
			sum += x
		}
		if sum != c.w {
			t.Fatalf("shareWidth(%d) = %v adds up to %d", c.w, got, sum)
		}
		switch c.w {
		case 200:
			if got[0] < 2+3+25+2+7+1 || got[1] < 2+3+1+2+12+2+5+2+9+2+23+1 || got[2] < 2+3+26+2+13+2+10+1 {
				t.Fatalf("at 200 every column fits whole: %v", got)
			}
		case 120:
			if got[0] < names.essential || got[2] < pages.essential || got[1] < steps.essential+7 {
				t.Fatalf("at 120 the names, statuses and the split fit whole first: %v (want ≥ %d, %d+7, %d)", got, names.essential, steps.essential, pages.essential)
			}
		case 70:
			if got[1] != steps.essential || got[0] >= names.essential || got[2] >= pages.essential {
				t.Fatalf("at 70 the pane that needs least is whole, the others cut: %v (steps need %d)", got, steps.essential)
			}
		}
	}
}

func TestFitColumnsCutsTheLongestFirst(t *testing.T) {
	cols := []column{{natural: 4, min: 4}, {natural: 40, min: 10, fill: true}, {natural: 6, min: 3}}
	// 30 cells: the short ones whole, the long one cut (never the status before it).
	if got := fitColumns(cols, 30); got[0] != 4 || got[2] != 6 || got[1] != 30-4-6-4 {
		t.Fatalf("fitColumns = %v", got)
	}
	// An empty column takes no gap.
	if got := fitColumns([]column{{natural: 3, min: 3}, {natural: 0, min: 0, optional: true}, {natural: 5, min: 5}}, 10); got[1] != -1 || got[0] != 3 || got[2] != 5 {
		t.Fatalf("empty column: %v", got)
	}
}

func TestPaletteGrowsWithTheTerminal(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	for _, w := range []int{80, 120, 200} {
		h := newHarness(t, demoOptions(c, sb), w, 50)
		h.waitFor("Spring Sale 2026")
		h.press(":")
		v := h.waitFor("Commands")
		cut := 0
		for _, a := range h.m.paletteEntries() {
			if !strings.Contains(v, a.desc) && !strings.Contains(v, a.name) {
				continue // scrolled out of sight
			}
			if !strings.Contains(v, a.desc) {
				cut++
			}
		}
		if w >= 120 && cut > 0 {
			t.Fatalf("at %d columns %d descriptions are cut:\n%s", w, cut, v)
		}
		if w == 80 && !strings.Contains(v, "capture the mouse") {
			t.Fatalf("at 80 columns descriptions still show, cut:\n%s", v)
		}
		checkFrame(t, h.m.View().Content, w, 50)
	}
}

func TestRequestLogShowsWholeTraceIDs(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 200, 40)
	h.waitFor("Spring Sale 2026")
	h.press("G")
	h.waitUntil("two requests logged", func(string) bool { return h.m.reqlog.len() >= 2 })
	h.press("L")
	v := h.waitFor("Request log")
	traced := 0
	for i := 0; i < h.m.reqlog.len(); i++ {
		e := h.m.reqlog.at(i)
		if len(e.trace) < 16 {
			continue // an answer without one
		}
		traced++
		if !strings.Contains(v, e.trace) {
			t.Fatalf("at 200 columns the trace id %s is cut:\n%s", e.trace, v)
		}
	}
	if traced == 0 {
		t.Fatalf("no request with a trace id to show:\n%s", v)
	}
	h.update(tea.WindowSizeMsg{Width: 120, Height: 40})
	checkFrame(t, h.m.View().Content, 120, 40)
}

func TestWrapTextNeverSplitsAtAHyphen(t *testing.T) {
	const host = "spring-sale-offers.lakesidefit.com"
	text := "Attaching does not bind the domain to a funnel. Funnels whose settings name " + host + " show public URLs on it."
	for w := len(host); w <= 80; w++ {
		found := false
		for _, l := range wrapText(text, w) {
			if ansi.StringWidth(l) > w {
				t.Fatalf("width %d: line %q is too long", w, l)
			}
			if strings.Contains(l, host) {
				found = true
			}
		}
		if !found {
			t.Fatalf("width %d: the host is split: %q", w, wrapText(text, w))
		}
	}
	if got := wrapText(`    "name": "x"`, 12); got[0] != `    "name":` {
		t.Fatalf("indentation kept: %q", got)
	}
}

func FuzzWrapText(f *testing.F) {
	f.Add("Funnels whose settings name spring-offers.example.com show public URLs", 20)
	f.Add("    indented line that goes on", 8)
	f.Add("日本語のテキスト with wide characters", 3)
	f.Fuzz(func(t *testing.T, s string, w int) {
		if w < 2 || w > 200 || !utf8.ValidString(s) || strings.ContainsAny(s, "\x1b\t\r") {
			return
		}
		var words []string
		for _, l := range wrapText(s, w) {
			if lw := ansi.StringWidth(l); lw > w {
				t.Fatalf("wrapText(%q, %d): line %q is %d wide", s, w, l, lw)
			}
			words = append(words, strings.Fields(l)...)
		}
		if got, want := strings.Join(words, ""), strings.Join(strings.Fields(s), ""); got != want {
			t.Fatalf("wrapText(%q, %d) lost text: %q", s, w, got)
		}
	})
}

func TestTheFilterStaysInANarrowTitle(t *testing.T) {
	st := newStyles(newTheme(true), false)
	top := ansi.Strip(frameTop(&st, true, 30, "Funnels", "folders by id", "/spring sale"))
	if !strings.Contains(top, "/spring sale") || !strings.Contains(top, "Funnels") {
		t.Fatalf("the filter gives way to the context: %q", top)
	}
	if w := ansi.StringWidth(top); w != 32 {
		t.Fatalf("the top border is %d wide, want 32: %q", w, top)
	}
	if top := ansi.Strip(frameTop(&st, false, 60, "Funnels", "folders by id", "/spring sale")); !strings.Contains(top, "Funnels · folders by id /spring sale") {
		t.Fatalf("with room, all of it: %q", top)
	}
}
