package ui

import (
	"errors"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/ui/form"
)

// Sending a plan is asked, never done by a key alone: s opens a question naming the
// writes and the sub-account they go to, and a plan that adds a redirect at a live
// step's address asks that apart, last, with what it shadows — a yes to the writes
// does not cover it, as --yes does not on the command line. Only then is the plan
// sent (redirects_apply.go) and the plan view closed; a no leaves it on screen.

// ask asks whether to send the plan, unless nothing can or need be sent.
func (v *planView) ask(h bodyHost) (tea.Cmd, keyResult) {
	switch {
	case v.writes == 0:
		h.setInfo("nothing to send: the location's redirects are already as planned")
		return nil, keyUsed
	case !connected(h):
		return nil, keyUsed
	case v.sh.applying:
		h.setWarn("an import or restore is still being sent: wait for it to end")
		return nil, keyUsed
	}
	t := v.ready.plan.Totals()
	sel := h.selected()
	where := sel.location
	if sel.profile != "" {
		where += " (" + sel.profile + ")"
	}
	question := "Send " + plural(t.Writes(), "write") + " (+" + strconv.Itoa(t.Add) + " ~" + strconv.Itoa(t.Change) +
		" −" + strconv.Itoa(t.Delete) + ") to " + where + "?"
	notes := []string{"The location's redirects are saved as a version first (Redirect versions brings them back); each write is journaled, so sending again after an interruption sends nothing twice."}
	if t.Refused > 0 {
		notes = append(notes, plural(t.Refused, "refused row")+" of the plan "+pick(t.Refused == 1, "is", "are")+" never sent.")
	}
	send := func(f *form.Form, seq uint64) tea.Cmd { return v.send(h, f, seq, false) }
	if len(v.ready.plan.Marks) > 0 {
		send = func(*form.Form, uint64) tea.Cmd { return v.askShadow(h) }
	}
	return confirmForm(h, v.ready.title, question, "Send", notes, send), keyUsed
}

// askShadow asks, apart, whether to send a plan over live steps, naming them.
func (v *planView) askShadow(h bodyHost) tea.Cmd {
	err := v.ready.plan.CheckShadows(false)
	question := "Send it all the same? Their visitors would be redirected."
	notes := []string{"This plan " + sanitize(err.Error()) + "."}
	return confirmForm(h, "Redirects over live steps", question, "Send over them", notes,
		func(f *form.Form, seq uint64) tea.Cmd { return v.send(h, f, seq, true) })
}

// send sends the plan in the background and closes the plan view; f, the question
// answered, closes with it.
func (v *planView) send(h bodyHost, f *form.Form, seq uint64, shadowAllowed bool) tea.Cmd {
	if err := v.ready.plan.CheckShadows(shadowAllowed); err != nil {
		return func() tea.Msg { return answerMsg{from: f, seq: seq, err: err} }
	}
	apply := startBulkApply(h, v.ready)
	if apply == nil { // another apply began meanwhile
		return func() tea.Msg {
			return answerMsg{from: f, seq: seq, err: errors.New("an import or restore is still being sent: wait for it to end")}
		}
	}
	h.closeBodies(func(b body) bool { return b == v })
	return tea.Batch(func() tea.Msg { return answerMsg{from: f, seq: seq} }, apply)
}
