package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// Rows painted from the local index while the server is asked again (cache.go). They
// show like rows read now; the status bar says they are cached and how old they are,
// and the server's answer replaces them in place, keeping the cursor on the same item
// and the filter as typed. What the server answers is written back into the index,
// in a command.

// applyCached paints a folder from the index, unless the server's rows are there
// already (its first rows alone give way to the index's whole folder). A server that refused to list it first leaves the cached rows to show, as
// stale.
func (p *entitiesPane) applyCached(msg cachedFolderMsg) bool {
	fs := p.folders[msg.folderID]
	if fs == nil || fs.loaded || len(fs.rows) > 0 && !fs.partial {
		return false
	}
	fs.setRows(msg.rows)
	fs.cachedAt = msg.at
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

func (cachedFolderMsg) forBody() {}
func (cachedPagesMsg) forBody()  {}

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

// cachedFolder reads what the index knows of a folder, to paint while the server is
// asked (nil without an index, or when the folder's rows are shown already).
func (b *browser) cachedFolder(folderID string, seq uint64) tea.Cmd {
	if b.idx == nil {
		return nil
	}
	if fs := b.entities.folders[folderID]; fs != nil && (fs.loaded || len(fs.rows) > 0) {
		return nil
	}
	store, ctx := b.idx.store, b.sh.ctx
	return func() tea.Msg {
		l, err := store.Listing(ctx, folderID)
		if err != nil || !l.Known {
			return nil
		}
		return cachedFolderMsg{folderID: folderID, seq: seq, rows: keptRows(l), at: l.At}
	}
}

// keptRows are the rows of a folder as the index keeps it: its funnels' steps stay
// in the index's records until a funnel is shown.
func keptRows(l index.Listing) []entityRow {
	folders := make([]client.Folder, len(l.Folders))
	for i, f := range l.Folders {
		folders[i] = f.Client()
	}
	rows := folderEntities(make([]entityRow, 0, len(folders)+len(l.Funnels)), folders)
	var notes stepNotes
	for i := range l.Funnels {
		f := &l.Funnels[i]
		rows = append(rows, funnelEntity(f.ID, f.Name, f.Type, f.DomainName, f.StepsKnown, funnelRec{kept: f}, &notes))
	}
	return rows
}

// cachedPages reads what the index knows of a step's pages.
func (b *browser) cachedPages(key stepKey, seq uint64) tea.Cmd {
	if b.idx == nil {
		return nil
	}
	if ps := b.pages.cache[key]; ps != nil && (ps.loaded || len(ps.rows) > 0) {
		return nil
	}
	store, ctx, step := b.idx.store, b.sh.ctx, b.pages.step
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

// savedFolder keeps a folder's live answer in the index, and notes whether the
// location itself was refused (what the index holds is then all stale).
func (b *browser) savedFolder(msg entitiesMsg) tea.Cmd {
	if b.idx == nil {
		return nil
	}
	if msg.err != nil && msg.rows == nil {
		if lostAccess(msg.err) {
			b.idx.lost = msg.err
		}
		return nil
	}
	b.idx.lost = nil
	if fs := b.entities.folders[msg.folderID]; fs != nil {
		fs.cachedAt = time.Time{}
	}
	folderID, folders, funnels, grouped, whole := msg.folderID, msg.folders, msg.funnels, msg.note != "", msg.err == nil
	return b.idx.save(b.sh.ctx, func(ctx context.Context, s *index.Store) error {
		return s.SaveListing(ctx, folderID, folders, funnels, grouped, whole)
	})
}

// savedSteps keeps funnels completed with their steps.
func (b *browser) savedSteps(msg folderStepsMsg) tea.Cmd {
	if len(msg.funnels) == 0 {
		return nil
	}
	funnels := msg.funnels
	return b.idx.save(b.sh.ctx, func(ctx context.Context, s *index.Store) error { return s.SaveFunnels(ctx, funnels) })
}

// savedPages keeps a step's pages read whole.
func (b *browser) savedPages(msg pagesMsg) tea.Cmd {
	if ps := b.pages.cache[msg.key]; ps != nil && msg.rows != nil {
		ps.cachedAt = time.Time{}
	}
	if msg.err != nil || msg.pages == nil {
		return nil
	}
	key, pages := msg.key, msg.pages
	return b.idx.save(b.sh.ctx, func(ctx context.Context, s *index.Store) error {
		return s.SavePages(ctx, key.funnelID, key.stepID, pages)
	})
}

// cacheBadge is what the status bar says of the data on screen when some of it comes
// from the index: "cached 5m ago", or "stale · cached 2h ago" once the server refused
// to say again. "" when what is shown is live.
func (b *browser) cacheBadge() string {
	if b.idx == nil {
		return ""
	}
	at, stale := b.entities.cachedState()
	if ps := b.pages.current(); ps != nil && !ps.cachedAt.IsZero() && (at.IsZero() || ps.cachedAt.Before(at)) {
		at = ps.cachedAt
		stale = stale || ps.state == stateFailed
	}
	if at.IsZero() {
		return ""
	}
	text := "cached " + ago(b.sh.now().Sub(at))
	if stale || b.idx.lost != nil {
		return "stale · " + text
	}
	return text
}
