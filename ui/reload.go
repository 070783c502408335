package ui

import tea "charm.land/bubbletea/v2"

// What the browser reads again: a folder when asked (r, or one opened not yet read),
// and what an answer changed (effect.go) — a folder or step made, a folder's listing
// or a page changed — which the root hands it (changed).

// loadFolder asks for the current folder's contents, painting what the local index
// has of it while the server is asked.
func (b *browser) loadFolder() tea.Cmd {
	if b.client == nil {
		return nil
	}
	seq := b.sh.next()
	cached := b.cachedFolder(b.entities.folderID(), seq)
	ctx := b.entities.load(seq)
	return tea.Batch(loadEntities(ctx, b.client, b.entities.folderID(), seq), cached)
}

// pageChanged forgets the page's record and reads its funnel again, then the step's
// pages (reloadPagesNow, once the funnel is in).
func (b *browser) pageChanged(e pageChanged) tea.Cmd {
	delete(b.pageDocs, e.pageID)
	b.reloadPages = e.step
	if ps := b.pages.cache[e.step]; ps != nil {
		ps.loaded = false
	}
	if e.folderID == b.entities.folderID() {
		return b.loadFolder()
	}
	b.reloadFolder(e.folderID)
	return b.reloadPagesNow()
}

// reloadFolder reads a folder again: at once when it is the one shown, the next time
// it is opened otherwise.
func (b *browser) reloadFolder(id string) tea.Cmd {
	if id == b.entities.folderID() {
		return b.loadFolder()
	}
	if fs := b.entities.folders[id]; fs != nil {
		fs.loaded = false
	}
	return nil
}

// reloadPagesNow reads the pages of the step waited for again (after its funnel was
// read again, so the pages see the step's new page list and split).
func (b *browser) reloadPagesNow() tea.Cmd {
	key := b.reloadPages
	b.reloadPages = stepKey{}
	if ps := b.pages.cache[key]; ps != nil {
		ps.loaded = false
	}
	if key != b.pages.key || b.client == nil {
		return nil
	}
	seq := b.sh.next()
	return loadPages(b.pages.load(seq), b.client, key, b.pages.step, seq)
}
