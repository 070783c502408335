package ui

import tea "charm.land/bubbletea/v2"

// confirmForm is a form of one question; yes runs send. See askForm.
func confirmForm(h host, title, question, yes string, notes []string,
	send func(h host, f *formModal, seq uint64) tea.Cmd) tea.Cmd {
	return askForm(h, title, nil, question, yes, notes, send)
}

// askForm is a form that ends in a question: the fields before it (a choice to make
// first), then the question, whose yes runs send. Cancel is highlighted to begin
// with, and the line under the question always says what enter does with the
// highlight where it is now; a no says "cancelled" in the status bar, so nobody
// believes a thing was done that was not.
func askForm(h host, title string, before []*formField, question, yes string, notes []string,
	send func(h host, f *formModal, seq uint64) tea.Cmd) tea.Cmd {
	ok := false
	q := &formField{key: "confirm", title: question, kind: fieldConfirm, flag: &ok, yes: yes, no: "Cancel", hint: confirmHint(yes, false)}
	fields := append(append([]*formField{}, before...), q)
	var f *formModal
	f, cmd := newFormModal(h.common(), title, []*formGroup{{fields: fields}}, func(h host, seq uint64) (tea.Cmd, error) {
		if !ok {
			h.setInfo("cancelled: " + title + " — nothing was sent")
			return nil, nil
		}
		return send(h, f, seq), nil
	})
	f.onChange = func(host) tea.Cmd {
		q.hint = confirmHint(yes, ok)
		return nil
	}
	f.notes = notes
	return openForm(h, f, cmd)
}

// confirmHint is the line under a question: what enter does with the highlight where
// it is (yes highlighted or not), and how to do the other thing.
func confirmHint(yes string, highlighted bool) string {
	if highlighted {
		return "enter: " + yes + " (highlighted) · n or ←/→ to cancel"
	}
	return "enter: cancel (highlighted) · y: " + yes + " · ←/→ to choose"
}
