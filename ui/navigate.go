package ui

import (
	tea "charm.land/bubbletea/v2"
)

// Moving through the tree: into folders, funnels, steps and pages, and back out.

func (m *Model) open() tea.Cmd {
	switch m.focus {
	case paneEntities:
		r := m.entities.selected()
		if r == nil {
			return nil
		}
		if r.folder {
			if m.entities.enter(*r) {
				return m.loadFolder()
			}
			return nil
		}
		m.setFocus(paneSteps)
	case paneSteps:
		if m.steps.selected() != nil {
			m.setFocus(panePages)
		}
	case panePages:
		return m.openDetail()
	}
	return nil
}

// openDetail shows the selected page with every field of its record.
func (m *Model) openDetail() tea.Cmd {
	pg := m.pages.selected()
	if pg == nil {
		return nil
	}
	m.closeDetail()
	if doc := m.pageDocs[pg.id]; doc != nil {
		d := newDetailView(m.sh, m.pages.key.funnelID, *pg, m.pages.step, 0)
		d.state, d.page = stateReady, doc
		m.push(d)
		return nil
	}
	seq := m.next()
	d := newDetailView(m.sh, m.pages.key.funnelID, *pg, m.pages.step, seq)
	m.push(d)
	return loadPage(d.req.context(), m.client, d.funnelID, pg.id, seq)
}

// closeDetail closes the page detail and calls off the read of its record.
func (m *Model) closeDetail() {
	m.closeBodies(func(b body) bool { _, ok := b.(*detailView); return ok })
}

// pageRead gives a page's record to the detail that asked for it, and keeps it.
func (m *Model) pageRead(msg pageMsg) {
	for _, b := range m.bodies {
		if d, ok := b.(*detailView); ok && d.apply(msg) {
			if msg.err != nil {
				m.status.setErr(msg.err)
			} else {
				m.pageDocs[msg.pageID] = msg.detail
			}
			return
		}
	}
}

// back goes one level up: a kept filter is cleared first, then the focus moves left,
// and in the first pane the parent folder opens.
func (m *Model) back() tea.Cmd {
	if p := m.focused(); p.list.Filtering() {
		p.clearFilter()
		return nil
	}
	switch m.focus {
	case panePages, paneSteps:
		m.setFocus(m.focus - 1)
	case paneEntities:
		if _, needsLoad := m.entities.up(); needsLoad {
			return m.loadFolder()
		}
	}
	return nil
}

// goRoot shows the root folder in the first pane.
func (m *Model) goRoot() tea.Cmd {
	m.closeDetail()
	m.setFocus(paneEntities)
	needsLoad := false
	for len(m.entities.path) > 1 {
		_, needsLoad = m.entities.up()
	}
	if needsLoad {
		return m.loadFolder()
	}
	return nil
}

// startFilter opens the focused pane's filter input, when the panes have the screen.
func (m *Model) startFilter() tea.Cmd {
	if !m.onTop(m.bodies[0]) {
		return nil
	}
	return m.focused().startFilter()
}

// openPalette shows every action by name.
func (m *Model) openPalette() tea.Cmd {
	m.overlay = newPalette(m.sh, m.paletteEntries(), func(a paletteEntry) tea.Cmd { return a.run(m) })
	return nil
}
