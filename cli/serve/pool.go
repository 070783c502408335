package serve

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// pool is what every session of the server shares: one client per account and
// sub-account (one pacer, so one rate-limit budget, and one lane that puts a
// person's requests before any session's crawl), one index per sub-account, and how
// many sessions use each sub-account now. Its clients renew their tokens under the
// pool's own life, never a session's: the session that opened a client ends long
// before the client does.
type pool struct {
	audit *auditlog.Log
	life  context.Context
	end   context.CancelFunc

	mu      sync.Mutex
	clients map[string]*client.Client
	indexes map[string]*index.Store
	using   map[string]int    // sessions that opened a client of the sub-account
	names   map[string]string // each sub-account's name once looked for ("" when none was found)
}

func newPool(audit *auditlog.Log) *pool {
	life, end := context.WithCancel(context.Background())
	return &pool{audit: audit, life: life, end: end, clients: map[string]*client.Client{}, indexes: map[string]*index.Store{}, using: map[string]int{},
		names: map[string]string{}}
}

// accountKey names one account's client: profile, base URL, sub-account, and
// whether it signs in (the conversion event's client does not).
func accountKey(cfg *config.Config, opts client.Options) string {
	return strings.Join([]string{cfg.Profile.Name, opts.BaseURL, opts.LocationID, fmt.Sprint(opts.TokenSource != nil)}, "\x00")
}

// client is the shared client of the account, built from opts the first time.
func (p *pool) client(key string, opts client.Options) (*client.Client, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.clients[key]; ok {
		return c, nil
	}
	opts.ReadOnly = false // each session's view decides
	opts.TokenSource = auth.Shared(p.life, opts.TokenSource)
	c, err := client.New(opts)
	if err != nil {
		return nil, err
	}
	p.clients[key] = c
	return c, nil
}

// index is the shared index of the account, opened by open the first time.
func (p *pool) index(key string, open func() (*index.Store, error)) (*index.Store, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if s, ok := p.indexes[key]; ok {
		return s, nil
	}
	s, err := open()
	if err != nil {
		return nil, err
	}
	p.indexes[key] = s
	return s, nil
}

// lookUpName keeps the sub-account's name, found by find the first time any session
// asks (find runs outside the lock: two sessions may both look, once each).
func (p *pool) lookUpName(location string, find func() string) {
	p.mu.Lock()
	_, ok := p.names[location]
	p.mu.Unlock()
	if ok {
		return
	}
	n := find()
	p.mu.Lock()
	p.names[location] = n
	p.mu.Unlock()
}

// known is the sub-account's name when a session found one.
func (p *pool) known(location string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.names[location]
}

// join counts one more session on the sub-account; leave one fewer.
func (p *pool) join(location string) {
	p.mu.Lock()
	p.using[location]++
	p.mu.Unlock()
}

func (p *pool) leave(location string) {
	p.mu.Lock()
	if p.using[location]--; p.using[location] <= 0 {
		delete(p.using, location)
	}
	p.mu.Unlock()
}

// sharing is how many sessions use the sub-account now.
func (p *pool) sharing(location string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.using[location]
}

// closeWithin stops the clients' renewals and closes the indexes, waiting at most
// wait: an index still in a transaction of a session that has not ended waits for
// it, and the process may end first.
func (p *pool) closeWithin(wait time.Duration) {
	p.end()
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, s := range p.indexes {
			_ = s.Close()
		}
	}()
	select {
	case <-closed:
	case <-time.After(wait):
	}
}
