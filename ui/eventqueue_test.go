package ui

import (
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client"
)

// TestEventQueueNeverBlocksNorDrops: while the program takes nothing, the client goes
// on pushing (thousands of events, more than any buffer held before); once the program
// takes them again, every one arrives, in order.
func TestEventQueueNeverBlocksNorDrops(t *testing.T) {
	q := newEventQueue()
	gate := make(chan struct{})
	got := make(chan uint64, 10000)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		q.run(func(e client.Event) {
			<-gate
			got <- e.(client.RequestFinished).Record.ID
		})
	}()
	const n = 5000
	pushed := make(chan struct{})
	go func() {
		for i := range uint64(n) {
			q.push(client.RequestFinished{Record: client.RequestRecord{ID: i + 1}})
		}
		close(pushed)
	}()
	select {
	case <-pushed:
	case <-time.After(waitTimeout):
		t.Fatal("push waited on a program that takes nothing")
	}
	close(gate)
	for want := uint64(1); want <= n; want++ {
		select {
		case id := <-got:
			if id != want {
				t.Fatalf("event %d arrived where %d was due", id, want)
			}
		case <-time.After(waitTimeout):
			t.Fatalf("event %d never arrived", want)
		}
	}
	q.close()
	q.close() // twice is fine: stop may race the program's end
	select {
	case <-stopped:
	case <-time.After(waitTimeout):
		t.Fatal("run did not stop on close")
	}
}
