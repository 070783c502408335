package ui

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/index"
)

// changesView lists what the last whole crawl found added, removed or changed since
// the crawl before it, one row a change: the kind, the item, its name, its funnel and
// each changed field old → new (cut to the width; `funnels changes --json` has them
// whole). enter goes to the item when the index still holds it; esc closes.
type changesView struct {
	listBody
	store   *index.Store
	changes []index.Change
	rows    []changeRow
	cols    []column
	info    string // the title's context: which crawl, since when
	empty   string // what an empty list says
}

// changeRow is one change, ready to draw.
type changeRow struct {
	mark                             rowMark
	kind, item, name, funnel, fields string
}

// changeTargetMsg is where the item of a change sits now (found false: gone).
type changeTargetMsg struct {
	view  *changesView
	name  string
	place index.Located
	err   error
}

func (changeTargetMsg) isCacheMsg() {}

// openChanges shows the Changes view over the browser, read from the index idx.
func openChanges(h bodyHost, idx *localIndex) tea.Cmd {
	if idx == nil {
		h.setWarn("no local index in this session: nothing to compare")
		return nil
	}
	v := &changesView{listBody: newListBody(h.common()), store: idx.store}
	return pushRead(h, v)
}

// update takes the changes this view asked for.
func (v *changesView) update(_ bodyHost, msg bodyMsg) (tea.Cmd, bool) { return own(v, msg, v.fill) }

func (v *changesView) reload(bodyHost) tea.Cmd {
	v.status = stateLoading
	return readChanges(v.sh.ctx, v.store, v)
}

// fill takes the changes read.
func (v *changesView) fill(msg changesMsg) {
	v.status, v.err = stateReady, msg.err
	if msg.err != nil {
		v.status = stateFailed
		return
	}
	r := msg.report
	v.changes = r.Changes
	v.info, v.empty = changesTitle(r)
	v.rows = make([]changeRow, len(r.Changes))
	keys := make([]string, len(r.Changes))
	widths := [5]int{}
	for i, c := range r.Changes {
		row := changeRow{kind: string(c.Kind), item: c.Item, name: sanitize(displayName(c.Name, c.ID)),
			funnel: sanitize(c.Funnel), fields: changeFieldsText(c)}
		switch c.Kind {
		case index.Added:
			row.mark = rowNew
		case index.Changed:
			row.mark = rowChanged
		}
		if c.Item == "funnel" || c.Item == "folder" {
			row.funnel = ""
		}
		v.rows[i] = row
		keys[i] = strings.ToLower(row.kind + " " + row.item + " " + row.name + " " + row.funnel + " " + row.fields)
		for j, s := range []string{row.kind, row.item, row.name, row.funnel, row.fields} {
			widths[j] = max(widths[j], len(s))
		}
	}
	v.cols = []column{
		{natural: widths[0], min: 7},
		{natural: widths[1], min: 4},
		{natural: min(widths[2], 40), min: 10},
		{natural: min(widths[3], 30), min: 8, optional: true, rank: 1},
		{natural: widths[4], min: 12, fill: true},
	}
	v.setKeys(keys)
}

// changesTitle is the title's context of a report and what its list says when empty.
func changesTitle(r index.Report) (info, empty string) {
	const stamp = "Jan 2 15:04"
	switch {
	case !r.Found:
		return "", "No crawl has read the location whole yet: ':' → Index the location, and again later; each crawl is compared with the one before"
	case r.Baseline && len(r.Changes) == 0:
		return "first crawl", "The last crawl (" + r.At.Local().Format(stamp) + ") is the first: later crawls are compared with it"
	}
	info = "crawl of " + r.At.Local().Format(stamp)
	if !r.Prev.IsZero() {
		info += " since " + r.Prev.Local().Format(stamp)
	}
	return info, "Nothing changed between the last two crawls"
}

// changeFieldsText is each changed field "name old → new", or an added or removed
// item's path.
func changeFieldsText(c index.Change) string {
	var parts []string
	for _, f := range c.Fields {
		switch {
		case c.Kind == index.Changed:
			parts = append(parts, f.Field+" "+orNone(sanitize(f.Old))+" → "+orNone(sanitize(f.New)))
		case f.Field == "path":
			parts = append(parts, sanitize(f.Old+f.New))
		}
	}
	return strings.Join(parts, "; ")
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func (v *changesView) key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	return v.listKey(msg, func() tea.Cmd { return v.reload(h) }, func() tea.Cmd { return v.goToSelected(h) })
}

// goToSelected finds where the selected change's item sits now, in a command.
func (v *changesView) goToSelected(h host) tea.Cmd {
	i := v.list.Selected()
	if i < 0 || i >= len(v.changes) {
		return nil
	}
	c := v.changes[i]
	if c.Kind == index.Removed {
		h.setWarn(c.Item + " " + v.rows[i].name + " was removed: there is nothing to go to")
		return nil
	}
	return locateChange(v.sh.ctx, v.store, v, c, v.rows[i].name)
}

// locateChange reads where c's item sits now.
func locateChange(ctx context.Context, store *index.Store, v *changesView, c index.Change, name string) tea.Cmd {
	return func() tea.Msg {
		place, err := store.Locate(ctx, c)
		return changeTargetMsg{view: v, name: c.Item + " " + name, place: place, err: err}
	}
}

func (v *changesView) view() []string {
	w, h := v.width, v.height
	body := v.renderBody(w-2, h-2, v.status, v.err, "changes", v.empty, v.cols, v.row, true)
	pv := paneView{title: "Changes", info: v.info, body: body, pos: v.position()}
	return v.drawn.draw(v.sh, w, h, true, pv, v.filterView())
}

func (v *changesView) row(i, width int, selected, focused bool, widths []int) string {
	r := &v.rows[i]
	st := &v.sh.styles
	name := st.Row
	if r.mark == rowPlain {
		name = st.Archived
	}
	return markedRow(st, width, selected, focused, widths, []cell{
		{text: r.kind, style: st.RowMuted},
		{text: r.item, style: st.Badge},
		{text: r.name, style: name},
		{text: r.funnel, style: st.RowMuted},
		{text: r.fields, style: st.RowFaint},
	}, r.mark)
}

func (v *changesView) keys() []key.Binding { return v.listKeys("go to") }

func (v *changesView) copyTarget(bool) (what, text, problem string) {
	i := v.list.Selected()
	if i < 0 || i >= len(v.changes) {
		return "", "", "no change selected"
	}
	return "id", v.changes[i].ID, ""
}

// changesMsg is what the last crawl changed, read from the index.
type changesMsg struct {
	store  *index.Store // the index it was read from: another account's answer is dropped
	report index.Report
	err    error
	view   *changesView // the Changes view that asked for it; nil: the marks only
}

// changesMsg is an index message (the root keeps the rows' marks from it) and, when a
// Changes view asked, that view's list.
func (changesMsg) isCacheMsg() {}
func (changesMsg) forBody()    {}
func (m changesMsg) to() body  { return m.view }

// readChanges reads the changes of the newest crawl.
func readChanges(ctx context.Context, store *index.Store, view *changesView) tea.Cmd {
	return func() tea.Msg {
		r, err := store.Changes(ctx, index.Since{})
		return changesMsg{store: store, report: r, err: err, view: view}
	}
}
