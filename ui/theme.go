package ui

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// Theme is the palette, by meaning rather than by hue, so styles.go never names a
// colour. It is restrained on purpose: one accent, one colour per kind of message,
// greys for everything else, so a screencast reads calmly on dark and light
// terminals alike. Bubble Tea downsamples the colours to what the terminal can show,
// and drops them entirely under NO_COLOR.
type Theme struct {
	Dark bool

	Text      color.Color // ordinary text
	Muted     color.Color // secondary text: paths, counts, hints
	Faint     color.Color // tertiary: archived rows, separators
	Border    color.Color // pane borders
	Accent    color.Color // focused border, titles, the selection marker
	OnAccent  color.Color // text on an accent background
	SelectBg  color.Color // selected row in the focused pane
	SelectFg  color.Color
	BlurBg    color.Color // selected row in the other panes
	BarBg     color.Color // the status bar
	BarFg     color.Color
	Error     color.Color
	Warn      color.Color
	OK        color.Color
	Highlight color.Color // split tests, types
}

// themeName resolves a configured theme ("auto", "dark", "light"; "" = auto) and the
// background the terminal reported: dark unless it said otherwise.
func isDarkTheme(setting string, backgroundDark bool) bool {
	switch setting {
	case "dark":
		return true
	case "light":
		return false
	}
	return backgroundDark
}

// monochrome is the palette without colours, for a terminal that shows none
// (NO_COLOR, a dumb terminal): every style built on it carries no colour at all,
// whatever path its text takes to the screen, and marks what matters by bold,
// reverse video and the ▸ marker alone.
func monochrome(dark bool) Theme {
	none := lipgloss.NoColor{}
	return Theme{Dark: dark, Text: none, Muted: none, Faint: none, Border: none, Accent: none, OnAccent: none,
		SelectBg: none, SelectFg: none, BlurBg: none, BarBg: none, BarFg: none, Error: none, Warn: none, OK: none,
		Highlight: none}
}

// newTheme builds the palette for a dark or light background.
func newTheme(dark bool) Theme {
	ld := lipgloss.LightDark(dark)
	c := lipgloss.Color
	return Theme{
		Dark:      dark,
		Text:      ld(c("#1F2430"), c("#D8DEE9")),
		Muted:     ld(c("#5C6370"), c("#8B93A5")),
		Faint:     ld(c("#9AA0AA"), c("#5A6170")),
		Border:    ld(c("#C8CDD5"), c("#3B4252")),
		Accent:    ld(c("#2563A8"), c("#88C0D0")),
		OnAccent:  ld(c("#FFFFFF"), c("#1B1F27")),
		SelectBg:  ld(c("#DCE7F5"), c("#34495E")),
		SelectFg:  ld(c("#0F1720"), c("#F0F4F8")),
		BlurBg:    ld(c("#ECEFF3"), c("#2A303C")),
		BarBg:     ld(c("#E8EBF0"), c("#232834")),
		BarFg:     ld(c("#3B4250"), c("#AEB6C6")),
		Error:     ld(c("#B42318"), c("#F07178")),
		Warn:      ld(c("#9A6700"), c("#E5C07B")),
		OK:        ld(c("#1E7A46"), c("#A3D9A5")),
		Highlight: ld(c("#7A3E9D"), c("#C3A6E8")),
	}
}
