package ui

import (
	"strconv"

	tea "charm.land/bubbletea/v2"
)

// Remote is what a browser shown over the team server's ssh needs beyond a local
// one: a way in for the session's window changes, and how many sessions share the
// sub-account on screen (the status bar says so, since they share its rate limit).
type Remote struct {
	// Attach is called once, before the program runs, with its Send: the ssh
	// session hands its window changes in through it.
	Attach func(send func(tea.Msg))
	// Sharing is how many sessions of the server show or use the sub-account with
	// this id now (this one included).
	Sharing func(location string) int
}

// attachRemote hands the program's Send to the remote session, if any.
func attachRemote(r *Remote, send func(tea.Msg)) {
	if r != nil && r.Attach != nil {
		r.Attach(send)
	}
}

// sharingText is "3 sessions  " when others share the shown sub-account over the
// team server; "" otherwise.
func (s *statusBar) sharingText() string {
	if s.sharing == nil {
		return ""
	}
	if n := s.sharing(s.locationID); n > 1 {
		return strconv.Itoa(n) + " sessions  "
	}
	return ""
}
