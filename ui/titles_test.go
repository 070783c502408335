package ui

import (
	"image/color"
	"math"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, bl, _ := c.RGBA()
		ch := func(v uint32) float64 {
			x := float64(v) / 0xffff
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(bl)
	}
	la, lb := lum(a), lum(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func TestUnfocusedPaneTitlesAreReadableInBothThemes(t *testing.T) {
	for _, dark := range []bool{false, true} {
		th := newTheme(dark)
		bg := color.Color(color.White)
		if dark {
			bg = color.RGBA{0x1b, 0x1f, 0x27, 0xff}
		}
		st := newStyles(th, false)
		fg := st.Title.GetForeground()
		if r := contrast(fg, bg); r < 4.5 {
			t.Errorf("dark=%v: an unfocused title's contrast is %.1f:1, want at least 4.5:1", dark, r)
		}
		// And the frame draws it so: the title of an unfocused pane carries that colour.
		m := New(Options{Profile: "x", Theme: map[bool]string{true: "dark", false: "light"}[dark]})
		m.Update(tea.ColorProfileMsg{Profile: colorprofile.TrueColor})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 20})
		top := strings.Split(m.View().Content, "\n")[1]
		pages := strings.Index(top, "Pages")
		want := st.Title.Render("Pages")
		if pages < 0 || !strings.Contains(top, want) {
			t.Errorf("dark=%v: the unfocused title is not drawn in its style: %q", dark, top)
		}
	}
}
