package ui

import (
	"context"
	"errors"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/index"
)

// The root's side of the local index (cache.go): what the index says of itself at
// start and of each write, the crawl (started by itself, from the palette or by go to
// anything on an index never built; its progress and end on the status bar), the
// rows' marks of what the last crawl changed, the index of the account switched to,
// and going to where a change's item sits now.

// cacheUpdate handles a message of the index.
func (m *Model) cacheUpdate(msg cacheMsg) tea.Cmd {
	switch msg := msg.(type) {
	case indexSavedMsg:
		m.indexNotice(msg.notice)
		if msg.err != nil && !errors.Is(msg.err, context.Canceled) && !errors.Is(msg.err, index.ErrLocked) && !m.idx.said {
			m.idx.said = true
			m.status.setWarn("the local index could not be written: " + sanitize(msg.err.Error()))
		}
	case indexStateMsg:
		m.indexNotice(msg.notice)
		if msg.err != nil {
			return nil
		}
		m.idx.built, m.idx.checked = msg.state.Crawled, true
		if why := autoCrawl(msg.state, m.sh.now()); why != "" && m.opts.AutoIndex {
			return tea.Batch(m.readMarks(), m.startCrawl(why))
		}
		return m.readMarks()
	case gotoItemsMsg:
		return m.applyGotoItems(msg)
	case crawlProgressMsg:
		if m.idx == nil || msg.run != m.idx.crawl {
			return nil
		}
		msg.run.last = msg.p
		m.status.indexing = indexingText(msg.p)
		return msg.run.wait()
	case crawlDoneMsg:
		return m.crawlDone(msg)
	case changesMsg:
		// What the last crawl changed marks the rows; the list is the Changes view's,
		// when one asked. Another account's answer is dropped.
		if m.idx == nil || msg.store != m.idx.store {
			return nil
		}
		if msg.err == nil {
			m.browser.setMarks(msg.report.Changes)
		}
		return m.toBodies(msg)
	case healthMsg:
		// What the last check found marks the rows, the Redirects view's too; the list
		// is the Health view's, when one asked. Another account's answer is dropped.
		if m.idx == nil || msg.store != m.idx.store {
			return nil
		}
		if msg.of.err == nil {
			m.browser.setHealthMarks(msg.of.findings)
			if m.redirects != nil {
				m.redirects.paneBase.rows.reset()
			}
		}
		return m.toBodies(msg)
	case healthTargetMsg:
		return m.goToFinding(msg)
	case changeTargetMsg:
		return m.goToChange(msg)
	}
	return nil
}

// indexNotice shows, once, that the index file was damaged and is being rebuilt.
func (m *Model) indexNotice(n string) {
	if n != "" {
		m.status.setNotice(sanitize(n))
	}
}

// useIndex makes store the index of the account switched to (nil: none): a crawl of
// the old one stops (what it read is kept), and nothing of the old location is
// painted or searched in the new one.
func (m *Model) useIndex(store *index.Store) tea.Cmd {
	if m.idx != nil && m.idx.crawl != nil {
		m.idx.crawl.cancel()
	}
	m.status.cache, m.status.indexing = "", ""
	m.sh.changed, m.sh.health = nil, nil // the marks were the old location's
	if store == nil {
		m.idx = nil
		return nil
	}
	m.idx = newIndexState(store)
	if m.client == nil {
		return nil
	}
	return readIndexState(m.sh.ctx, store)
}

// crawlDone takes the end of a crawl: the status bar says how it went, and "go to
// anything" reads the index again.
func (m *Model) crawlDone(msg crawlDoneMsg) tea.Cmd {
	if m.idx == nil || msg.run != m.idx.crawl {
		return nil
	}
	m.idx.crawl, m.status.indexing = nil, ""
	m.idx.result = msg.p
	// A crawl is background work: how it ended goes on the right of the bar, and the
	// message line stays the user's.
	switch {
	case msg.err == nil:
		m.idx.built = m.sh.now()
		if msg.run.manual { // a crawl by itself ends quietly: the message line stays the user's
			m.status.setInfo("indexed " + strconv.Itoa(msg.p.Items()) + " items with " + strconv.Itoa(msg.p.Requests) +
				" requests — ctrl+p goes to any of them")
		}
	case errors.Is(msg.err, context.Canceled):
		m.status.indexing = "index stopped part way"
	case errors.Is(msg.err, index.ErrCrawlIncomplete):
		m.status.indexing = "index incomplete" + crawlStatus(msg.err)
	default:
		if lostAccess(msg.err) {
			m.idx.lost = msg.err
		}
		m.status.indexing = "index failed" + crawlStatus(msg.err)
	}
	if n := m.idx.store.Notice(); n != "" {
		m.indexNotice(n)
	}
	m.idx.set = nil // read again, with what the crawl found
	// What a whole crawl found changed marks the rows.
	marks := pick(msg.err == nil, m.readMarks(), nil)
	if g, ok := m.overlay.(*gotoOverlay); ok {
		return tea.Batch(marks, m.loadGoto(g))
	}
	return marks
}

// readMarks reads the changes and the last check for the rows' marks; nil without an
// index.
func (m *Model) readMarks() tea.Cmd {
	if m.idx == nil || m.client == nil {
		return nil
	}
	return tea.Batch(readChanges(m.sh.ctx, m.idx.store, nil), readHealth(m.idx.store, m.shownAccount(), nil))
}

// goToChange opens the item of a change in the panes, closing the Changes view.
func (m *Model) goToChange(msg changeTargetMsg) tea.Cmd {
	if !m.onTop(msg.view) {
		return nil
	}
	if msg.err == nil && msg.place.Found {
		m.closeBodies(func(b body) bool { return b == body(msg.view) })
	}
	return m.goToPlace(msg.name, msg.place, msg.err)
}

// goToPlace opens the item of place (what the index says of where it sits now) in
// the panes; name says it when it cannot be.
func (m *Model) goToPlace(name string, place index.Located, err error) tea.Cmd {
	switch {
	case err != nil:
		m.status.setWarn("could not read the local index: " + sanitize(err.Error()))
		return nil
	case !place.Found:
		m.status.setWarn(name + " is no longer in the index: gone since the crawl")
		return nil
	}
	set := &gotoSet{folders: make(map[string]gotoFolder, len(place.Folders))}
	for _, f := range place.Folders {
		set.folders[f.ID] = gotoFolder{name: sanitize(displayName(f.Name, f.ID)), parent: f.ParentID}
	}
	it := place.Item
	it.Name = sanitize(it.Name)
	return m.goTo(set, it)
}
