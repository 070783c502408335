package ui

import (
	"context"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// openAccessView shows what this sign-in can do: every read route family asked once
// with a harmless GET, and what answered, what that means and what to ask for.
// Writes are never sent; their rows say what this session learned of them.
func openAccessView(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	sel := h.selected()
	seq := h.next()
	v := newWaitingView(h.common(), "What this sign-in can do", seq)
	v.waiting = "Asking each read route once…"
	h.show(v)
	return probeAccess(h.common().ctx, h.api(), v, seq, sel.profile, sel.location)
}

// probeAccess runs the client's probe and turns its rows into the view's table.
func probeAccess(ctx context.Context, c *client.Client, from *textView, seq uint64, profile, location string) tea.Cmd {
	return func() tea.Msg {
		rows, err := c.Probe(ctx)
		d := accessDoc(rows, profile, location)
		if err != nil {
			d.blank()
			d.bad("the probe stopped early: " + errorText(err))
		}
		return answerMsg{from: from, seq: seq, err: err, result: &d}
	}
}

// accessDoc is the table of the probe's rows, sanitised.
func accessDoc(rows []client.ProbeRow, profile, location string) doc {
	d := doc{title: "What this sign-in can do"}
	d.muted("Profile " + profile + " · location " + location + ". Each read route was asked once with a harmless GET; writes are never sent.")
	d.blank()
	d.row(lineHeading, "Route", "Answer", "Meaning", "Ask for")
	open, reads := 0, 0
	for _, r := range rows {
		tone := lineMuted
		switch {
		case r.Answer == client.AnswerOpen:
			tone = lineOK
		case r.Answer.Refused():
			tone = lineBad
		}
		if r.Probed {
			reads++
			if r.Answer == client.AnswerOpen {
				open++
			}
		}
		ask := r.AskFor
		if ask == "" && r.Answer == client.AnswerOpen {
			ask = "—"
		}
		d.row(tone, sanitize(r.Route), sanitize(r.Result), sanitize(r.Meaning), sanitize(ask))
	}
	d.blank()
	d.text(plural(open, "read route") + " of " + strconv.Itoa(reads) + " asked answered. Actions on refused routes show as unavailable in the palette, the footer and ?; r forgets what was learned and tries every route again.")
	return d
}
