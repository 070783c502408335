package ui

import (
	"regexp"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// sgrColour matches a select-graphic-rendition sequence that sets a colour: 30–37,
// 39 (default), 38;…, 40–47, 49, 48;…, 90–97, 100–107, 58;… (underline colour).
var sgrColour = regexp.MustCompile(`\x1b\[(?:[0-9]*;)*(?:3[0-9]|4[0-9]|9[0-7]|10[0-7]|58)(?:;[0-9;]*)?m`)

// TestNoColourWithoutColours: once Bubble Tea says the terminal shows no colours
// (NO_COLOR), the browser's frames carry no colour at all — the title badge, the
// panes, the bar, a form and the palette — and the badge stands out by reverse video.
func TestNoColourWithoutColours(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 100, 30)
	h.update(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	h.waitFor("Spring Sale 2026")
	check := func(what string) {
		t.Helper()
		if m := sgrColour.FindString(h.m.View().Content); m != "" {
			t.Errorf("%s: a colour under NO_COLOR: %q", what, m)
		}
	}
	check("the browser")
	if badge := h.m.sh.styles.AppName.Render("funnels"); badge == "funnels" || !regexp.MustCompile(`\x1b\[(?:[0-9]*;)*7(?:;[0-9]*)*m`).MatchString(badge) {
		t.Errorf("the title badge should be in reverse video: %q", badge)
	}
	h.press("N")
	h.waitFor("New folder")
	check("a form")
	h.press("esc", ":")
	h.waitFor("Go to anything")
	check("the palette")
}
