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

// forwardEvents subscribes to the client's events (rate limit, retries, requests
// started and finished) and hands each to send as a message of the browser, from
// its own goroutine: the client calls subscribers on its request goroutines, and a
// busy or finished program must never hold a request up. Call stop to unsubscribe.
func forwardEvents(c *client.Client, send func(tea.Msg)) (stop func()) {
	q := newEventQueue()
	unsubscribe := c.Subscribe(q.push)
	go q.run(func(e client.Event) { send(eventMsg{ev: e}) })
	return func() {
		unsubscribe()
		q.close()
	}
}
