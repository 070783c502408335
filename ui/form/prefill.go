package form

import (
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// A field the form opens with a value in it — the domain of the redirect under the
// cursor, the selected page's address, the next free position — shows that value
// selected when it gets the focus, as a text box does: the first character typed or
// pasted replaces it, backspace or delete clears it, and any other key (an arrow,
// home, end, enter) keeps it and does what it does. Otherwise what is typed over the
// suggestion lands after it: offers.example.comoffers.example.com.

// arrive marks ff selected as it gets the focus, when it holds the value it opened with.
func (ff *Field) arrive() {
	ff.selected = ff.Kind == Input && ff.input != nil && ff.prefill != "" && ff.Current() == ff.prefill
}

// replaceSelected applies msg to the focused field's selected value before the field
// sees msg: a character or paste empties it first, backspace or delete empties it
// (and is used up: it reports true), any other key just ends the selection.
func (f *Form) replaceSelected(msg tea.Msg) bool {
	ff := f.Focused()
	if ff == nil || !ff.selected {
		return false
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		ff.clear()
	case tea.KeyPressMsg:
		if msg.Text != "" {
			ff.clear()
			return false
		}
		ff.selected = false
		if s := msg.String(); s == "backspace" || s == "delete" {
			ff.clear()
			return true
		}
	}
	return false
}

// clear empties the input and ends its selection.
func (ff *Field) clear() {
	ff.selected = false
	*ff.Value = ""
	ff.input.Value(ff.Value)
}

// tracked notes a move of the focus: the field left forgets its search and
// selection, the field reached selects the value it opened with.
func (f *Form) tracked() {
	cur := f.Focused()
	if cur == f.at {
		return
	}
	if f.at != nil {
		f.at.search, f.at.selected = "", false
	}
	if cur != nil {
		cur.arrive()
	}
	f.at = cur
}

// inputTheme is the theme of input ff: the host's, with the text in reverse video
// while the value is selected, as selected text looks in any terminal, colours or
// none.
func (f *Form) inputTheme(ff *Field) huh.Theme {
	return huh.ThemeFunc(func(bool) *huh.Styles {
		base := f.h.Look().Huh
		if !ff.selected {
			return base
		}
		if f.marked.from != base {
			st := *base
			st.Focused.TextInput.Text = base.Focused.TextInput.Text.Reverse(true)
			f.marked.from, f.marked.to = base, &st
		}
		return f.marked.to
	})
}
