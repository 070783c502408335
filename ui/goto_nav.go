package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// Going to an item of "go to anything": the first pane opens the folder that holds it
// (painted from the index at once, read again from the server), the funnel is
// selected, then its step, then its page, and the focus goes to the pane of what was
// asked for. A redirect opens the Redirects view on it; a domain goes to the first
// funnel that uses it, or to its redirects.

// goTo opens it in the panes.
func (m *Model) goTo(set *gotoSet, it index.Item) tea.Cmd {
	m.closeDetail()
	switch it.Kind {
	case index.KindRedirect:
		return m.goToRedirect(it.ID, "")
	case index.KindDomain:
		if f := firstFunnelOn(set, it.Domain); f != nil {
			it = *f
		} else {
			return m.goToRedirect("", it.Domain)
		}
	}
	m.closeBodies(func(b body) bool { return b == body(m.redirects) })
	folderID := it.FolderID
	if it.Kind == index.KindFolder {
		folderID = it.ID
	}
	cmd := m.openFolderPath(set.crumbs(folderID), pick(it.Kind == index.KindFolder, "", it.FunnelID))
	switch it.Kind {
	case index.KindFolder, index.KindFunnel:
		m.setFocus(paneEntities)
	case index.KindStep:
		m.steps.pending = stepKey{funnelID: it.FunnelID, stepID: it.StepID}
		m.setFocus(paneSteps)
	case index.KindPage:
		m.steps.pending = stepKey{funnelID: it.FunnelID, stepID: it.StepID}
		key := stepKey{funnelID: it.FunnelID, stepID: it.StepID}
		ps := m.pages.cache[key]
		if ps == nil {
			ps = &pagesState{}
			m.pages.cache[key] = ps
		}
		ps.cursorID = it.ID
		if m.pages.key == key {
			m.pages.showRows(it.ID)
		}
		m.setFocus(panePages)
	}
	m.steps.selectPending()
	m.status.setInfo("went to " + it.Kind.String() + " " + it.Name)
	return cmd
}

// openFolderPath shows the folder at the end of path in the first pane with the row
// selectID selected (now, or when its rows come), loading it if it is not known yet.
func (m *Model) openFolderPath(path []crumb, selectID string) tea.Cmd {
	p := m.entities
	p.leave()
	p.path = path
	p.clearFilter()
	fs := p.current()
	if selectID != "" {
		p.pending[p.folderID()] = selectID
		fs.cursorID = selectID
	}
	p.showCurrent(pick(selectID != "", selectID, fs.cursorID))
	if len(fs.rows) > 0 && selectID != "" {
		for i := range fs.rows {
			if fs.rows[i].id == selectID {
				delete(p.pending, p.folderID()) // selected now; nothing to wait for
				break
			}
		}
	}
	if !fs.loaded && fs.seq == 0 {
		return m.loadFolder()
	}
	return nil
}

// goToRedirect opens the Redirects view on a redirect (or filtered to a domain).
func (m *Model) goToRedirect(id, domain string) tea.Cmd {
	cmd := m.openRedirects()
	m.redirects.goTo(id, domain)
	return cmd
}

// crumbs is the path of folders from the root to folderID, by the index's folders (a
// folder whose parent is not known sits at the root).
func (s *gotoSet) crumbs(folderID string) []crumb {
	if s.folders == nil && s.cat != nil && folderID != "" {
		s.folders = catalogFolders(s.cat)
	}
	path := []crumb{{id: "", name: "Root"}}
	var chain []crumb
	for id, depth := folderID, 0; id != "" && depth < 32; depth++ {
		f, ok := s.folders[id]
		name := id
		if ok {
			name = f.name
		}
		chain = append(chain, crumb{id: id, name: name})
		if !ok || f.parent == id {
			break
		}
		id = f.parent
	}
	for i := len(chain) - 1; i >= 0; i-- {
		path = append(path, chain[i])
	}
	return path
}

// firstFunnelOn is the first funnel of set that uses domain, or nil. Each funnel's
// domain is read alone: the items of a million-item set are not made to find one.
func firstFunnelOn(set *gotoSet, domain string) *index.Item {
	for i := range set.len() {
		if set.kind(i) == index.KindFunnel && strings.EqualFold(client.Host(set.src.Domain(i)), domain) {
			it := set.item(i)
			return &it
		}
	}
	return nil
}
