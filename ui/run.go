package ui

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// Run shows the browser until the user quits (nil) or ctx ends.
func Run(ctx context.Context, opts Options) error {
	if opts.Client == nil {
		return errors.New("ui: no client")
	}
	m := New(opts)
	m.sh.ctx = ctx
	popts := append([]tea.ProgramOption{tea.WithContext(ctx)}, opts.ProgramOptions...)
	p := tea.NewProgram(m, popts...)
	stop := forwardEvents(opts.Client, p.Send)
	defer stop()
	_, err := p.Run()
	return err
}

// eventBuffer is how many client events may wait for the program before new ones
// are dropped; the client must never wait on the terminal.
const eventBuffer = 1024

// forwardEvents subscribes to the client's events (rate limit, retries, requests
// started and finished) and hands each to send as a message of the browser, from
// its own goroutine: the client calls subscribers on its request goroutines, and a
// busy or finished program must never hold a request up. Call stop to unsubscribe.
func forwardEvents(c *client.Client, send func(tea.Msg)) (stop func()) {
	ch := make(chan client.Event, eventBuffer)
	done := make(chan struct{})
	unsubscribe := c.Subscribe(func(e client.Event) {
		select {
		case ch <- e:
		default: // full: the next event carries the same absolute figures
		}
	})
	go func() {
		for {
			select {
			case e := <-ch:
				send(eventMsg{ev: e})
			case <-done:
				return
			}
		}
	}()
	return func() {
		unsubscribe()
		close(done)
	}
}
