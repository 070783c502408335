package ui

import "github.com/funnelsdev/funnels/client"

// answerMsg is the answer to a request a form or a view sent (a write, a lookup, a
// test event). It names what asked and the request's number, so the root knows
// whether that form or view is still open and still waits for it.
type answerMsg struct {
	from   any    // the *form.Form, *textView or *historyView that asked
	seq    uint64 // the request's number
	err    error
	status int    // the HTTP status of the answer; 0 when none came
	info   string // what the status bar says on success
	result *doc   // what a view shows on success; nil: nothing to show
	// after is what a success changes in the browser (reloads, selections); always
	// is applied whatever happened (the event history records failures too). The
	// root applies both (answer.go).
	after  effect
	always effect
}

// statusOf is the HTTP status of a finished call: from the answer, or from the error.
func statusOf(resp *client.Response, err error) int {
	if resp != nil && resp.StatusCode != 0 {
		return resp.StatusCode
	}
	return client.StatusCode(err)
}

// effect is what an answer changes in the browser, named as a value: a form or a
// view says what happened, and the root (apply, answer.go) decides what that means
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
