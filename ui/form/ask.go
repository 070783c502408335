package form

import tea "charm.land/bubbletea/v2"

// Confirm is a form of one question; yes runs send. See Ask.
func Confirm(h Host, title, question, yes string, notes []string,
	send func(f *Form, seq uint64) tea.Cmd) (*Form, tea.Cmd) {
	return Ask(h, title, nil, question, yes, notes, send)
}

// Ask is a form that ends in a question: the fields before it (a choice to make
// first), then the question, whose yes runs send. Cancel is highlighted to begin
// with, and the line under the question always says what enter does with the
// highlight where it is now; a no says "cancelled" in the status bar, so nobody
// believes a thing was done that was not.
func Ask(h Host, title string, before []*Field, question, yes string, notes []string,
	send func(f *Form, seq uint64) tea.Cmd) (*Form, tea.Cmd) {
	ok := false
	q := &Field{Key: "confirm", Title: question, Kind: Question, Flag: &ok, Yes: yes, No: "Cancel", Hint: confirmHint(yes, false)}
	fields := append(append([]*Field{}, before...), q)
	var f *Form
	f, cmd := New(h, title, []*Group{{Fields: fields}}, func(seq uint64) (tea.Cmd, error) {
		if !ok {
			h.SetInfo("cancelled: " + title + " — nothing was sent")
			return nil, nil
		}
		return send(f, seq), nil
	})
	f.OnChange = func() tea.Cmd {
		q.Hint = confirmHint(yes, ok)
		return nil
	}
	f.Notes = notes
	return f, cmd
}

// confirmHint is the line under a question: what enter does with the highlight where
// it is (yes highlighted or not), and how to do the other thing.
func confirmHint(yes string, highlighted bool) string {
	if highlighted {
		return "enter: " + yes + " (highlighted) · n or ←/→ to cancel"
	}
	return "enter: cancel (highlighted) · y: " + yes + " · ←/→ to choose"
}
