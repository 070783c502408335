package ui

import (
	tea "charm.land/bubbletea/v2"
)

// Moving through the tree: into folders, funnels, steps and pages, and back out.

// open goes one level deeper: into a folder, from a funnel to its steps, from a step
// to its pages, from a page to its detail.
func (b *browser) open(h bodyHost) tea.Cmd {
	switch b.focus {
	case paneEntities:
		r := b.entities.selected()
		if r == nil {
			return nil
		}
		if r.folder {
			if b.entities.enter(*r) {
				return b.loadFolder()
			}
			return nil
		}
		b.setFocus(paneSteps)
	case paneSteps:
		if b.steps.selected() != nil {
			b.setFocus(panePages)
		}
	case panePages:
		return b.openDetail(h)
	}
	return nil
}

// openDetail shows the selected page with every field of its record.
func (b *browser) openDetail(h bodyHost) tea.Cmd {
	pg := b.pages.selected()
	if pg == nil {
		return nil
	}
	h.closeBodies(isDetail)
	if doc := b.pageDocs[pg.id]; doc != nil {
		d := newDetailView(b.sh, b.pages.key.funnelID, *pg, b.pages.step, 0, b.pageDocs)
		d.state, d.page = stateReady, doc
		h.push(d)
		return nil
	}
	seq := b.sh.next()
	d := newDetailView(b.sh, b.pages.key.funnelID, *pg, b.pages.step, seq, b.pageDocs)
	h.push(d)
	return loadPage(d.req.context(), b.client, d.funnelID, pg.id, seq)
}

// back goes one level up: a kept filter is cleared first, then the focus moves left,
// and in the first pane the parent folder opens.
func (b *browser) back() tea.Cmd {
	if p := b.focused(); p.list.Filtering() {
		p.clearFilter()
		return nil
	}
	switch b.focus {
	case panePages, paneSteps:
		b.setFocus(b.focus - 1)
	case paneEntities:
		if _, needsLoad := b.entities.up(); needsLoad {
			return b.loadFolder()
		}
	}
	return nil
}

// goRoot shows the root folder in the first pane.
func (b *browser) goRoot() tea.Cmd {
	b.setFocus(paneEntities)
	needsLoad := false
	for len(b.entities.path) > 1 {
		_, needsLoad = b.entities.up()
	}
	if needsLoad {
		return b.loadFolder()
	}
	return nil
}

// showNewFolder reads the root again and selects the folder made there.
func (b *browser) showNewFolder(id string) tea.Cmd {
	b.goRoot()
	if id != "" {
		b.entities.pending[""] = id
	}
	return b.loadFolder()
}
