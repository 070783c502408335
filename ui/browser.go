package ui

import (
	"time"

	"github.com/funnelsdev/funnels/client"
)

// browser is the body at the bottom of the stack: the three panes, which it owns with
// the focus, their places on screen, the page records read and the loads of one
// location. It asks the client for folders and pages itself, takes their answers
// (update), and paints from the local index and writes back into it. A switch to
// another location gives the root a new browser. Its body's methods are in
// browser_body.go; the focus, the panes' places and the selection's sync in
// focus.go; moving through the tree in navigate.go; what it reads again in
// reload.go; the local index in pane_cached.go.
type browser struct {
	sh     *shared
	client *client.Client // nil: nothing is asked
	idx    *localIndex    // the local index rows are painted from and saved into; nil: none

	entities *entitiesPane
	steps    *stepsPane
	pages    *pagesPane
	focus    int
	slots    []slot              // where the panes are drawn, left to right (place)
	wants    [paneCount]paneWant // what the panes' rows needed when slots were made
	width    int                 // the body's size, as the root gave it (setSize)
	height   int

	pageDocs map[string]*pageDetail // page records already read, by id

	debounce      time.Duration // the wait after a step is selected before its pages load
	reloadPages   stepKey       // the step whose pages reload once its funnel has been read again
	fallbackNoted bool          // the status bar said why the folders look different (once, until r)
}

func newBrowser(sh *shared, c *client.Client, idx *localIndex, debounce time.Duration) *browser {
	return &browser{
		sh: sh, client: c, idx: idx, debounce: debounce,
		entities: newEntitiesPane(sh), steps: newStepsPane(sh), pages: newPagesPane(sh),
		pageDocs: map[string]*pageDetail{},
	}
}

// selection is what the panes show and have selected, for a form or an overlay
// (host.selected adds the rest).
func (b *browser) selection() selection {
	s := selection{
		folderID: b.entities.folderID(), entity: b.entities.selected(), funnel: b.entities.selectedFunnel(),
		folders: b.entities.folders,
		stepsOf: b.steps.funnelID, step: b.steps.selected(),
		pagesOf: b.pages.key, pagesStep: b.pages.step, page: b.pages.selected(), pagesFocused: b.focus == panePages,
	}
	if s.step != nil {
		if ps := b.pages.cache[stepKey{funnelID: s.stepsOf, stepID: s.step.id}]; ps != nil {
			s.stepPages = ps.rows
		}
	}
	return s
}

// archiveHelp is what the footer says of A for the selected page.
func (b *browser) archiveHelp() string {
	pg := b.pages.selected()
	switch {
	case pg == nil:
		return "archive/restore"
	case pg.archived:
		return "restore"
	case archiveRefusal(pg, b.pages.step) != "":
		return "archive: no, only live page"
	}
	return "archive"
}
