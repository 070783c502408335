package ui

import (
	tea "charm.land/bubbletea/v2"
)

// Focus, layout and the panes following the selection.

// focused is the list machinery of the focused pane.
func (m *Model) focused() *paneBase { return m.pane(m.focus) }

func (m *Model) pane(i int) *paneBase {
	switch i {
	case paneSteps:
		return &m.steps.paneBase
	case panePages:
		return &m.pages.paneBase
	}
	return &m.entities.paneBase
}

// setFocus moves the focus to pane i; on narrow terminals this changes which panes
// are shown.
func (m *Model) setFocus(i int) {
	if i < 0 || i >= paneCount || i == m.focus {
		return
	}
	m.focus = i
	m.relayout()
}

// relayout recomputes the geometry and sizes every visible part.
func (m *Model) relayout() {
	m.wants = m.paneWants()
	m.lay = computeLayout(m.sh.width, m.sh.height, m.focus, m.wants, m.status.rows(m.sh.width))
	m.sh.bodyRows = m.lay.bodyHeight
	for _, b := range m.bodies {
		b.setSize(m.sh.width, m.lay.bodyHeight)
	}
}

// paneWants is what each pane's rows need across (widths.go).
func (m *Model) paneWants() [paneCount]paneWant {
	var out [paneCount]paneWant
	out[paneEntities] = wantOf(m.entities.cols, m.entities.list.Total() > 0)
	out[paneSteps] = wantOf(m.steps.wantCols(), m.steps.hasColumns())
	out[panePages] = wantOf(m.pages.wantCols(), m.pages.hasColumns())
	return out
}

// fitPanes lays the panes out again when what their rows need changed (new data,
// another folder) or the status bar takes another number of lines: after every
// update, at the cost of comparing a few numbers.
func (m *Model) fitPanes() {
	if m.sh.width > 0 && (m.paneWants() != m.wants || !m.lay.tooSmall && m.status.rows(m.sh.width) != m.lay.barRows) {
		m.relayout()
	}
}

// restyle rebuilds the styles after the theme or the colour profile changed.
func (m *Model) restyle() {
	m.sh.restyle()
	for _, b := range m.bodies {
		b.restyle()
	}
}

// sync makes the second and third panes follow the selection: the steps of the
// funnel selected in the first pane (no request: they are in the funnel record), and
// the pages of the selected step, cached or asked for after a short debounce.
func (m *Model) sync() tea.Cmd {
	f := m.entities.selectedFunnel()
	note := ""
	if f == nil {
		switch r := m.entities.selected(); {
		case r != nil:
			note = r.name + "/ is a folder — press enter to open it"
		case m.entities.current().state == stateLoading:
			note = "Waiting for the funnels…"
		case m.entities.current().state == stateFailed:
			note = "The funnels could not be loaded"
		default:
			note = "No funnel selected"
		}
	}
	m.steps.setFolder(m.entities.stepW)
	m.steps.show(f, note)
	m.pages.setScope(m.entities.folderID())

	s := m.steps.selected()
	var key stepKey
	note = ""
	switch {
	case s != nil:
		key = stepKey{funnelID: m.steps.funnelID, stepID: s.id}
	case f != nil && f.stepsMissing:
		note = "Waiting for the funnel's steps…"
		if f.stepsErr != nil {
			note = "This funnel's steps could not be had"
		}
	case f != nil:
		note = "This funnel has no steps"
	default:
		note = "Select a funnel's step to see its pages"
	}
	if !m.pages.show(key, s, note) {
		return nil
	}
	seq := m.next()
	m.pages.load(seq)
	return debounceLoadPages(m.debounce, key, seq)
}

// busy reports whether anything shown waits for an answer (the spinner runs then).
func (m *Model) busy() bool {
	switch ov := m.overlay.(type) {
	case *formOverlay:
		if ov.Sending() {
			return true
		}
	case *textView:
		if ov.seq != 0 {
			return true
		}
	}
	return m.anyBusy()
}

// spin starts the spinner when something waits and it is not running yet.
func (m *Model) spin() tea.Cmd {
	if m.spinning || !m.busy() {
		return nil
	}
	m.spinning = true
	return m.sh.spinner.Tick
}

// clock starts the status bar's one-second tick when something counts down.
func (m *Model) clock() tea.Cmd {
	if m.status.ticking || !m.status.needsClock() {
		return nil
	}
	m.status.ticking = true
	return clockTick()
}

// loadFolder asks for the current folder's contents.
func (m *Model) loadFolder() tea.Cmd {
	if m.client == nil {
		return nil
	}
	seq := m.next()
	cached := m.cachedFolder(m.entities.folderID(), seq) // painted at once, while the server is asked
	ctx := m.entities.load(seq)
	return tea.Batch(loadEntities(ctx, m.client, m.entities.folderID(), seq), cached)
}

// refresh reloads what the focus is on (r); after an error it is the retry. It
// forgets what the session learned of the routes this sign-in may use, so a refused
// route is tried again (the token's access may have changed).
func (m *Model) refresh() tea.Cmd {
	if m.client == nil {
		return nil
	}
	m.client.ForgetAccess()
	m.sh.setAccess(nil)
	m.fallbackNoted = false
	return m.top().reload(m)
}

// open goes one level deeper: into a folder, from a funnel to its steps, from a step
// to its pages, from a page to its detail.
