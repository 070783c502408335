package ui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/ui/list"
)

// The palette, the account switcher and "go to anything" are pickers: a query line
// over a filtered list, where esc closes, enter takes the row under the cursor, the
// arrows and pgup/pgdown move, and everything else is typed into the query. What
// they share is here; what enter does is each one's own.

// newPickerInput is a picker's query line: focused, styled like the panes' filters,
// with a cursor that does not blink (a blink is a redraw a second, over SSH too).
func newPickerInput(sh *shared, prompt, placeholder string, width int) textinput.Model {
	in := textinput.New()
	in.Prompt = prompt
	in.Placeholder = placeholder
	st := textinput.DefaultStyles(sh.theme.Dark)
	st.Focused.Prompt = sh.styles.FilterPrompt
	st.Focused.Text = sh.styles.FilterText
	st.Focused.Placeholder = sh.styles.RowFaint
	st.Cursor.Blink = false
	st.Cursor.Color = sh.theme.Accent
	in.SetStyles(st)
	in.Focus()
	in.SetWidth(max(1, width))
	return in
}

// pickerOutcome is what a message meant to a picker.
type pickerOutcome int

const (
	pickerKept   pickerOutcome = iota // nothing for the picker's owner to do
	pickerClosed                      // esc: close the picker
	pickerChosen                      // enter on a row: l.Selected() is the one
)

// pickerUpdate handles a key or paste the way every picker does. A query is plain
// text: controls and escape sequences (which the input would drop) and bidi
// overrides (which it would draw, reordering the line) are left out. The list is
// filtered anew, from its best match, only when the query changed and ready says it
// holds the rows to filter.
func pickerUpdate(k *KeyMap, in *textinput.Model, l *list.List, ready bool, msg tea.Msg) (pickerOutcome, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Cancel):
			return pickerClosed, nil
		case key.Matches(msg, k.Accept):
			if !ready || l.Selected() < 0 {
				return pickerKept, nil
			}
			return pickerChosen, nil
		case key.Matches(msg, k.ListUp):
			l.Move(-1)
			return pickerKept, nil
		case key.Matches(msg, k.ListDown):
			l.Move(1)
			return pickerKept, nil
		case msg.String() == "pgup":
			l.PageUp()
			return pickerKept, nil
		case msg.String() == "pgdown":
			l.PageDown()
			return pickerKept, nil
		}
		msg.Text = sanitize(msg.Text)
		return pickerKept, pickerTyped(in, l, ready, msg)
	case tea.PasteMsg:
		msg.Content = sanitize(msg.Content)
		return pickerKept, pickerTyped(in, l, ready, msg)
	}
	return pickerKept, nil
}

// pickerTyped gives a key or paste to the query line and filters by what it then
// holds: the best match for what is typed now, not the row under the cursor before.
func pickerTyped(in *textinput.Model, l *list.List, ready bool, msg tea.Msg) tea.Cmd {
	before := in.Value()
	var cmd tea.Cmd
	*in, cmd = in.Update(msg)
	if q := in.Value(); q != before && ready {
		l.SetQuery(q)
		l.Top()
	}
	return cmd
}
