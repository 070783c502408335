package ui

import (
	"context"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// versionsView lists the saved versions of the location's redirects (what they were
// before each import or restore, the command line's too), newest first: when, how
// many, what the apply that followed was to change. enter plans the location back
// to the one selected, shown as an import's plan is before anything is sent.
type versionsView struct {
	listBody
	state    redirectplan.State
	versions []redirectplan.Version
	rows     []versionRow
	cols     []column
}

// versionRow is one version, ready to draw.
type versionRow struct{ number, saved, rows, change string }

// versionsMsg is the saved versions, read from the disk.
type versionsMsg struct {
	view *versionsView
	list []redirectplan.Version
	err  error
}

func (versionsMsg) forBody()   {}
func (m versionsMsg) to() body { return m.view }

// openRedirectVersions shows the saved versions.
func openRedirectVersions(h bodyHost) tea.Cmd {
	st := h.selected().redirectsState
	if st.Dir == "" {
		h.setWarn("no versions are kept for this session")
		return nil
	}
	v := &versionsView{listBody: newListBody(h.common()), state: st}
	return pushRead(h, v)
}

// update takes the versions this view asked for.
func (v *versionsView) update(_ bodyHost, msg bodyMsg) (tea.Cmd, bool) { return own(v, msg, v.fill) }

func (v *versionsView) reload(bodyHost) tea.Cmd {
	v.status = stateLoading
	return func() tea.Msg {
		list, err := v.state.Versions().List()
		return versionsMsg{view: v, list: list, err: err}
	}
}

// fill takes the versions read.
func (v *versionsView) fill(msg versionsMsg) {
	v.status, v.err = stateReady, msg.err
	if msg.err != nil {
		v.status = stateFailed
	}
	v.versions = msg.list
	v.rows = make([]versionRow, len(msg.list))
	keys := make([]string, len(msg.list))
	for i, ver := range msg.list {
		r := versionRow{number: strconv.Itoa(ver.Number), saved: ver.Time.Local().Format("2006-01-02 15:04:05"),
			rows: plural(len(ver.Rows), "redirect"), change: sanitize(ver.Change)}
		v.rows[i] = r
		keys[i] = strings.ToLower(r.number + " " + r.saved + " " + r.change)
	}
	v.cols = []column{{natural: 6, min: 3}, {natural: 19, min: 19}, {natural: 14, min: 8}, {natural: 40, min: 12, fill: true}}
	v.setKeys(keys)
}

func (v *versionsView) key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	return v.listKey(msg, func() tea.Cmd { return v.reload(h) }, func() tea.Cmd { return v.plan(h) })
}

// plan makes the plan back to the version selected.
func (v *versionsView) plan(h host) tea.Cmd {
	i := v.list.Selected()
	if i < 0 || i >= len(v.versions) || !connected(h) {
		return nil
	}
	ver := v.versions[i]
	h.setInfo("planning the restore of version " + strconv.Itoa(ver.Number) + "…")
	return planRestore(h.common().loads, h.api(), ver, v, h.next())
}

// planRestore plans the location's redirects back to ver.
func planRestore(ctx context.Context, c *client.Client, ver redirectplan.Version, from *versionsView, seq uint64) tea.Cmd {
	return func() tea.Msg {
		w := redirectplan.RestoreOf(ver)
		plan, current, err := redirectplan.Prepare(ctx, c, w)
		if err != nil {
			return answerMsg{from: from, seq: seq, err: err, status: client.StatusCode(err)}
		}
		return answerMsg{from: from, seq: seq, after: planReady{title: "Restore of version " + strconv.Itoa(ver.Number),
			wanted: w, plan: plan, current: current, restore: true}}
	}
}

func (v *versionsView) view() []string {
	w, h := v.width, v.height
	body := v.renderBody(w-2, h-2, v.status, v.err, "versions",
		"No saved versions: one is saved before every import or restore that sends something", v.cols, v.row, true)
	pv := paneView{title: "Redirect versions", info: plural(len(v.rows), "version"), body: body, pos: v.position()}
	return v.drawn.draw(v.sh, w, h, true, pv, v.filterView())
}

func (v *versionsView) row(i, width int, selected, focused bool, widths []int) string {
	r := &v.rows[i]
	st := &v.sh.styles
	return listRow(st, width, selected, focused, widths, []cell{
		{text: r.number, style: st.Badge, right: true},
		{text: r.saved, style: st.RowMuted},
		{text: r.rows, style: st.Row},
		{text: r.change, style: st.RowFaint},
	})
}

func (v *versionsView) keys() []key.Binding { return v.listKeys("plan a restore") }

func (v *versionsView) copyTarget(bool) (what, text, problem string) {
	return "", "", "nothing to copy in the versions"
}
