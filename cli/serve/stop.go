package serve

import (
	"context"
	"fmt"
	"time"
)

// How long a stopping server waits: for its sessions to end once told to, and then
// for its indexes to close (one still in a session's transaction is left to the
// system: its file is whole at every commit).
const (
	sessionEndWait = 600 * time.Millisecond
	indexCloseWait = 200 * time.Millisecond
)

// stop stops the server for why: no new connection, no new session; every open
// session is ended (a command's context ends, the browser gives the terminal back),
// and each tells its person why as it ends; connections left after sessionEndWait
// are closed.
func (s *Server) stop(why error) {
	s.mu.Lock()
	s.stopping = why
	ends := make([]context.CancelFunc, 0, len(s.live))
	for _, end := range s.live {
		ends = append(ends, end)
	}
	s.mu.Unlock()
	fmt.Fprintf(s.set.Log, "funnels serve: stopping (%v): ending %d sessions\n", why, len(ends))
	closing, cancel := context.WithCancel(context.Background())
	cancel()
	_ = s.ssh.Shutdown(closing) // closes the listener, waits for nothing
	for _, end := range ends {
		end()
	}
	for deadline := time.Now().Add(sessionEndWait); s.openSessions() > 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	_ = s.ssh.Close()
}

// track keeps end, which ends the session numbered n, for a stop (a session that
// comes in as the server stops is ended at once); untrack forgets it.
func (s *Server) track(n uint64, end context.CancelFunc) (untrack func()) {
	s.mu.Lock()
	s.live[n] = end
	if s.stopping != nil {
		end()
	}
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		delete(s.live, n)
		s.mu.Unlock()
	}
}

// stopped is why the server stops; nil while it serves.
func (s *Server) stopped() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopping
}

// openSessions is how many sessions are open now.
func (s *Server) openSessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.open
}
