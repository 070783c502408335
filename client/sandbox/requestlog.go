package sandbox

import (
	"sync"
	"time"
)

// Request is one entry of the request log: every request except the control API's.
type Request struct {
	Method string    `json:"method"`
	Path   string    `json:"path"`
	Query  string    `json:"query"`         // the raw query string
	Status int       `json:"status"`        // 0 when the connection was dropped
	Auth   string    `json:"authorization"` // "bearer" or "none"; never the token
	At     time.Time `json:"at"`            // arrival, on the sandbox clock (Options.Now)
	Body   string    `json:"body"`          // request body (OAuth secrets redacted), cut at 64 KiB
}

// requestLog keeps the newest maxLogEntries requests.
type requestLog struct {
	mu      sync.Mutex
	entries []Request
}

func (l *requestLog) add(r Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.entries) >= maxLogEntries {
		l.entries = append(l.entries[:0], l.entries[len(l.entries)-maxLogEntries+1:]...)
	}
	l.entries = append(l.entries, r)
}

func (l *requestLog) list() []Request {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Request{}, l.entries...)
}

func (l *requestLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = nil
}
