package ui

import (
	"context"
	"encoding/json"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Remote is what a browser shown over the team server's ssh needs beyond a local
// one: a way in for the session's window changes, how many sessions share the
// sub-account on screen (the status bar says so, since they share its rate limit),
// and, for the server's admins, the writes people sent through it.
type Remote struct {
	// Attach is called once, before the program runs, with its Send: the ssh
	// session hands its window changes in through it.
	Attach func(send func(tea.Msg))
	// Sharing is how many sessions of the server show or use the sub-account with
	// this id now (this one included).
	Sharing func(location string) int
	// Changes reads the server's audit log; nil unless the session's person is an
	// admin of the server (the palette then offers "Recent changes by people").
	Changes ChangeLog
}

// ChangeLog reads the newest writes of the team server's audit log.
type ChangeLog interface {
	// Recent is at most limit writes, newest first, one per write.
	Recent(ctx context.Context, limit int) ([]PersonChange, error)
}

// PersonChange is one write a person sent through the team server, as its audit
// log holds it: every body with its secrets already taken out.
type PersonChange struct {
	Time         time.Time
	Person       string
	Key          string // the fingerprint of the key signed in with
	Session      string
	Location     string
	LocationName string // "" when the server did not know it
	Method, Path string
	Status       string // the code, "failed" for no answer, "unknown" for a write never seen to end
	TraceID      string
	Error        string
	Body         json.RawMessage // what was sent
	Before       json.RawMessage // the record as it was, where known
	After        json.RawMessage // the record as the service answered it
}

// attachRemote hands the program's Send to the remote session, if any.
func attachRemote(r *Remote, send func(tea.Msg)) {
	if r != nil && r.Attach != nil {
		r.Attach(send)
	}
}
