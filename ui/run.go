package ui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// settleWait bounds how long Run waits, after the program ended, for a token refresh
// that was already sent to finish and be saved (its own timeouts end it sooner).
const settleWait = time.Minute

// Run shows the browser until the user quits (nil) or ctx ends. Every request still
// under way then is called off; Run returns once they have ended (of every client
// switched to), so that a token
// refresh already sent is finished and saved before the process can exit (a refresh
// lost half-way leaves a refresh token the service has already rotated).
func Run(ctx context.Context, opts Options) error {
	if opts.Client == nil {
		return errors.New("ui: no client")
	}
	loads, cancel := context.WithCancel(ctx)
	defer cancel()
	m := New(opts)
	m.sh.setContext(loads)
	popts := append([]tea.ProgramOption{tea.WithContext(ctx)}, opts.ProgramOptions...)
	p := tea.NewProgram(m, popts...)
	attachRemote(opts.Remote, p.Send)
	m.subscribe = func(c *client.Client) func() { return forwardEvents(c, p.Send) }
	m.stopEvents = m.subscribe(opts.Client)
	_, err := p.Run()
	m.stopEvents()
	cancel()
	settle, done := context.WithTimeout(context.WithoutCancel(ctx), settleWait)
	defer done()
	for _, c := range m.clients { // every location shown: a refresh of any may be under way
		_ = c.Idle(settle)
	}
	return err
}

// forwardEvents subscribes to the client's events (rate limit, retries, requests
// started and finished) and hands each to send as a message of the browser, from
// its own goroutine: the client calls subscribers on its request goroutines, and a
// busy or finished program must never hold a request up. Call stop to unsubscribe.
func forwardEvents(c *client.Client, send func(tea.Msg)) (stop func()) {
	q := newEventQueue()
	unsubscribe := c.Subscribe(q.push)
	go q.run(func(e client.Event) { send(eventMsg{ev: e, from: c}) })
	return func() {
		unsubscribe()
		q.close()
	}
}
