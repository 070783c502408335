package ui

import tea "charm.land/bubbletea/v2"

// What a write that succeeded changes in the browser: the root reads again what it
// made stale, and selects what it made.

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
