package ui

import (
	"strings"
	"time"
)

// statusLogSize bounds the session's messages: the newest are kept.
const statusLogSize = 500

// said is one message the status bar showed: when, whether it was an error, the
// status code that came with it (0: none) and the whole text, as the bar had it
// before cutting it to the width.
type said struct {
	at     time.Time
	failed bool
	status int
	text   string
}

// kind is how the messages view names the message.
func (e *said) kind() string { return pick(e.failed, "error", "info") }

// statusLog is every message of the session the status bar showed, oldest first, at
// most statusLogSize.
type statusLog struct{ entries []said }

// add records a message. The same message again, straight after itself (a load that
// fails the same way twice), only takes the newer time.
func (l *statusLog) add(e said) {
	if e.text = strings.TrimSpace(e.text); e.text == "" {
		return
	}
	if n := len(l.entries); n > 0 {
		if last := &l.entries[n-1]; last.text == e.text && last.failed == e.failed && last.status == e.status {
			last.at = e.at
			return
		}
	}
	if len(l.entries) == statusLogSize {
		l.entries = append(l.entries[:0], l.entries[1:]...)
	}
	l.entries = append(l.entries, e)
}

// len is how many messages the log holds.
func (l *statusLog) len() int { return len(l.entries) }

// newest returns the i-th newest message (0 = the newest), or nil.
func (l *statusLog) newest(i int) *said {
	if i < 0 || i >= len(l.entries) {
		return nil
	}
	return &l.entries[len(l.entries)-1-i]
}
