package client_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// newTestClient starts a sandbox and a client signed in with its demo token.
func newTestClient(t *testing.T, opts sandbox.Options, tune ...func(*client.Options)) (*client.Client, *sandbox.Running) {
	t.Helper()
	sb := sandboxtest.Start(t, opts)
	o := client.Options{
		BaseURL:     sb.URL,
		LocationID:  sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
		UserAgent:   "funnels-test",
		RetryBase:   20 * time.Millisecond,
	}
	for _, f := range tune {
		f(&o)
	}
	c, err := client.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return c, sb
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// countRequests counts the sandbox's logged requests of one method and path.
func countRequests(sb *sandbox.Running, method, path string) (n int, statuses []int) {
	for _, r := range sb.Server.Requests() {
		if r.Method == method && r.Path == path {
			n++
			statuses = append(statuses, r.Status)
		}
	}
	return n, statuses
}

// events collects what a client publishes.
type events struct {
	mu  sync.Mutex
	all []client.Event
}

func collect(c *client.Client) *events {
	e := &events{}
	c.Subscribe(func(ev client.Event) {
		e.mu.Lock()
		e.all = append(e.all, ev)
		e.mu.Unlock()
	})
	return e
}

func (e *events) retries() []client.RetryEvent {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []client.RetryEvent
	for _, ev := range e.all {
		if r, ok := ev.(client.RetryEvent); ok {
			out = append(out, r)
		}
	}
	return out
}

func (e *events) count(match func(client.Event) bool) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, ev := range e.all {
		if match(ev) {
			n++
		}
	}
	return n
}

// swapSource is a token source that, once invalidated, hands out the next token.
type swapSource struct {
	mu          sync.Mutex
	current     string
	next        func() string
	invalidated []string
}

func (s *swapSource) Token() (*oauth2.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &oauth2.Token{AccessToken: s.current}, nil
}

func (s *swapSource) Invalidate(tok string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.invalidated = append(s.invalidated, tok)
	if tok == s.current && s.next != nil {
		s.current = s.next()
	}
}
