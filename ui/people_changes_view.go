package ui

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// peopleChangesView lists, for the team server's admins, the newest writes people
// sent through the server, newest first: when, who, on which sub-account, the
// request and its status. / filters as you type; enter shows one write whole (what
// was sent without its secrets, the record before and after, the trace id); esc
// closes. The log is read in a command when the view opens and on r.
type peopleChangesView struct {
	listBody
	log     ChangeLog
	changes []PersonChange
	rows    []personChangeRow
	cols    []column
}

// personChangeRow is one write, ready to draw.
type personChangeRow struct {
	when, who, where, op, status string
}

// peopleChangesMsg is what the audit log held when the view asked.
type peopleChangesMsg struct {
	view    *peopleChangesView
	changes []PersonChange
	err     error
}

func (peopleChangesMsg) forBody()   {}
func (m peopleChangesMsg) to() body { return m.view }

// recentChangesShown is how many of the newest writes the view reads.
const recentChangesShown = 500

// openPeopleChanges shows the writes people sent over the browser, when this
// session's person may read the server's audit log.
func openPeopleChanges(h bodyHost) tea.Cmd {
	log := h.selected().changes
	if log == nil {
		h.setWarn("the audit log is for the team server's admins, in a session of the server")
		return nil
	}
	v := &peopleChangesView{listBody: newListBody(h.common()), log: log}
	return pushRead(h, v)
}

// update takes the writes this view asked for.
func (v *peopleChangesView) update(_ bodyHost, msg bodyMsg) (tea.Cmd, bool) {
	return own(v, msg, v.fill)
}

// readPeopleChanges reads the newest writes of the log.
func readPeopleChanges(ctx context.Context, log ChangeLog, v *peopleChangesView) tea.Cmd {
	return func() tea.Msg {
		changes, err := log.Recent(ctx, recentChangesShown)
		return peopleChangesMsg{view: v, changes: changes, err: err}
	}
}

func (v *peopleChangesView) reload(bodyHost) tea.Cmd {
	v.status = stateLoading
	return readPeopleChanges(v.sh.ctx, v.log, v)
}

// fill takes the writes read.
func (v *peopleChangesView) fill(msg peopleChangesMsg) {
	v.status, v.err = stateReady, msg.err
	if msg.err != nil {
		v.status = stateFailed
		return
	}
	v.changes = msg.changes
	v.rows = make([]personChangeRow, len(msg.changes))
	keys := make([]string, len(msg.changes))
	widths := [5]int{}
	for i, c := range msg.changes {
		where := sanitize(c.Location)
		if c.LocationName != "" {
			where = sanitize(c.LocationName) + " (" + where + ")"
		}
		r := personChangeRow{when: c.Time.Local().Format("Jan 2 15:04"), who: sanitize(c.Person), where: where,
			op: sanitize(c.Method + " " + c.Path), status: sanitize(c.Status)}
		v.rows[i] = r
		keys[i] = strings.ToLower(r.who + " " + r.where + " " + r.op + " " + r.status)
		for j, s := range []string{r.when, r.who, r.where, r.op, r.status} {
			widths[j] = max(widths[j], textWidth(s))
		}
	}
	v.cols = []column{
		{natural: widths[0], min: 11},
		{natural: min(widths[1], 20), min: 6},
		{natural: min(widths[2], 36), min: 10, optional: true, rank: 1},
		{natural: widths[3], min: 12, fill: true},
		{natural: widths[4], min: 6},
	}
	v.setKeys(keys)
}

func (v *peopleChangesView) key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	return v.listKey(msg, func() tea.Cmd { return v.reload(h) }, func() tea.Cmd { return v.showSelected(h) })
}

// selected is the write under the cursor, or nil.
func (v *peopleChangesView) selected() *PersonChange {
	i := v.list.Selected()
	if i < 0 || i >= len(v.changes) {
		return nil
	}
	return &v.changes[i]
}

// personChangeDoc is one write whole.
func personChangeDoc(c PersonChange) doc {
	d := doc{title: "Change by " + sanitize(c.Person)}
	d.pair("when", c.Time.Local().Format("2006-01-02 15:04:05 MST"))
	d.pair("who", sanitize(c.Person))
	d.pairIf("key", sanitize(c.Key))
	d.pairIf("session", sanitize(c.Session))
	d.pair("sub-account", sanitize(c.Location))
	d.pairIf("name", sanitize(c.LocationName))
	d.pair("request", sanitize(c.Method+" "+c.Path))
	d.pair("status", sanitize(c.Status))
	d.pairIf("trace id", sanitize(c.TraceID))
	d.pairIf("error", sanitize(c.Error))
	for _, part := range []struct {
		title string
		body  []byte
	}{{"Sent (secrets taken out)", c.Body}, {"Before", c.Before}, {"After", c.After}} {
		if len(part.body) > 0 {
			d.blank()
			d.heading(part.title)
			d.json(part.body)
		}
	}
	return d
}

func (v *peopleChangesView) view() []string {
	w, h := v.width, v.height
	body := v.renderBody(w-2, h-2, v.status, v.err, "the audit log", "No one has sent a write through this server yet", v.cols, v.row, true)
	pv := paneView{title: "Recent changes by people", info: "newest first", body: body, pos: v.position()}
	return v.drawn.draw(v.sh, w, h, true, pv, v.filterView())
}

func (v *peopleChangesView) row(i, width int, selected, focused bool, widths []int) string {
	r := &v.rows[i]
	st := &v.sh.styles
	return listRow(st, width, selected, focused, widths, []cell{
		{text: r.when, style: st.RowMuted},
		{text: r.who, style: st.Row},
		{text: r.where, style: st.RowMuted},
		{text: r.op, style: st.Row, middle: true},
		{text: r.status, style: st.Badge},
	})
}

// showSelected shows the selected write whole.
func (v *peopleChangesView) showSelected(h host) tea.Cmd {
	if c := v.selected(); c != nil {
		h.show(newTextView(v.sh, personChangeDoc(*c)))
	}
	return nil
}

func (v *peopleChangesView) keys() []key.Binding { return v.listKeys("show whole") }

func (v *peopleChangesView) copyTarget(bool) (what, text, problem string) {
	c := v.selected()
	switch {
	case c == nil:
		return "", "", "no change selected"
	case c.TraceID == "":
		return "", "", "the selected change has no trace id"
	}
	return "trace id", c.TraceID, ""
}
