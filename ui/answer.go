package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/ui/form"
)

// How the root takes the answer to a form's or a view's request (effect.go says what
// an answer is): the form closes or keeps what was typed, and what the answer changed
// happens (apply).

// answered takes an answer. The parent decides what happens to the form: closed on
// success (a result view may take its place), kept with everything typed on
// failure. A form or view the user already closed leaves the news to the status
// bar; what a success changes in the browser happens either way.
func (m *Model) answered(msg answerMsg) tea.Cmd {
	if msg.always != nil {
		m.apply(msg.always)
	}
	switch from := msg.from.(type) {
	case *form.Form:
		if from.Answered(msg.seq) {
			if m.shownForm() == from {
				if msg.err != nil {
					return from.Fail(msg.err, errorText(msg.err))
				}
				m.overlay = nil
				if msg.result != nil {
					m.overlay = newTextView(m.sh, *msg.result)
				}
			}
		}
	case *textView:
		if m.overlay == from && from.seq == msg.seq && msg.result != nil {
			from.fill(*msg.result)
		}
	}
	if msg.err != nil {
		m.status.setErr(msg.err)
		return nil
	}
	if msg.info != "" {
		m.status.setInfo(msg.info)
	}
	if msg.after != nil {
		return m.apply(msg.after)
	}
	return nil
}

// apply makes an answer's effect happen: the panes' (the browser's changed), the
// Redirects view's, a plan shown, an event kept in the history.
func (m *Model) apply(e effect) tea.Cmd {
	switch e := e.(type) {
	case folderMade:
		m.closeDetail() // the panes go to the root to show it
	case redirectChanged:
		if m.redirects == nil {
			return nil
		}
		return m.redirects.changed(m, e.made, e.gone)
	case planReady:
		m.push(newPlanView(m.sh, e))
		return nil
	case eventSent:
		e.entry.at = m.sh.now()
		m.history.add(e.entry)
		return nil
	}
	return m.browser.changed(e)
}

// shownForm is the form the overlay shows, or nil.
func (m *Model) shownForm() *form.Form {
	if o, ok := m.overlay.(*formOverlay); ok {
		return o.Form
	}
	return nil
}
