package ui

import (
	"context"
	"errors"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// The root's part of the Redirects view: it keeps the view while it is closed (what it
// read stays, so opening it again is instant) and takes how an import or a restore
// goes, which runs on after the view or the plan that started it is closed.

// openRedirects shows the Redirects view, reading the list the first time. The root
// keeps the view when it is closed, so opening it again is instant.
func (m *Model) openRedirects() tea.Cmd {
	if m.redirects == nil {
		m.redirects = newRedirectsView(m.sh)
		m.redirects.location, m.redirects.idx = m.status.location, m.idx.local()
	}
	v := m.redirects
	if !m.onTop(v) {
		m.push(v)
	}
	if v.state == stateIdle {
		return v.reload(m)
	}
	return nil
}

// bulkUpdate shows an apply's progress and its end.
func (m *Model) bulkUpdate(msg bulkMsg) tea.Cmd {
	switch msg := msg.(type) {
	case bulkProgressMsg:
		if msg.run.over {
			return nil
		}
		m.status.setInfo(msg.run.verb + " " + strconv.Itoa(msg.p.Done) + "/" + strconv.Itoa(msg.p.Total))
		return msg.run.wait
	case bulkDoneMsg:
		m.sh.applying, msg.run.over = false, true
		t := msg.res.Tally
		text := msg.run.verb + ": added " + strconv.Itoa(t.Added) + ", changed " + strconv.Itoa(t.Changed) +
			", deleted " + strconv.Itoa(t.Deleted) + ", refused " + strconv.Itoa(msg.refused) + ", failed " + strconv.Itoa(t.Failed)
		if t.Before > 0 {
			text += ", " + strconv.Itoa(t.Before) + " landed before"
		}
		switch {
		case msg.err != nil && errors.Is(msg.err, context.Canceled):
			m.status.setWarn(text + " — stopped: run it again to send the rest (nothing is sent twice)")
		case msg.err != nil:
			var local *redirectplan.LocalError
			code := ""
			if s := client.StatusCode(msg.err); s != 0 && !errors.As(msg.err, &local) {
				code = " (" + strconv.Itoa(s) + ")"
			}
			m.status.setWarn(text + " — stopped" + code + ": " + sanitize(msg.err.Error()) + "; run it again to send the rest")
		case t.Failed > 0:
			m.status.setWarn(text)
		default:
			m.status.setInfo(text)
		}
		if m.redirects != nil && m.redirects.state != stateIdle {
			return m.redirects.reload(m)
		}
	}
	return nil
}
