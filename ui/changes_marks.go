package ui

import (
	"github.com/funnelsdev/funnels/client/index"
)

// What the last crawl changed, in the browser: every row of a folder, funnel, step or
// page the last whole crawl found new or changed since the crawl before it carries a
// glyph in its marker's first cell (+ new, • changed; a funnel whose steps or pages
// changed counts as changed), and the palette's "Changes since last crawl" lists
// every change (changes_view.go). The changes are read from the index in a command —
// at start, after each crawl, and when the view opens (indexing.go) — into one map by
// id, so a row's mark is one lookup as it is drawn.

// setMarks marks the rows of what changes added or changed, and draws the panes'
// rows again.
func (b *browser) setMarks(changes []index.Change) {
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
	b.sh.changed = marks
	for _, p := range []*paneBase{&b.entities.paneBase, &b.steps.paneBase, &b.pages.paneBase} {
		p.rows.reset()
	}
}
