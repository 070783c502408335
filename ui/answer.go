package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/ui/form"
)

// answerMsg is the answer to a request a form or a view sent (a write, a lookup, a
// test event). It names what asked and the request's number, so the root knows
// whether that form or view is still open and still waits for it.
type answerMsg struct {
	from   any    // the *form.Form, *textView or *historyView that asked
	seq    uint64 // the request's number
	err    error
	status int    // the HTTP status of the answer; 0 when none came
	info   string // what the status bar says on success
	result *doc   // what a view shows on success; nil: nothing to show
	// after is what a success changes in the browser (reloads, selections); always
	// is applied whatever happened (the event history records failures too). The
	// root applies both (reload.go).
	after  effect
	always effect
}

// statusOf is the HTTP status of a finished call: from the answer, or from the error.
func statusOf(resp *client.Response, err error) int {
	if resp != nil && resp.StatusCode != 0 {
		return resp.StatusCode
	}
	return client.StatusCode(err)
}

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
