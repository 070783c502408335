package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
)

// newFormStyles builds the huh styles of the forms from the app's theme, so a form
// looks like the rest of the browser on a dark or a light terminal. Like every style
// it is built once per theme (shared.restyle), never in View: huh asks the theme for
// its styles on every frame, and formTheme hands out this one value.
//
// Without colours the focused field still shows: huh draws a thick bar left of it,
// the focused button is in reverse video, and errors and check results carry ✗ and ✓.
func newFormStyles(t Theme, noColor bool) *huh.Styles {
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

// formTheme is the huh.Theme of every form: the styles of the app's current theme.
// It reads them through the shared pointer, so a form opened before the terminal
// said whether its background is dark follows the answer.
func (sh *shared) formTheme() huh.Theme {
	return huh.ThemeFunc(func(bool) *huh.Styles { return sh.formStyles })
}

// newFormKeyMap is huh's key map as the browser uses it: ctrl+c is the browser's
// (it quits), and the help names the keys in the words of this browser.
func newFormKeyMap() *huh.KeyMap {
	k := huh.NewDefaultKeyMap()
	k.Quit = key.NewBinding(key.WithDisabled())
	k.Text.NewLine = key.NewBinding(key.WithKeys("ctrl+j", "alt+enter"), key.WithHelp("ctrl+j", "new line"))
	k.Input.AcceptSuggestion = key.NewBinding(key.WithKeys("ctrl+e"), key.WithHelp("ctrl+e", "use suggestion"))
	return k
}
