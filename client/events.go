package client

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Event is something a subscriber (the status bar, the request log) wants to know.
// It is one of RateEvent, RetryEvent, RequestStarted, RequestFinished or AccessEvent.
type Event interface{ isEvent() }

// RateEvent says the rate-limit snapshot changed.
type RateEvent struct{ Rate RateLimit }

// RetryEvent says a request failed and will be sent again after Wait.
type RetryEvent struct {
	Method, Path string
	Attempt      int // the attempt that failed, from 1
	Wait         time.Duration
	StatusCode   int // 0 for a network failure
	Cause        string
	Background   bool // the request was background work (sent with Background)
}

// String reads well in a status bar: "rate limited, retrying in 2s".
func (e RetryEvent) String() string {
	wait := e.Wait.Round(time.Second)
	if e.Wait < time.Second {
		wait = e.Wait.Round(100 * time.Millisecond)
	}
	switch {
	case e.StatusCode == http.StatusTooManyRequests:
		return fmt.Sprintf("rate limited, retrying in %s", wait)
	case e.StatusCode >= 500:
		return fmt.Sprintf("%d from server, retrying in %s", e.StatusCode, wait)
	default:
		return fmt.Sprintf("%s, retrying in %s", e.Cause, wait)
	}
}

// RequestStarted says a request left; InFlight counts those not yet finished, and
// Background how many of them are background work (sent with Background).
type RequestStarted struct {
	ID         uint64
	Method     string
	Path       string
	InFlight   int
	Background int
	// IsBackground is set when this request itself is background work.
	IsBackground bool
	// Prior is, for a write, what it changes as the caller last read it (WithPrior).
	Prior []byte
	// Body is the JSON it sends, if any.
	Body []byte
}

// RequestFinished carries the record of one finished request (after its retries).
type RequestFinished struct {
	Record     RequestRecord
	InFlight   int
	Background int // background requests among InFlight
}

// RequestRecord is one line of the request log. It never holds a token: Authorized
// only says whether a bearer token was sent.
type RequestRecord struct {
	ID         uint64
	Method     string
	URL        string // full URL of the request
	Path       string // path and query, for display
	Body       []byte // the JSON sent, if any
	Prior      []byte // a write's record before it, as the caller gave it (WithPrior)
	Answer     []byte // a write's answer body, up to 64 KiB (nil beyond, and for reads)
	Version    string // the Version header sent
	Authorized bool
	Background bool // sent with Background: work nobody waits for (the index's crawl)
	Status     int  // 0 when no answer came
	Err        string
	Canceled   bool // ended because the caller's context did (it was no longer needed)
	TraceID    string
	Rate       RateLimit
	Attempts   int
	Started    time.Time
	Latency    time.Duration
}

func (RateEvent) isEvent()       {}
func (RetryEvent) isEvent()      {}
func (RequestStarted) isEvent()  {}
func (RequestFinished) isEvent() {}

// eventBus tells a client's subscribers what it does (rate, retries, requests,
// access) and keeps what they may ask at any time: the latest rate-limit snapshot and
// the requests under way. It belongs to one Client.
type eventBus struct {
	// pub is held while a change is made and told to the subscribers, so that they
	// hear changes in the order they were made: told out of order, a screen that shows
	// the last in-flight count it heard would keep saying "1 request" when none is.
	pub      sync.Mutex
	mu       sync.Mutex // guards the fields below
	subs     map[int]func(Event)
	nextSub  int
	rate     RateLimit
	inFlight int
	bgFlight int           // background requests among inFlight
	idle     chan struct{} // closed when inFlight drops to 0; a new one when it leaves 0
}

// Subscribe registers fn for every event of this client until the returned func is
// called. fn runs on the goroutine that made the request, one event at a time and in
// the order things happened: it must not block for long, nor make requests itself.
func (c *Client) Subscribe(fn func(Event)) (unsubscribe func()) {
	b := c.bus
	b.mu.Lock()
	id := b.nextSub
	b.nextSub++
	if b.subs == nil {
		b.subs = map[int]func(Event){}
	}
	b.subs[id] = fn
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		delete(b.subs, id)
		b.mu.Unlock()
	}
}

// Rate returns the latest rate-limit snapshot.
func (c *Client) Rate() RateLimit {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	return c.bus.rate
}

// InFlight returns how many requests are under way.
func (c *Client) InFlight() int {
	c.bus.mu.Lock()
	defer c.bus.mu.Unlock()
	return c.bus.inFlight
}

// Idle waits until no request of this client is under way, or ctx ends. A request
// whose caller gave up ends at once, except while it waits for a token refresh that was
// already sent: that one finishes and is saved first.
func (c *Client) Idle(ctx context.Context) error {
	for {
		c.bus.mu.Lock()
		n, idle := c.bus.inFlight, c.bus.idle
		c.bus.mu.Unlock()
		if n == 0 {
			return nil
		}
		select {
		case <-idle:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// publish tells every subscriber of e, in turn with every other change.
func (b *eventBus) publish(e Event) {
	b.pub.Lock()
	defer b.pub.Unlock()
	b.tell(e)
}

// tell calls every subscriber with e; the caller holds b.pub.
func (b *eventBus) tell(e Event) {
	b.mu.Lock()
	subs := make([]func(Event), 0, len(b.subs))
	for _, fn := range b.subs {
		subs = append(subs, fn)
	}
	b.mu.Unlock()
	for _, fn := range subs {
		fn(e)
	}
}

// setRate stores a new snapshot and publishes it when something a person would see
// changed.
func (b *eventBus) setRate(r RateLimit) {
	b.pub.Lock()
	defer b.pub.Unlock()
	b.mu.Lock()
	old := b.rate
	b.rate = r
	b.mu.Unlock()
	if old.Limit != r.Limit || old.Remaining != r.Remaining || !old.Reset.Equal(r.Reset) ||
		old.DailyRemaining != r.DailyRemaining || old.Interval != r.Interval {
		b.tell(RateEvent{Rate: r})
	}
}

func (b *eventBus) started(id uint64, method, path string, background bool, prior, body []byte) {
	b.pub.Lock()
	defer b.pub.Unlock()
	b.mu.Lock()
	if b.inFlight == 0 {
		b.idle = make(chan struct{})
	}
	b.inFlight++
	if background {
		b.bgFlight++
	}
	n, bg := b.inFlight, b.bgFlight
	b.mu.Unlock()
	b.tell(RequestStarted{ID: id, Method: method, Path: path, InFlight: n, Background: bg, IsBackground: background, Prior: prior, Body: body})
}

func (b *eventBus) finished(rec RequestRecord) {
	b.pub.Lock()
	defer b.pub.Unlock()
	b.mu.Lock()
	b.inFlight--
	if rec.Background {
		b.bgFlight--
	}
	n, bg := b.inFlight, b.bgFlight
	if n == 0 {
		close(b.idle)
	}
	b.mu.Unlock()
	b.tell(RequestFinished{Record: rec, InFlight: n, Background: bg})
}
