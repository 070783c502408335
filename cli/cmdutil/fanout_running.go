package cmdutil

import (
	"slices"
	"sync"
)

// runningMembers are the members of a run across a set that have started and not
// ended, by their place in the set, so the progress line can name who the run still
// waits for.
type runningMembers struct {
	mu    sync.Mutex
	names map[int]string
}

func newRunningMembers(n int) *runningMembers {
	return &runningMembers{names: make(map[int]string, min(n, 64))}
}

func (r *runningMembers) start(i int, name string) {
	r.mu.Lock()
	r.names[i] = name
	r.mu.Unlock()
}

func (r *runningMembers) stop(i int) {
	r.mu.Lock()
	delete(r.names, i)
	r.mu.Unlock()
}

// named is the names of the running members, in the set's order, when the run
// waits only for them (left, the members not done, is at most waitingNamed and all
// of them are running); nil while others are still to start or there are more.
func (r *runningMembers) named(left int) []string {
	if left == 0 || left > waitingNamed {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.names) != left {
		return nil
	}
	at := make([]int, 0, len(r.names))
	for i := range r.names {
		at = append(at, i)
	}
	slices.Sort(at)
	out := make([]string, len(at))
	for k, i := range at {
		out[k] = QuoteInput(r.names[i])
	}
	return out
}
