package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/form"
)

// pathCheckDelay is how long the path must stay as typed before it is checked.
const pathCheckDelay = 300 * time.Millisecond

// pathCheck asks the service, a moment after the path was last typed, whether it is
// free in the funnel, and writes the answer under the path field: "✓ /offer is free"
// or "✗ taken — suggested /offer-359115" (ctrl+e takes the suggestion). Answers for
// a path that has since changed are dropped.
type pathCheck struct {
	field            *form.Field
	funnelID, domain string
	delay            time.Duration
	typed            string // the value last seen
	seq              uint64
}

type pathCheckDueMsg struct {
	pc   *pathCheck
	seq  uint64
	path string
}

type pathCheckedMsg struct {
	pc    *pathCheck
	seq   uint64
	check *client.PathCheck
	err   error
}

func (pc *pathCheck) changed(h host) tea.Cmd {
	raw := pc.field.Current()
	if raw == pc.typed {
		return nil
	}
	pc.typed = raw
	pc.seq++
	pc.field.Block = ""
	pc.field.SetSuggestions(nil)
	st := &h.common().styles
	if strings.TrimSpace(raw) == "" {
		pc.field.Status = ""
		return nil
	}
	path, err := validate.StepPath(raw)
	if err != nil {
		pc.field.Status = st.Error.Render("✗ " + form.Message(err))
		return nil
	}
	pc.field.Status = st.Hint.Render("… checking " + path)
	due := pathCheckDueMsg{pc: pc, seq: pc.seq, path: path}
	if pc.delay <= 0 {
		return func() tea.Msg { return due }
	}
	return tea.Tick(pc.delay, func(time.Time) tea.Msg { return due })
}

func (pc *pathCheck) message(h host, msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case pathCheckDueMsg:
		if msg.pc != pc || msg.seq != pc.seq {
			return nil, true
		}
		ctx, c, seq := h.common().ctx, h.api(), msg.seq
		params := client.PathCheckParams{FunnelID: pc.funnelID, Path: msg.path, Domain: pc.domain}
		return func() tea.Msg {
			check, _, err := c.CheckStepPath(ctx, params)
			return pathCheckedMsg{pc: pc, seq: seq, check: check, err: err}
		}, true
	case pathCheckedMsg:
		if msg.pc != pc || msg.seq != pc.seq {
			return nil, true
		}
		st := &h.common().styles
		switch {
		case msg.err != nil:
			pc.field.Status = st.Notice.Render("? could not check the path: " + errorText(msg.err))
		case msg.check.Free():
			pc.field.Status = st.Status.Render("✓ " + sanitize(msg.check.Asked) + " is free")
		default:
			sugg := sanitize(msg.check.Suggestion())
			pc.field.Status = st.Error.Render("✗ " + sanitize(msg.check.Asked) + " is taken — suggested " + sugg + " (ctrl+e)")
			pc.field.Block = "is taken in this funnel: try " + sugg
			if sugg != "" {
				// The suggestion shows after what was typed, so it must start the same way.
				typed := strings.TrimSpace(pc.typed)
				if !strings.HasPrefix(typed, "/") {
					sugg = strings.TrimPrefix(sugg, "/")
				}
				pc.field.SetSuggestions([]string{sugg})
			}
		}
		return nil, true
	}
	return nil, false
}

// pathDelay is the wait before a typed path is checked: long enough that a path
// typed at speed is checked once, short enough to feel live.
func (sh *shared) pathDelay() time.Duration {
	if d := sh.pathCheckDelay; d != 0 {
		return d
	}
	return pathCheckDelay
}
