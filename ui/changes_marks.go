package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/index"
)

// What the last crawl changed, in the browser: every row of a folder, funnel, step or
// page the last whole crawl found new or changed since the crawl before it carries a
// glyph in its marker's first cell (+ new, • changed; a funnel whose steps or pages
// changed counts as changed), and the palette's "Changes
// since last crawl" lists every change (changes_view.go). The changes are read from
// the index in a command — at start, after each crawl, and when the view opens — into
// one map by id, so a row's mark is one lookup as it is drawn.

// changesMsg is what the last crawl changed, read from the index.
type changesMsg struct {
	store  *index.Store // the index it was read from: another account's answer is dropped
	report index.Report
	err    error
	view   *changesView // the Changes view that asked for it; nil: the marks only
}

func (changesMsg) isCacheMsg() {}

// readChanges reads the changes of the newest crawl.
func readChanges(ctx context.Context, store *index.Store, view *changesView) tea.Cmd {
	return func() tea.Msg {
		r, err := store.Changes(ctx, index.Since{})
		return changesMsg{store: store, report: r, err: err, view: view}
	}
}

// readMarks reads the changes for the rows' marks; nil without an index.
func (m *Model) readMarks() tea.Cmd {
	if m.idx == nil {
		return nil
	}
	return readChanges(m.sh.ctx, m.idx.store, nil)
}

// applyChanges takes the changes read: the rows' marks, and the view's list.
func (m *Model) applyChanges(msg changesMsg) {
	if m.idx == nil || msg.store != m.idx.store {
		return
	}
	if msg.err == nil {
		m.setMarks(msg.report.Changes)
	}
	if msg.view != nil {
		msg.view.fill(msg)
	}
}

// setMarks marks the rows of what changes added or changed, and draws the panes'
// rows again.
func (m *Model) setMarks(changes []index.Change) {
	marks := make(map[string]rowMark, len(changes))
	for _, c := range changes {
		switch c.Kind {
		case index.Added:
			marks[c.ID] = rowNew
		case index.Changed:
			marks[c.ID] = rowChanged
		}
	}
	// A funnel whose steps or pages changed is marked changed too, so a change deep
	// inside shows from the folder that holds the funnel.
	for _, c := range changes {
		if (c.Item == "step" || c.Item == "page") && marks[c.FunnelID] == rowPlain {
			marks[c.FunnelID] = rowChanged
		}
	}
	m.sh.changed = marks
	for _, p := range []*paneBase{&m.entities.paneBase, &m.steps.paneBase, &m.pages.paneBase} {
		p.rows.reset()
	}
}
