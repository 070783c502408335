package ui

import (
	"sync"

	"github.com/funnelsdev/funnels/client"
)

// eventQueue carries the client's events to the program in order, without ever
// making the client wait and without dropping one: a finished request dropped would
// be a row missing from the request log for good. push appends and returns at once;
// one goroutine (run) hands the events on, as fast as the program takes them.
type eventQueue struct {
	mu     sync.Mutex
	items  []client.Event
	ready  chan struct{} // a token: items has something since run last looked
	closed chan struct{}
	once   sync.Once
}

func newEventQueue() *eventQueue {
	return &eventQueue{ready: make(chan struct{}, 1), closed: make(chan struct{})}
}

// push queues e; it never blocks.
func (q *eventQueue) push(e client.Event) {
	q.mu.Lock()
	q.items = append(q.items, e)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default: // a token is already waiting
	}
}

// run hands every queued event to send, in order, until close.
func (q *eventQueue) run(send func(client.Event)) {
	var batch []client.Event
	for {
		select {
		case <-q.ready:
		case <-q.closed:
			return
		}
		q.mu.Lock()
		batch, q.items = q.items, batch[:0]
		q.mu.Unlock()
		for i, e := range batch {
			select {
			case <-q.closed:
				return
			default:
			}
			send(e)
			batch[i] = nil
		}
	}
}

// close stops run; events still queued are dropped with the program they were for.
func (q *eventQueue) close() { q.once.Do(func() { close(q.closed) }) }
