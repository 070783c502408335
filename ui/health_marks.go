package ui

import (
	"github.com/funnelsdev/funnels/client/check"
)

// What the last check found, in the browser: every row of a step or redirect it found
// broken carries ✗ in its marker's first cell, one worth a look ⚠ — a funnel takes
// the worst of its steps', and a domain's failure marks what it takes down with it —
// where the last crawl's + and • would be (a check says more). The check is read from
// beside the index in a command — at start, after each crawl, after the Health view
// runs one (indexing.go, health.go) — into one map by id, so a row's mark is one
// lookup as it is drawn.

// setHealthMarks marks the rows of what findings are about, and draws the panes'
// rows again.
func (b *browser) setHealthMarks(findings []check.Finding) {
	marks := make(map[string]rowMark, len(findings))
	put := func(id string, m rowMark) {
		if id != "" && m > marks[id] {
			marks[id] = m
		}
	}
	for _, f := range findings {
		m := pick(f.Severity == check.Error, rowBroken, rowWarning)
		for _, s := range append([]check.Subject{f.Subject}, f.Affects...) {
			switch s.Type {
			case check.SubjectStep:
				put(s.ID, m)
				put(s.FunnelID, m)
			case check.SubjectRedirect:
				put(s.ID, m)
			}
		}
	}
	b.sh.health = marks
	for _, p := range []*paneBase{&b.entities.paneBase, &b.steps.paneBase, &b.pages.paneBase} {
		p.rows.reset()
	}
}
