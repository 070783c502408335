package form

import (
	"image/color"

	"charm.land/bubbles/v2/key"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
)

// Colors are the colours of the browser's theme that a form is drawn in.
type Colors struct {
	Dark bool // the theme is for a dark background

	Text     color.Color // ordinary text
	Muted    color.Color // descriptions, a blurred selector
	Faint    color.Color // placeholders, separators
	Accent   color.Color // titles, the focused field, the focused button
	OnAccent color.Color // text on an accent background
	BlurBg   color.Color // a button without the focus
	OK       color.Color // a chosen option's mark
	Error    color.Color // a problem
}

// HuhStyles builds the huh styles of the forms from the browser's theme, so a form
// looks like the rest of the browser on a dark or a light terminal. Like every style
// it is built once per theme (the host's Look), never in View: huh asks the theme
// for its styles on every frame, and theme hands out this one value.
//
// Without colours the focused field still shows: huh draws a thick bar left of it,
// the focused button is in reverse video, and errors and check results carry ✗ and ✓.
func HuhStyles(t Colors, noColor bool) *huh.Styles {
	n := lipgloss.NewStyle
	s := huh.ThemeBase(t.Dark)
	button := n().Padding(0, 2).MarginRight(1)

	f := &s.Focused
	f.Base = f.Base.BorderForeground(t.Accent)
	f.Card = f.Base
	f.Title = n().Foreground(t.Accent).Bold(true)
	f.NoteTitle = n().Foreground(t.Accent).Bold(true).MarginBottom(1)
	f.Description = n().Foreground(t.Muted)
	f.ErrorIndicator = n().Foreground(t.Error).SetString(" *")
	f.ErrorMessage = n().Foreground(t.Error)
	f.SelectSelector = n().Foreground(t.Accent).Bold(true).SetString("▸ ")
	f.NextIndicator = n().Foreground(t.Accent).MarginLeft(1).SetString("→")
	f.PrevIndicator = n().Foreground(t.Accent).MarginRight(1).SetString("←")
	f.Option = n().Foreground(t.Text)
	f.SelectedOption = n().Foreground(t.Accent).Bold(true)
	f.UnselectedOption = n().Foreground(t.Text)
	f.MultiSelectSelector = f.SelectSelector
	f.SelectedPrefix = n().Foreground(t.OK).SetString("✓ ")
	f.UnselectedPrefix = n().Foreground(t.Muted).SetString("• ")
	f.FocusedButton = button.Foreground(t.OnAccent).Background(t.Accent).Bold(true)
	f.BlurredButton = button.Foreground(t.Text).Background(t.BlurBg)
	f.Next = f.FocusedButton
	f.TextInput.Cursor = n().Foreground(t.Accent)
	f.TextInput.CursorText = n().Foreground(t.Text)
	f.TextInput.Placeholder = n().Foreground(t.Faint)
	f.TextInput.Prompt = n().Foreground(t.Accent).Bold(true)
	f.TextInput.Text = n().Foreground(t.Text)
	if noColor {
		f.TextInput.Placeholder = n().Faint(true)
		f.FocusedButton = button.Reverse(true).Bold(true)
		f.BlurredButton = button
		f.Next = f.FocusedButton
		f.SelectedOption = n().Bold(true)
	}

	b := &s.Blurred
	*b = *f
	b.Base = f.Base.BorderStyle(lipgloss.HiddenBorder())
	b.Card = b.Base
	b.Title = n().Foreground(t.Text).Bold(true)
	b.NoteTitle = n().Foreground(t.Muted).Bold(true).MarginBottom(1)
	b.SelectSelector = n().Foreground(t.Muted).SetString("› ")
	b.MultiSelectSelector = b.SelectSelector
	b.NextIndicator = n()
	b.PrevIndicator = n()
	b.TextInput.Prompt = n().Foreground(t.Muted)
	b.TextInput.Text = n().Foreground(t.Text)

	s.Group.Title = n().Foreground(t.Accent).Bold(true)
	s.Group.Description = n().Foreground(t.Muted)
	s.Help.ShortKey = n().Foreground(t.Accent).Bold(true)
	s.Help.ShortDesc = n().Foreground(t.Muted)
	s.Help.ShortSeparator = n().Foreground(t.Faint)
	return s
}

// theme is the huh.Theme of a form: the styles of the host's current theme. It asks
// the host for them each time, so a form opened before the terminal said whether its
// background is dark follows the answer.
func theme(h Host) huh.Theme {
	return huh.ThemeFunc(func(bool) *huh.Styles { return h.Look().Huh })
}

// newKeyMap is huh's key map as the browser uses it: ctrl+c is the browser's
// (it quits), and the help names the keys in the words of this browser.
func newKeyMap() *huh.KeyMap {
	k := huh.NewDefaultKeyMap()
	k.Quit = key.NewBinding(key.WithDisabled())
	k.Text.NewLine = key.NewBinding(key.WithKeys("ctrl+j", "alt+enter"), key.WithHelp("ctrl+j", "new line"))
	k.Input.AcceptSuggestion = key.NewBinding(key.WithKeys("ctrl+e"), key.WithHelp("ctrl+e", "use suggestion"))
	// Letters typed into a choice search it (choose.go): it moves by the other keys.
	s := &k.Select
	s.Up = key.NewBinding(key.WithKeys("up", "ctrl+k", "ctrl+p"), key.WithHelp("↑", "up"))
	s.Down = key.NewBinding(key.WithKeys("down", "ctrl+j", "ctrl+n"), key.WithHelp("↓", "down"))
	s.Left = key.NewBinding(key.WithKeys("left"), key.WithDisabled())
	s.Right = key.NewBinding(key.WithKeys("right"), key.WithDisabled())
	s.GotoTop = key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first"))
	s.GotoBottom = key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last"))
	s.Filter = key.NewBinding(key.WithKeys("/"), key.WithDisabled())
	return k
}
