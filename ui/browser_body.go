package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The browser as a body: the answers of its loads, its keys, the mouse, drawing the
// panes, reloading the focused one, and what an answer changed in them.

// update takes the answers of the browser's loads: a folder, the steps of its
// funnels, a step's pages (and the debounce before asking for them), what the local
// index had of a folder or a step, and the widest steps of a folder (measured once
// its rows are in).
func (b *browser) update(h bodyHost, msg bodyMsg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case entitiesMsg:
		return tea.Batch(b.folderRead(h, msg), b.entities.measureSteps(msg.folderID)), true
	case folderPartMsg:
		if b.entities.applyPart(msg) {
			return msg.next, true
		}
		return nil, true
	case folderStepsMsg:
		if b.entities.applySteps(msg) {
			return tea.Batch(b.savedSteps(msg), b.entities.measureSteps(msg.folderID)), true
		}
		return nil, true
	case stepWidthsMsg:
		b.entities.measuredSteps(msg)
		return nil, true
	case loadPagesMsg:
		if b.pages.awaiting(msg.key, msg.seq) {
			return tea.Batch(loadPages(b.pages.loadContext(msg.key), b.client, msg.key, b.pages.step, msg.seq),
				b.cachedPages(msg.key, msg.seq)), true
		}
		return nil, true
	case pagesMsg:
		if !b.pages.apply(msg) {
			return nil, true
		}
		if msg.err != nil {
			h.setErr(msg.err)
		}
		return b.savedPages(msg), true
	case cachedFolderMsg:
		b.entities.applyCached(msg)
		return b.entities.measureSteps(msg.folderID), true
	case cachedPagesMsg:
		b.pages.applyCached(msg)
		return nil, true
	}
	return nil, false
}

// folderRead takes a folder's answer: its rows, why it looks different from the web
// app's (once a session, and after r), and the steps its funnels came without.
func (b *browser) folderRead(h bodyHost, msg entitiesMsg) tea.Cmd {
	if !b.entities.apply(msg) {
		return nil
	}
	save := b.savedFolder(msg)
	if msg.err != nil {
		h.setErr(msg.err)
		if msg.rows == nil {
			return save
		}
	}
	if msg.note != "" && !b.fallbackNoted && msg.err == nil {
		b.fallbackNoted = true
		h.setNotice(msg.note)
	}
	cmds := []tea.Cmd{save}
	if len(msg.summaries) > 0 && b.client != nil {
		seq := b.sh.next()
		b.entities.folders[msg.folderID].stepsSeq = seq
		cmds = append(cmds, loadFolderSteps(b.sh.ctx, b.client, msg.folderID, msg.summaries, seq))
	}
	if b.reloadPages != (stepKey{}) {
		cmds = append(cmds, b.reloadPagesNow())
	}
	return tea.Batch(cmds...)
}

func (b *browser) key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	k := b.sh.keys
	p := b.focused()
	if p.typing {
		return p.filterKey(msg), keyUsed
	}
	switch {
	case key.Matches(msg, k.NextPane):
		b.setFocus((b.focus + 1) % paneCount)
	case key.Matches(msg, k.PrevPane):
		b.setFocus((b.focus + paneCount - 1) % paneCount)
	case key.Matches(msg, k.Filter):
		return p.startFilter(), keyUsed
	case key.Matches(msg, k.Open):
		return b.open(h), keyUsed
	case key.Matches(msg, k.Back):
		return b.back(), keyUsed
	case p.navigate(msg):
	default:
		return nil, keyPassed
	}
	return nil, keyUsed
}

// actionScope: the keys passed on run the table's actions of the panes.
func (b *browser) actionScope() scope { return inPanes }

func (b *browser) paste(msg tea.PasteMsg) tea.Cmd {
	if p := b.focused(); p.typing {
		return p.filterPaste(msg)
	}
	return nil
}

func (b *browser) wheel(x, delta int) {
	if p := b.paneAt(x); p >= 0 {
		b.pane(p).list.Scroll(delta)
	}
}

func (b *browser) click(x, row int) {
	if p := b.paneAt(x); p >= 0 {
		b.setFocus(p)
		b.pane(p).list.SelectRow(row)
	}
}

// view is the panes side by side, for an overlay to be drawn over (alone on the
// screen they are written straight into the frame: screen).
func (b *browser) view() []string {
	blocks := make([][]string, 0, len(b.slots))
	for _, s := range b.slots {
		blocks = append(blocks, b.paneLines(s))
	}
	return joinColumns(blocks, b.height)
}

func (b *browser) setSize(w, h int) {
	b.width, b.height = w, h
	b.place()
}

func (b *browser) restyle() {
	for i := 0; i < paneCount; i++ {
		b.pane(i).restyle()
	}
}

func (b *browser) keys() []key.Binding {
	if b.focused().typing {
		return b.sh.markRefused(b.sh.keys.filterHelp(), false)
	}
	return b.sh.markRefused(b.sh.keys.paneHelp(b.focus, len(b.entities.path) == 1, b.archiveHelp()), false)
}

func (b *browser) busy() bool {
	if b.entities.loading() {
		return true
	}
	ps := b.pages.current()
	return ps != nil && ps.seq != 0
}

// reload reads the focused pane again.
func (b *browser) reload(bodyHost) tea.Cmd {
	if b.focus == panePages {
		if b.pages.key == (stepKey{}) {
			return nil
		}
		seq := b.sh.next()
		return loadPages(b.pages.load(seq), b.client, b.pages.key, b.pages.step, seq)
	}
	// The steps live in the funnel records, so refreshing them is reading the
	// folder again.
	return b.loadFolder()
}

func (*browser) close() {}

// copyTarget of the browser is the focused pane's selection.
func (b *browser) copyTarget(wantURL bool) (what, text, problem string) {
	switch b.focus {
	case paneEntities:
		r := b.entities.selected()
		switch {
		case r == nil:
			return "", "", "nothing selected"
		case !wantURL && r.folder:
			return "folder id", r.id, ""
		case !wantURL:
			return "funnel id", r.id, ""
		case r.folder:
			return "", "", "folders have no public URL; pick a funnel, step or page"
		}
		steps := r.stepRows()
		switch {
		case len(steps) == 0:
			return "", "", r.name + " has no steps, so it has no public URL"
		case steps[0].url == "":
			return "", "", noDomain(r.name)
		}
		return "URL", steps[0].url, ""
	case paneSteps:
		s := b.steps.selected()
		switch {
		case s == nil:
			return "", "", "no step selected"
		case !wantURL:
			return "step id", s.id, ""
		case s.url == "":
			return "", "", noDomain(s.funnel)
		}
		return "URL", s.url, ""
	default:
		pg := b.pages.selected()
		switch {
		case pg == nil:
			return "", "", "no page selected"
		case !wantURL:
			return "page id", pg.id, ""
		case b.pages.step.url == "":
			return "", "", noDomain(b.pages.step.funnel)
		}
		return "URL", b.pages.step.url, ""
	}
}

// changed shows what an answer changed in the panes: the root with the folder made
// selected, a step made selected once its folder is read again, a folder or a page
// read again. Any other effect is not the panes'.
func (b *browser) changed(e effect) tea.Cmd {
	switch e := e.(type) {
	case folderMade:
		return b.showNewFolder(e.id)
	case stepMade:
		b.steps.pending = e.step
		b.setFocus(paneSteps)
		return b.reloadFolder(e.folderID)
	case folderChanged:
		return b.reloadFolder(e.folderID)
	case pageChanged:
		return b.pageChanged(e)
	}
	return nil
}
