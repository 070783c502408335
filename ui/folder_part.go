package ui

import tea "charm.land/bubbletea/v2"

// A folder's first rows, shown while the rest of its answer is read: a root of ten
// thousand funnels is one answer of tens of megabytes, and the first screen needs
// forty rows of it. The rows stand until the whole listing replaces them, keeping the
// cursor on the same item; rows already on screen (the index's, or an earlier
// listing's) are whole and stay until then instead. Nothing of a part is written into
// the index, and a folder's step widths are measured once its rows are whole.

// folderPartMsg is the first rows of a folder's answer, read while the rest is on its
// way; next waits for what follows.
type folderPartMsg struct {
	folderID string
	seq      uint64
	rows     []entityRow
	next     tea.Cmd
}

func (folderPartMsg) forBody() {}

// applyPart shows a folder's first rows when it has none to show; it reports whether
// the folder still waits for that read (and so for what follows).
func (p *entitiesPane) applyPart(msg folderPartMsg) bool {
	fs := p.folders[msg.folderID]
	if fs == nil || fs.seq != msg.seq || msg.seq == 0 {
		return false
	}
	if len(fs.rows) > 0 && !fs.partial {
		return true
	}
	fs.setRows(msg.rows)
	fs.partial = true
	if msg.folderID == p.folderID() {
		keep := p.pending[msg.folderID]
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
