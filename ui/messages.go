package ui

import (
	"time"

	"github.com/funnelsdev/funnels/client"
)

// Messages that come back from commands. Each load names what it was for (the folder,
// the funnel and step, the page) and carries the sequence number of its request, so
// Update can drop a reply for a selection the user has already left.

// entitiesMsg is what one folder holds.
type entitiesMsg struct {
	folderID  string
	seq       uint64
	rows      []entityRow     // sanitised, folders first
	note      string          // why the folders look different (a fallback), sanitised; "" when they do not
	summaries []client.Funnel // the funnels, when some came without their steps
	err       error

	// What the server answered, for the local index.
	folders []client.Folder
	funnels []client.Funnel
}

// folderStepsMsg is the funnels of a folder completed with their steps.
type folderStepsMsg struct {
	folderID string
	seq      uint64
	rows     []entityRow // the funnels, sanitised
	err      error
	funnels  []client.Funnel // as the server answered, for the local index
}

// pagesMsg is the pages of one step.
type pagesMsg struct {
	key   stepKey
	seq   uint64
	rows  []pageRow
	err   error
	pages []client.Page // as the server answered, for the local index
}

// pageMsg is one page's full record, for the detail view.
type pageMsg struct {
	pageID string
	seq    uint64
	detail *pageDetail
	err    error
}

// loadPagesMsg fires after the debounce of a step selection; the load starts only if
// the step is still the one selected.
type loadPagesMsg struct {
	key stepKey
	seq uint64
}

// eventMsg carries an event of the client (rate limit, retry, request started or
// finished) into the program.
type eventMsg struct {
	ev   client.Event
	from *client.Client // the client that told it
}

// clockMsg is the status bar's one-second tick, running only while something counts
// down (a rate-limit reset, a 429 wait).
type clockMsg time.Time

// openedMsg says how opening a URL in a browser went.
type openedMsg struct {
	url string
	err error
}

// stepKey names the step whose pages a pane shows.
type stepKey struct{ funnelID, stepID string }
