package ui

import (
	"context"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/list"
)

// "Go to anything" (ctrl+p, or the palette): every folder, funnel, step, page,
// redirect and domain the local index holds, in one list filtered as you type with
// the panes' fuzzy filter; each row says what the item is and where it sits, and
// enter opens it in the panes with the path to it selected (goto_nav.go).

// gotoSet is the items of "go to anything": the index's catalog, read in a command
// (its keys one string, its items one blob, kept beside the index and mapped, not
// copied: Store.MappedCatalog, so the set holds the catalog while its keys are read),
// with what filtering and going to one need: each key's marks, and the folders'
// places, read from the items blob only when an item is gone to (the blob's pages
// stay untouched while a person only types). Names, paths and wheres are sanitised
// as a row is drawn.
type gotoSet struct {
	cat     *index.Catalog
	marks   list.Marks // each key's marks, for the list's search
	stale   func(index.Kind) bool
	folders map[string]gotoFolder // nil until crumbs needs it (then read from cat)
	gen     uint64                // the index's write count when read
	built   time.Time             // when the last crawl read the location whole

	// In a set of every sub-account (the scope "all sub-accounts", goto_all.go),
	// all reads their catalogs as one and cat is nil; src reads either.
	all      *index.CatalogSet
	src      gotoSource
	accounts []Account // per catalog of all: the sub-account it is of
	labels   []string  // per catalog of all: that sub-account's name, as a row shows it
}

// gotoFolder is where a folder sits.
type gotoFolder struct{ name, parent string }

// gotoItemsMsg is the items read from the index (set nil: the index has not changed
// since same was read).
type gotoItemsMsg struct {
	seq  uint64
	set  *gotoSet
	same bool
	err  error
}

func (gotoItemsMsg) isCacheMsg() {}

// readGotoSet reads the catalog of the index, unless it has not changed since gen.
func readGotoSet(ctx context.Context, store *index.Store, stale func(index.Kind) bool, gen uint64, seq uint64) tea.Cmd {
	return func() tea.Msg {
		if gen != 0 {
			if st, err := store.State(ctx); err == nil && st.Gen == gen {
				return gotoItemsMsg{seq: seq, same: true}
			}
		}
		cat, err := store.MappedCatalog(ctx)
		if err != nil {
			return gotoItemsMsg{seq: seq, err: err}
		}
		return gotoItemsMsg{seq: seq, set: newGotoSet(cat, stale)}
	}
}

// gotoSource is what a set reads its items from: one catalog, or a set of them.
type gotoSource interface {
	Len() int
	Key(i int) string
	Kind(i int) index.Kind
	Item(i int, stale func(index.Kind) bool) index.Item
	Parent(i int) string
	Domain(i int) string
}

// newGotoSet is the set of a catalog.
func newGotoSet(cat *index.Catalog, stale func(index.Kind) bool) *gotoSet {
	return &gotoSet{cat: cat, src: cat, marks: list.MarkKeys(cat.Len(), cat.Key), stale: stale, gen: cat.Gen(), built: cat.Crawled()}
}

// catalogFolders is where each folder of cat sits, by id.
func catalogFolders(cat *index.Catalog) map[string]gotoFolder {
	folders := map[string]gotoFolder{}
	for i := range cat.Len() {
		if cat.Kind(i) == index.KindFolder {
			it := cat.Item(i, nil)
			folders[it.ID] = gotoFolder{name: sanitize(displayName(it.Name, it.ID)), parent: cat.Parent(i)}
		}
	}
	return folders
}

// warm reads items idx, off the update loop, so that drawing them reads memory: the
// rows a search found first are spread over the catalog, and a page of it the kernel
// let go (a busy machine, a catalog just mapped) cost the frame that drew them, and
// the key that frame also showed, 10–20 ms at a million items beside a busy core.
func (s *gotoSet) warm(idx []int32) {
	for _, i := range idx {
		s.src.Item(int(i), nil)
	}
}

// len is how many items the set holds.
func (s *gotoSet) len() int { return s.src.Len() }

// kind is item i's kind.
func (s *gotoSet) kind(i int) index.Kind { return s.src.Kind(i) }

// item is item i, its name, path, where and domain sanitised.
func (s *gotoSet) item(i int) index.Item {
	it := s.src.Item(i, s.stale)
	it.Name, it.Path, it.Where, it.Domain = sanitize(it.Name), sanitize(it.Path), sanitize(it.Where), sanitize(it.Domain)
	return it
}

// gotoOverlay is the "go to anything" box.
type gotoOverlay struct {
	sh    *shared
	set   *gotoSet // nil until the items are read
	list  list.List
	input textinput.Model
	err   error
	idx   *indexState
	cols  [5]column             // kind, sub-account, name, path, where; their natural widths are the visible rows'
	stale map[index.Kind]string // "page stale", made once: View makes no string per row
	// goTo opens an item in the browser (Model.goTo, given by openGoto).
	goTo func(set *gotoSet, it index.Item) tea.Cmd
	// across is the scope "all sub-accounts" (goto_all.go); nil where the browser
	// cannot switch, and the box searches this sub-account only.
	across *gotoAcross
	here   *gotoSet // this sub-account's items; set is the scope's
	// health is the scope of the checks kept (goto_health.go); shown is the scope
	// whose items the list holds.
	health *gotoHealthState
	shown  gotoScope
	hcols  [5]column       // the health scope's: kind, sub-account, where, what, fix
	hstrip gotoHealthStrip // … and the selected row whole under them
	// searching: a long list (searchAt items or more: gotoSearchAt) is being filtered
	// off the update loop.
	searching bool
	searchAt  int
}

func newGotoOverlay(sh *shared, idx *indexState, goTo func(*gotoSet, index.Item) tea.Cmd) *gotoOverlay {
	in := newPickerInput(sh, "› ", "a name, a path (/spring-offer), a domain, a folder… or ! for health", gotoWidth(sh.width)-8)
	g := &gotoOverlay{sh: sh, input: in, idx: idx, goTo: goTo, searchAt: gotoSearchAt}
	// The kind, the name and where the item sits (its funnel last) are required, and
	// in the scope "all sub-accounts" the sub-account's name; the path shows where the
	// room allows. Each is as wide as the rows shown need.
	g.cols = [5]column{{min: 6}, {min: 10}, {min: 12}, {min: 8, optional: true}, {min: 12, fill: true}}
	// A finding's sub-account, where and what are required; its fix, then what it is
	// about (the mark says how bad), show where the room allows.
	g.hcols = [5]column{{min: 4, optional: true, rank: 2}, {min: 10}, {min: 14}, {min: 14, fill: true}, {min: 12, optional: true, rank: 1}}
	g.stale = map[index.Kind]string{}
	for k := index.KindFunnel; k <= index.KindPage; k++ {
		g.stale[k] = k.String() + " stale"
	}
	return g
}

// setItems takes this sub-account's items, shown in its scope.
func (g *gotoOverlay) setItems(set *gotoSet) {
	g.here = set
	if g.shown == scopeHere {
		g.show(set)
	}
}

// show shows a set of items, keeping the query typed.
func (g *gotoOverlay) show(set *gotoSet) {
	g.set = set
	if set.all != nil {
		g.list.SetCatalogSet(set.all, set.marks)
	} else {
		g.list.SetCatalog(set.cat, set.marks)
	}
	if q := g.input.Value(); q != "" {
		g.list.SetQuery(q)
	}
	g.list.Top()
}

// loadGoto reads the items of "go to anything" for g again if the index changed.
func (m *Model) loadGoto(g *gotoOverlay) tea.Cmd {
	if m.idx == nil {
		return nil
	}
	gen := uint64(0)
	if m.idx.set != nil {
		gen = m.idx.set.gen
	}
	seq := m.next()
	m.idx.loading = seq
	stale := index.StaleKinds(m.sh.access, m.idx.lost != nil)
	return readGotoSet(m.sh.ctx, m.idx.store, stale, gen, seq)
}

// openGoto opens "go to anything" (ctrl+p).
func (m *Model) openGoto() tea.Cmd {
	if m.idx == nil {
		m.status.setWarn("go to anything searches the local index, and there is none in this session")
		return nil
	}
	g := newGotoOverlay(m.sh, m.idx, m.goTo)
	if m.idx.set != nil {
		g.setItems(m.idx.set)
	}
	m.overlay = g
	// Health first: a box left in health opens in it without reading every
	// sub-account's catalogs for the scope it passed through.
	load := tea.Batch(m.loadGoto(g), m.openGotoHealth(g))
	if m.opts.Switcher != nil {
		load = tea.Batch(load, m.openAcross(g))
	}
	if m.idx.checked && m.idx.built.IsZero() && m.idx.crawl == nil {
		// Never built: go to anything builds it now, and fills in as the crawl reads.
		return tea.Batch(load, m.startCrawl("building the index"))
	}
	return load
}

// applyGotoItems takes the items read; the box open shows them.
func (m *Model) applyGotoItems(msg gotoItemsMsg) tea.Cmd {
	if m.idx == nil || msg.seq != m.idx.loading {
		return nil
	}
	m.idx.loading = 0
	g, open := m.overlay.(*gotoOverlay)
	switch {
	case msg.err != nil:
		if open {
			g.err = msg.err
		}
	case msg.same:
	default:
		m.idx.set = msg.set
		if open {
			g.setItems(msg.set)
		}
	}
	return nil
}

func (g *gotoOverlay) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	if cmd, done := g.updateHealth(msg); done {
		return cmd, false
	}
	if cmd, done := g.updateAcross(msg); done {
		return cmd, false
	}
	if f, ok := msg.(gotoFilteredMsg); ok {
		return g.filtered(f), false
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, g.sh.keys.NextPane, g.sh.keys.PrevPane) {
		return g.cycle(pick(key.Matches(k, g.sh.keys.NextPane), 1, -1)), false
	}
	if g.shown == scopeHealth {
		if k, ok := msg.(tea.KeyPressMsg); ok && k.Text == gotoHealthPrefix && g.input.Value() == gotoHealthPrefix {
			return nil, false // the box reopened in health: a ! typed out of habit would search for "!"
		}
		return g.pickHealth(h, msg)
	}
	long := g.set != nil && g.list.Total() >= g.searchAt
	out, cmd := pickerUpdate(&g.sh.keys, &g.input, &g.list, g.set != nil && !(long && g.typed(msg)), msg)
	if long && out == pickerKept {
		cmd = tea.Batch(cmd, g.search())
	}
	switch out {
	case pickerClosed:
		return nil, true
	case pickerChosen:
		h.show(nil)
		i := g.list.Selected()
		if g.set.all != nil {
			return g.across.goToIn(g.set, i), true
		}
		return g.goTo(g.set, g.set.item(i)), true
	}
	return tea.Batch(cmd, g.syncScope()), false // ! typed first: the health scope
}

func (g *gotoOverlay) keys() []key.Binding {
	k := g.sh.keys
	accept := "go to it"
	if g.shown == scopeHealth {
		accept = "go to it / its Health view"
	}
	return []key.Binding{as(k.Arrows, "choose"), as(k.Accept, accept), as(k.NextPane, scopeName(g.scopeAfter(1))), k.Cancel}
}

// gotoSearchAt is how many items make a list long enough to filter off the update
// loop: a search of it takes longer than a frame, and a key typed must not wait for it
// to reach the screen.
const gotoSearchAt = 250_000

// gotoSearchingText follows the count while a long list is being filtered by a query
// typed after the one whose matches it shows.
const gotoSearchingText = "searching…"

// gotoFilteredMsg is what a search of a long list found (List.Search).
type gotoFilteredMsg struct{ f list.Filtered }

// typed reports whether msg goes into the query (a key the picker does not take for
// itself, or a paste).
func (g *gotoOverlay) typed(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		return true
	case tea.KeyPressMsg:
		k := g.sh.keys
		return !key.Matches(msg, k.Cancel, k.Accept, k.ListUp, k.ListDown) && msg.String() != "pgup" && msg.String() != "pgdown"
	}
	return false
}

// search filters a long list by the query typed, off the update loop, unless a search
// is under way (its answer starts the next), the list shows that query already, or the
// scope's items are still being read (showing them filters them by the query). The
// search starts a frame after the key that asked for it, for the key to reach the
// screen first: the search takes every processor, and begun at once it held the
// renderer, the terminal (tmux, or the emulator drawing the screen) and all else on
// the machine off them, so a key took 20–25 ms to show at a million items, 16–20 ms
// with the search begun on one processor alone; the frame first, it takes 8–9 ms, a
// busy core beside it or not. The matches come a frame later.
func (g *gotoOverlay) search() tea.Cmd {
	q := strings.ToLower(g.input.Value())
	if g.searching || g.set == nil || q == g.list.Query() {
		return nil
	}
	g.searching = true
	run, wait, set, rows := g.list.Search(q), g.sh.frameTime(), g.set, g.list.Height()
	return func() tea.Msg {
		time.Sleep(wait)
		f := run()
		set.warm(f.First(rows))
		return gotoFilteredMsg{f: f}
	}
}

// filtered shows what a search found, from the best match, and searches again for
// what was typed meanwhile.
func (g *gotoOverlay) filtered(msg gotoFilteredMsg) tea.Cmd {
	g.searching = false
	if g.list.Apply(msg.f) {
		g.list.Top()
	}
	return g.search()
}

// gotoWidth is the box's width on a terminal w cells wide.
func gotoWidth(w int) int { return min(w, 120) }

// view draws the box over the panes: the query, then the best matches.
func (g *gotoOverlay) view(w, h int) (string, int, int) {
	if g.shown == scopeHealth {
		return g.healthView(w, h)
	}
	st := &g.sh.styles
	bw := gotoWidth(w)
	inner := bw - 3
	bh := max(6, h-2)
	rows := bh - 4
	note := g.acrossNote() // what of the sub-accounts could not be read, on a line of its own
	if note != "" {
		rows--
	}
	l := g.list // a copy sized to this frame; View does not change the model
	l.SetHeight(rows)
	body := make([]string, 0, rows+2)
	body = append(body, g.input.View(), st.RowFaint.Render(strings.Repeat("─", inner-1)))
	if note != "" {
		body = append(body, st.Error.Render(ansi.Truncate(note, inner-1, "…")))
	}
	switch {
	case g.err != nil && !g.acrossAll():
		body = append(body, st.Error.Render("The index could not be read: "+errorText(g.err)))
	case g.acrossAll() && g.across.err != nil && g.set == nil:
		body = append(body, st.Error.Render("The sub-accounts' indexes could not be read: "+errorText(g.across.err)))
	case g.set == nil && g.acrossAll():
		body = append(body, st.Empty.Render("Reading the indexes of every sub-account…"))
	case g.set == nil:
		body = append(body, st.Empty.Render("Reading the index…"))
	case g.set.len() == 0 && g.idx.crawl != nil:
		body = append(body, st.Empty.Render("The index is being built ("+g.idx.crawl.lastText()+"); what it reads shows here"))
	case g.set.len() == 0:
		body = append(body, st.Empty.Render("The index is empty: pick \"Index the location\" in the palette (:) to read it"))
	case l.Len() == 0:
		body = append(body, st.Empty.Render("Nothing matches"))
	}
	if g.set != nil {
		from, to := l.Visible()
		cols := g.cols // sized to the rows of this frame
		for i := from; i < to; i++ {
			it := g.set.item(l.At(i))
			kind, _ := g.kindOf(&it)
			for c, text := range [5]string{kind, g.set.label(l.At(i)), it.Name, it.Path, it.Where} {
				cols[c].natural = max(cols[c].natural, textWidth(text))
			}
		}
		widths := fitColumns(cols[:], rowAvail(inner-1))
		p := st.paints()
		for i := from; i < to; i++ {
			it := g.set.item(l.At(i))
			kind, name := g.kindOf(&it)
			body = append(body, listRow(st, inner-1, i == l.Cursor(), true, widths, []cell{
				{text: kind, paint: &p.badge},
				{text: g.set.label(l.At(i)), paint: &p.rowMuted},
				{text: it.Name, paint: name},
				{text: it.Path, paint: &p.rowFaint, middle: true},
				{text: it.Where, paint: &p.rowMuted, middle: true}, // its end names the funnel
			}))
		}
	}
	return g.sh.box(bw, min(h, len(body)+2), g.title(), body, g.footer(l)), (w - bw) / 2, 1
}

// kindOf is what a row says the item is, and how its name is drawn.
func (g *gotoOverlay) kindOf(it *index.Item) (string, *paint) {
	p := g.sh.styles.paints()
	switch {
	case it.Stale:
		if s, ok := g.stale[it.Kind]; ok {
			return s, &p.rowFaint
		}
		return "stale", &p.rowFaint
	case it.Archived:
		return "archived", &p.archived
	case it.Website && it.Kind == index.KindFunnel:
		return "website", &p.row
	}
	return it.Kind.String(), &p.row
}

// footer says how many items match and how old the index is.
func (g *gotoOverlay) footer(l list.List) string {
	if g.set == nil {
		return ""
	}
	var b strings.Builder
	if l.Filtering() {
		b.WriteString(strconv.Itoa(l.Len()) + " of ")
	}
	b.WriteString(strconv.Itoa(g.set.len()) + " items")
	if g.set.all != nil {
		b.WriteString(" in " + strconv.Itoa(g.set.all.Sources()) + pick(g.set.all.Sources() == 1, " sub-account", " sub-accounts"))
	}
	if g.searching {
		// The matches shown are of a query typed before: the count is theirs.
		b.WriteString(" · " + gotoSearchingText)
	}
	switch {
	case g.set.all != nil:
	case g.idx.crawl != nil:
		b.WriteString(" · " + g.idx.crawl.lastText())
	case !g.set.built.IsZero():
		b.WriteString(" · indexed " + ago(g.sh.now().Sub(g.set.built)))
	}
	return b.String()
}

// lastText is the crawl's last report in the status bar's words.
func (r *crawlRun) lastText() string {
	if r.last.Phase == "" {
		return "indexing…"
	}
	return indexingText(r.last)
}
