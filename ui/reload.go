package ui

import tea "charm.land/bubbletea/v2"

// What an answer changes in the browser (effect.go): the root reads again what a
// write made stale, selects what it made, and keeps the events sent.

// apply makes an answer's effect happen.
func (m *Model) apply(e effect) tea.Cmd {
	switch e := e.(type) {
	case folderMade:
		return m.showNewFolder(e.id)
	case stepMade:
		m.steps.pending = e.step
		m.setFocus(paneSteps)
		return m.reloadFolder(e.folderID)
	case folderChanged:
		return m.reloadFolder(e.folderID)
	case pageChanged:
		return m.pageChanged(e)
	case redirectChanged:
		if m.redirects == nil {
			return nil
		}
		return m.redirects.changed(m, e.made, e.gone)
	case planReady:
		m.push(newPlanView(m.sh, e))
	case eventSent:
		e.entry.at = m.sh.now()
		m.history.add(e.entry)
	}
	return nil
}

// pageChanged forgets the page's record and reads its funnel again, then the step's
// pages (reloadPagesNow, once the funnel is in).
func (m *Model) pageChanged(e pageChanged) tea.Cmd {
	delete(m.pageDocs, e.pageID)
	m.reloadPages = e.step
	if ps := m.pages.cache[e.step]; ps != nil {
		ps.loaded = false
	}
	if e.folderID == m.entities.folderID() {
		return m.loadFolder()
	}
	m.reloadFolder(e.folderID)
	return m.reloadPagesNow()
}

// showNewFolder reads the root again and selects the folder made there.
func (m *Model) showNewFolder(id string) tea.Cmd {
	m.closeDetail()
	m.goRoot()
	if id != "" {
		m.entities.pending[""] = id
	}
	return m.loadFolder()
}

// reloadFolder reads a folder again: at once when it is the one shown, the next time
// it is opened otherwise.
func (m *Model) reloadFolder(id string) tea.Cmd {
	if id == m.entities.folderID() {
		return m.loadFolder()
	}
	if fs := m.entities.folders[id]; fs != nil {
		fs.loaded = false
	}
	return nil
}

// reloadPagesNow reads the pages of the step waited for again (after its funnel was
// read again, so the pages see the step's new page list and split).
func (m *Model) reloadPagesNow() tea.Cmd {
	key := m.reloadPages
	m.reloadPages = stepKey{}
	if ps := m.pages.cache[key]; ps != nil {
		ps.loaded = false
	}
	if key != m.pages.key || m.client == nil {
		return nil
	}
	seq := m.next()
	return loadPages(m.pages.load(seq), m.client, key, m.pages.step, seq)
}
