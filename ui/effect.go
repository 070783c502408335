package ui

// effect is what an answer changes in the browser, named as a value: a form or a
// view says what happened, and the root (apply, reload.go) decides what that means
// for the panes, the Redirects view and the history. A form never reaches into the
// root to do it.
type effect interface{ isEffect() }

// folderMade: a folder was made at the top level; the root shows it, selected.
type folderMade struct{ id string }

// stepMade: a step was added; its funnel's folder is read again and the step selected.
type stepMade struct {
	step     stepKey
	folderID string
}

// folderChanged: what a folder lists may have changed (a domain attached changes the
// public URLs); it is read again.
type folderChanged struct{ folderID string }

// pageChanged: a page was archived, restored or won a split test; its record, its
// step's funnel and the step's pages are read again.
type pageChanged struct {
	step     stepKey
	pageID   string
	folderID string
}

// redirectChanged: a redirect was made or changed (made), or deleted (gone: its id).
type redirectChanged struct {
	made redirectRow
	gone string
}

func (folderMade) isEffect()      {}
func (stepMade) isEffect()        {}
func (folderChanged) isEffect()   {}
func (pageChanged) isEffect()     {}
func (redirectChanged) isEffect() {}
