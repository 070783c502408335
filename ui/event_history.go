package ui

import (
	"context"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/google/uuid"

	"github.com/funnelsdev/funnels/client"
)

// historyEntry is one test conversion event sent in this session.
type historyEntry struct {
	at      time.Time
	name    string
	eventID string
	status  int    // 0 when no answer came
	outcome string // "accepted", or the error with its status code
	ok      bool
	payload client.ConversionRequest // as sent, to send again
	ownID   bool                     // the user gave the event id: a replay keeps it
	answer  doc                      // what the answer said, for the detail
}

// eventHistory is every conversion event of the session, oldest first.
type eventHistory struct{ entries []historyEntry }

func (h *eventHistory) add(e historyEntry) { h.entries = append(h.entries, e) }

// newest returns the i-th newest entry (0 = the newest).
func (h *eventHistory) newest(i int) *historyEntry {
	if i < 0 || i >= len(h.entries) {
		return nil
	}
	return &h.entries[len(h.entries)-1-i]
}

// historyView lists the events sent, newest first: R sends the selected one again
// (the same payload; a new event id unless the user gave one), enter shows its answer.
type historyView struct {
	sh     *shared
	hist   *eventHistory
	cursor int
	offset int
	count  int // entries when the cursor last moved: new ones arrive on top
	seq    uint64
}

func newHistoryView(sh *shared, h *eventHistory) *historyView {
	return &historyView{sh: sh, hist: h, count: len(h.entries)}
}

func (v *historyView) rows() int { return max(1, v.sh.bodyHeight()-2-3) }

func (v *historyView) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	// A replay lands on top: the cursor stays on the entry it was on.
	if n := len(v.hist.entries); n > v.count {
		v.cursor += n - v.count
		v.count = n
	}
	k := v.sh.keys
	n := len(v.hist.entries)
	switch {
	case key.Matches(km, k.Cancel, k.Back, k.Quit, k.of(actEventHistory)):
		return nil, true
	case key.Matches(km, k.Up):
		v.cursor--
	case key.Matches(km, k.Down):
		v.cursor++
	case key.Matches(km, k.Top):
		v.cursor = 0
	case key.Matches(km, k.Bottom):
		v.cursor = n - 1
	case key.Matches(km, k.Open):
		if e := v.hist.newest(v.cursor); e != nil {
			tv := newTextView(v.sh, e.answer)
			tv.back = v
			h.show(tv)
		}
		return nil, false
	case v.sh.offInReadOnly(h, km, inHistory):
		return nil, false
	case key.Matches(km, k.of(actResend)):
		e := v.hist.newest(v.cursor)
		if e == nil {
			h.setWarn("no event to send again yet: E sends a test conversion event")
			return nil, false
		}
		p := e.payload
		if !e.ownID {
			p.EventID = uuid.NewString()
		}
		v.seq = h.next()
		h.setInfo("sending " + p.EventName + " again…")
		return sendConversion(v.sh.ctx, h.api(), p, e.ownID, v, v.seq, true), false
	}
	v.cursor = max(0, min(v.cursor, n-1))
	if v.cursor < v.offset {
		v.offset = v.cursor
	}
	if rows := v.rows(); v.cursor >= v.offset+rows {
		v.offset = v.cursor - rows + 1
	}
	return nil, false
}

func (v *historyView) keys() []key.Binding {
	k := v.sh.keys
	return []key.Binding{as(k.Arrows, "move"), as(k.of(actResend), "send again"), as(k.Open, "answer"), as(k.Cancel, "close")}
}

func (v *historyView) view(w, h int) (string, int, int) {
	st := &v.sh.styles
	bw := min(w, 100)
	inner := bw - 3
	cols := []column{
		{natural: 8, min: 8},                  // time
		{natural: 20, min: 8},                 // event name
		{natural: 6, min: 3},                  // status
		{natural: 36, min: 12, fill: true},    // event id
		{natural: 30, min: 8, optional: true}, // outcome
	}
	widths := fitColumns(cols, rowAvail(inner-1))
	body := []string{listRow(st, inner-1, false, false, widths, []cell{
		{text: "time", style: st.RowFaint}, {text: "event", style: st.RowFaint},
		{text: "status", style: st.RowFaint, right: true}, {text: "event id", style: st.RowFaint},
		{text: "outcome", style: st.RowFaint},
	})}
	n := len(v.hist.entries)
	if n == 0 {
		body = append(body, st.Empty.Render("No test events yet: E sends one"))
	}
	rows := max(1, h-2-1)
	cursor, offset := v.cursor+(n-v.count), v.offset+(n-v.count)
	cursor, offset = scrollWindow(cursor, offset, n, rows)
	for i := offset; i < n && i < offset+rows; i++ {
		e := v.hist.newest(i)
		status := pick(e.ok, st.Status, st.Error)
		code := "—"
		if e.status != 0 {
			code = strconv.Itoa(e.status)
		}
		body = append(body, listRow(st, inner-1, i == cursor, true, widths, []cell{
			{text: e.at.Format("15:04:05"), style: st.RowFaint},
			{text: e.name, style: st.Row},
			{text: code, style: status, right: true},
			{text: e.eventID, style: st.RowMuted},
			{text: e.outcome, style: status},
		}))
	}
	pos := ""
	if n > 0 {
		pos = strconv.Itoa(cursor+1) + "/" + strconv.Itoa(n)
	}
	bh := min(h, len(body)+2)
	return v.sh.box(bw, bh, "Event history · newest first", body, pos), (w - bw) / 2, max(0, min(1, (h-bh)/3))
}

// sendConversion sends a conversion event (without a token: the client leaves it
// out for this operation) and records it in the history, whatever the answer.
func sendConversion(ctx context.Context, c *client.Client, p client.ConversionRequest, ownID bool, from any, seq uint64, again bool) tea.Cmd {
	return func() tea.Msg {
		res, resp, err := c.SendConversion(ctx, p)
		status := statusOf(resp, err)
		e := historyEntry{name: p.EventName, eventID: sanitize(p.EventID), status: status, payload: p, ownID: ownID}
		d := doc{title: "Test conversion event · " + p.EventName}
		if err != nil {
			e.outcome = errorText(err)
			d.bad("The event was refused: " + e.outcome)
		} else {
			if res.EventID != "" {
				e.eventID = sanitize(res.EventID)
			}
			e.ok = res.Success
			e.outcome = pick(res.Success, "accepted", "answered without success")
			d.ok(p.EventName + " event " + e.outcome + " (" + strconv.Itoa(status) + ")")
		}
		d.blank()
		d.pair("event id", e.eventID)
		d.pair("event", p.EventName)
		d.pairIf("url", sanitize(p.URL))
		d.pairIf("value", sanitize(strings.TrimSpace(p.Value+" "+p.Currency)))
		d.pairIf("contact", sanitize(p.Contact.Email))
		d.pair("sent", "POST /funnels/event/conversion, without a token (the spec asks for none)")
		if res != nil {
			d.pairIf("message", sanitize(res.Message))
			d.pairIf("trace id", sanitize(res.TraceID))
			if len(res.Raw) > 0 {
				d.blank()
				d.heading("Answer")
				d.json(res.Raw)
			}
		}
		d.blank()
		d.muted("H shows the event history; R there sends an event again.")
		e.answer = d
		verb := pick(again, "sent again: ", "sent ")
		msg := answerMsg{from: from, seq: seq, err: err, status: status, result: &d,
			info: verb + p.EventName + " event " + e.eventID + " — " + strconv.Itoa(status) + " " + e.outcome + " (H: event history)"}
		msg.always = eventSent{entry: e}
		return msg
	}
}

// eventSent: a test conversion event was sent, whatever its answer; the history
// keeps it.
type eventSent struct{ entry historyEntry }

func (eventSent) isEffect() {}
