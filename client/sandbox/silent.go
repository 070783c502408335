package sandbox

import "sync"

// silentSet is the sub-accounts whose API routes never answer: a request acting for
// one waits, unanswered, until its client gives up. It plays a sub-account whose
// service hangs, for the deadlines of the callers.
type silentSet struct {
	mu  sync.Mutex
	ids map[string]bool
}

func (s *silentSet) has(location string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ids[location]
}

// SetSilent makes a sub-account's API routes never answer (or answer again): a
// request acting for it is held until its client leaves.
func (s *Server) SetSilent(location string, silent bool) {
	s.silent.mu.Lock()
	defer s.silent.mu.Unlock()
	if s.silent.ids == nil {
		s.silent.ids = map[string]bool{}
	}
	if silent {
		s.silent.ids[location] = true
	} else {
		delete(s.silent.ids, location)
	}
}
