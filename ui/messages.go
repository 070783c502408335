package ui

import (
	"time"

	"github.com/funnelsdev/funnels/client"
)

// The messages of the program itself: the client's events, the status bar's clock, a
// browser opened. A load's answer is declared beside what takes it (a pane, a view),
// names what it was for and carries the number of its request, so a reply for a
// selection the user has already left is dropped.

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
