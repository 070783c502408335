package ui

import (
	"context"
	"errors"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// The local index in the browser (Options.Index): a folder or a step's pages are
// painted from it at once while the server is asked again, what the server answers is
// written back into it, "go to anything" searches it (goto.go), and a crawl fills it
// (crawl.go). Every read and write is a command: nothing in Update touches the disk.

// indexState is what the browser keeps of the local index.
type indexState struct {
	store   *index.Store
	crawl   *crawlRun      // the crawl under way; nil when none
	set     *gotoSet       // the items of "go to anything", once read
	loading uint64         // the read of the items under way; 0 = none
	built   time.Time      // when the last crawl read the location whole (zero: never)
	lost    error          // the location or the token was refused outright: everything kept is stale
	said    bool           // a failure to write the index was told once
	result  index.Progress // the last crawl's end, for the status bar
	checked bool           // built was read from the index
}

// cacheMsg is a message of the index: cachedFolderMsg, cachedPagesMsg, indexSavedMsg,
// indexStateMsg, gotoItemsMsg, crawlProgressMsg and crawlDoneMsg.
type cacheMsg interface{ isCacheMsg() }

// cachedFolderMsg is a folder as the index last saw it.
type cachedFolderMsg struct {
	folderID string
	seq      uint64 // the live load it stands in for
	rows     []entityRow
	at       time.Time
}

// cachedPagesMsg is a step's pages as the index last saw them.
type cachedPagesMsg struct {
	key  stepKey
	seq  uint64
	rows []pageRow
	at   time.Time
}

// indexSavedMsg says how a write into the index went.
type indexSavedMsg struct {
	err    error
	notice string // the file was damaged and is being rebuilt
}

// indexStateMsg is what the index says of itself at start.
type indexStateMsg struct {
	state  index.State
	err    error
	notice string
}

func (cachedFolderMsg) isCacheMsg() {}
func (cachedPagesMsg) isCacheMsg()  {}
func (indexSavedMsg) isCacheMsg()   {}
func (indexStateMsg) isCacheMsg()   {}

// cacheUpdate handles a message of the index.
func (m *Model) cacheUpdate(msg cacheMsg) tea.Cmd {
	switch msg := msg.(type) {
	case cachedFolderMsg:
		m.entities.applyCached(msg)
	case cachedPagesMsg:
		m.pages.applyCached(msg)
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
		return m.crawlProgress(msg)
	case crawlDoneMsg:
		return m.crawlDone(msg)
	case changesMsg:
		m.applyChanges(msg)
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

// indexAge is how old an index may grow before the browser reads the location again
// by itself.
const indexAge = 24 * time.Hour

// autoCrawl says why the browser should crawl by itself ("" when it should not): the
// index was never built, a crawl was left part way, or the last one is old.
func autoCrawl(st index.State, now time.Time) string {
	switch {
	case st.Unfinished:
		return "resuming the index"
	case st.Crawled.IsZero():
		return "building the index"
	case now.Sub(st.Crawled) > indexAge:
		return "refreshing the index"
	}
	return ""
}

// readIndexState asks the index about itself (Init).
func readIndexState(ctx context.Context, store *index.Store) tea.Cmd {
	return func() tea.Msg {
		st, err := store.State(ctx)
		return indexStateMsg{state: st, err: err, notice: store.Notice()}
	}
}

// cachedFolder reads what the index knows of a folder, to paint while the server is
// asked (nil without an index, or when the folder's rows are shown already).
func (m *Model) cachedFolder(folderID string, seq uint64) tea.Cmd {
	if m.idx == nil {
		return nil
	}
	if fs := m.entities.folders[folderID]; fs != nil && (fs.loaded || len(fs.rows) > 0) {
		return nil
	}
	store, ctx := m.idx.store, m.sh.ctx
	return func() tea.Msg {
		l, err := store.Listing(ctx, folderID)
		if err != nil || !l.Known {
			return nil
		}
		folders := make([]client.Folder, len(l.Folders))
		for i, f := range l.Folders {
			folders[i] = f.Client()
		}
		funnels := make([]client.Funnel, len(l.Funnels))
		for i, f := range l.Funnels {
			funnels[i] = f.Client()
		}
		return cachedFolderMsg{folderID: folderID, seq: seq, rows: entityRows(folders, funnels), at: l.At}
	}
}

// cachedPages reads what the index knows of a step's pages.
func (m *Model) cachedPages(key stepKey, seq uint64) tea.Cmd {
	if m.idx == nil {
		return nil
	}
	if ps := m.pages.cache[key]; ps != nil && (ps.loaded || len(ps.rows) > 0) {
		return nil
	}
	store, ctx, step := m.idx.store, m.sh.ctx, m.pages.step
	return func() tea.Msg {
		sp, err := store.Pages(ctx, key.funnelID, key.stepID)
		if err != nil || !sp.Known {
			return nil
		}
		pages := make([]client.Page, len(sp.Pages))
		for i, p := range sp.Pages {
			pages[i] = p.Client()
		}
		return cachedPagesMsg{key: key, seq: seq, rows: pageRows(pages, step), at: sp.At}
	}
}

// save writes into the index in a command; nil without an index.
func (m *Model) save(write func(ctx context.Context, s *index.Store) error) tea.Cmd {
	if m.idx == nil {
		return nil
	}
	store, ctx := m.idx.store, m.sh.ctx
	return func() tea.Msg {
		err := write(ctx, store)
		return indexSavedMsg{err: err, notice: store.Notice()}
	}
}

// savedFolder keeps a folder's live answer in the index, and notes whether the
// location itself was refused (what the index holds is then all stale).
func (m *Model) savedFolder(msg entitiesMsg) tea.Cmd {
	if m.idx == nil {
		return nil
	}
	if msg.err != nil && msg.rows == nil {
		if lostAccess(msg.err) {
			m.idx.lost = msg.err
		}
		return nil
	}
	m.idx.lost = nil
	if fs := m.entities.folders[msg.folderID]; fs != nil {
		fs.cachedAt = time.Time{}
	}
	folderID, folders, funnels, grouped, whole := msg.folderID, msg.folders, msg.funnels, msg.note != "", msg.err == nil
	return m.save(func(ctx context.Context, s *index.Store) error {
		return s.SaveListing(ctx, folderID, folders, funnels, grouped, whole)
	})
}

// savedSteps keeps funnels completed with their steps.
func (m *Model) savedSteps(msg folderStepsMsg) tea.Cmd {
	if len(msg.funnels) == 0 {
		return nil
	}
	funnels := msg.funnels
	return m.save(func(ctx context.Context, s *index.Store) error { return s.SaveFunnels(ctx, funnels) })
}

// savedPages keeps a step's pages read whole.
func (m *Model) savedPages(msg pagesMsg) tea.Cmd {
	if ps := m.pages.cache[msg.key]; ps != nil && msg.rows != nil {
		ps.cachedAt = time.Time{}
	}
	if msg.err != nil || msg.pages == nil {
		return nil
	}
	key, pages := msg.key, msg.pages
	return m.save(func(ctx context.Context, s *index.Store) error {
		return s.SavePages(ctx, key.funnelID, key.stepID, pages)
	})
}

// savedRedirects keeps the location's redirects as the Redirects view read them.
func (m *Model) savedRedirects(msg redirectsMsg) tea.Cmd {
	if msg.list == nil {
		return nil
	}
	list, whole := msg.list, msg.err == nil
	return m.save(func(ctx context.Context, s *index.Store) error { return s.SaveRedirects(ctx, list, whole) })
}

// lostAccess reports whether err refuses the location or the token outright (not one
// route): everything the index keeps is then stale.
func lostAccess(err error) bool {
	var api *client.APIError
	if errors.As(err, &api) && api.Refusal != client.NotRefused {
		return false
	}
	return errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrForbidden)
}

// cacheBadge is what the status bar says of the data on screen when some of it comes
// from the index: "cached 5m ago", or "stale · cached 2h ago" once the server refused
// to say again. "" when what is shown is live.
func (m *Model) cacheBadge() string {
	if m.idx == nil {
		return ""
	}
	at, stale := m.entities.cachedState()
	if ps := m.pages.current(); ps != nil && !ps.cachedAt.IsZero() && (at.IsZero() || ps.cachedAt.Before(at)) {
		at = ps.cachedAt
		stale = stale || ps.state == stateFailed
	}
	if at.IsZero() {
		return ""
	}
	text := "cached " + ago(m.sh.now().Sub(at))
	if stale || m.idx.lost != nil {
		return "stale · " + text
	}
	return text
}

// ago says how long ago in a few characters: "just now", "5m ago", "3h ago", "2d ago".
func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + "m ago"
	case d < 48*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + "h ago"
	}
	return strconv.Itoa(int(d/(24*time.Hour))) + "d ago"
}

// useIndex makes store the index of the account switched to (nil: none): a crawl of
// the old one stops (what it read is kept), and nothing of the old location is
// painted or searched in the new one.
func (m *Model) useIndex(store *index.Store) tea.Cmd {
	if m.idx != nil && m.idx.crawl != nil {
		m.idx.crawl.cancel()
	}
	m.status.cache, m.status.indexing = "", ""
	m.sh.changed = nil // the marks were the old location's
	if store == nil {
		m.idx = nil
		return nil
	}
	m.idx = &indexState{store: store}
	if m.client == nil {
		return nil
	}
	return readIndexState(m.sh.ctx, store)
}
