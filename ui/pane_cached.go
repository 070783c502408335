package ui

import "time"

// Rows painted from the local index while the server is asked again (cache.go). They
// show like rows read now; the status bar says they are cached and how old they are,
// and the server's answer replaces them in place, keeping the cursor on the same item
// and the filter as typed.

// applyCached paints a folder from the index, unless the server's rows are there
// already. A server that refused to list it first leaves the cached rows to show, as
// stale.
func (p *entitiesPane) applyCached(msg cachedFolderMsg) bool {
	fs := p.folders[msg.folderID]
	if fs == nil || fs.loaded || len(fs.rows) > 0 {
		return false
	}
	fs.rows, fs.cachedAt = msg.rows, msg.at
	if msg.folderID == p.folderID() {
		keep := p.pending[msg.folderID] // a funnel gone to: the live answer selects it too
		if keep == "" {
			if r := p.selected(); r != nil {
				keep = r.id
			} else {
				keep = fs.cursorID
			}
		}
		p.showCurrent(keep)
	}
	return true
}

// cachedState is when the rows of the current folder were fetched, when they come
// from the index, and whether the server has since refused to list it again.
func (p *entitiesPane) cachedState() (at time.Time, stale bool) {
	fs := p.current()
	return fs.cachedAt, !fs.cachedAt.IsZero() && fs.state == stateFailed
}

// applyCached paints a step's pages from the index, unless the server's are there.
func (p *pagesPane) applyCached(msg cachedPagesMsg) bool {
	ps := p.cache[msg.key]
	if ps == nil || ps.loaded || len(ps.rows) > 0 || msg.key != p.key {
		return false
	}
	ps.rows, ps.cachedAt = msg.rows, msg.at
	keep := ps.cursorID
	if r := p.selected(); r != nil {
		keep = r.id
	}
	p.showRows(keep)
	return true
}
