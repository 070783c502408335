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

// RequestStarted says a request left; InFlight counts those not yet finished.
type RequestStarted struct {
	ID       uint64
	Method   string
	Path     string
	InFlight int
}

// RequestFinished carries the record of one finished request (after its retries).
type RequestFinished struct {
	Record   RequestRecord
	InFlight int
}

// RequestRecord is one line of the request log. It never holds a token: Authorized
// only says whether a bearer token was sent.
type RequestRecord struct {
	ID         uint64
	Method     string
	URL        string // full URL of the request
	Path       string // path and query, for display
	Body       []byte // the JSON sent, if any
	Authorized bool
	Status     int // 0 when no answer came
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

// hub holds subscribers and the latest rate-limit snapshot. It belongs to one Client.
type hub struct {
	// pub is held while a change is made and told to the subscribers, so that they
	// hear changes in the order they were made: told out of order, a screen that shows
	// the last in-flight count it heard would keep saying "1 request" when none is.
	pub      sync.Mutex
	mu       sync.Mutex // guards the fields below
	subs     map[int]func(Event)
	nextSub  int
	rate     RateLimit
	inFlight int
	idle     chan struct{} // closed when inFlight drops to 0; a new one when it leaves 0
}

// Subscribe registers fn for every event of this client until the returned func is
// called. fn runs on the goroutine that made the request, one event at a time and in
// the order things happened: it must not block for long, nor make requests itself.
func (c *Client) Subscribe(fn func(Event)) (unsubscribe func()) {
	h := c.hub
	h.mu.Lock()
	id := h.nextSub
	h.nextSub++
	if h.subs == nil {
		h.subs = map[int]func(Event){}
	}
	h.subs[id] = fn
	h.mu.Unlock()
	return func() {
		h.mu.Lock()
		delete(h.subs, id)
		h.mu.Unlock()
	}
}

// Rate returns the latest rate-limit snapshot.
func (c *Client) Rate() RateLimit {
	c.hub.mu.Lock()
	defer c.hub.mu.Unlock()
	return c.hub.rate
}

// InFlight returns how many requests are under way.
func (c *Client) InFlight() int {
	c.hub.mu.Lock()
	defer c.hub.mu.Unlock()
	return c.hub.inFlight
}

// Idle waits until no request of this client is under way, or ctx ends. A request
// whose caller gave up ends at once, except while it waits for a token refresh that was
// already sent: that one finishes and is saved first.
func (c *Client) Idle(ctx context.Context) error {
	for {
		c.hub.mu.Lock()
		n, idle := c.hub.inFlight, c.hub.idle
		c.hub.mu.Unlock()
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
func (h *hub) publish(e Event) {
	h.pub.Lock()
	defer h.pub.Unlock()
	h.tell(e)
}

// tell calls every subscriber with e; the caller holds h.pub.
func (h *hub) tell(e Event) {
	h.mu.Lock()
	subs := make([]func(Event), 0, len(h.subs))
	for _, fn := range h.subs {
		subs = append(subs, fn)
	}
	h.mu.Unlock()
	for _, fn := range subs {
		fn(e)
	}
}

// setRate stores a new snapshot and publishes it when something a person would see
// changed.
func (h *hub) setRate(r RateLimit) {
	h.pub.Lock()
	defer h.pub.Unlock()
	h.mu.Lock()
	old := h.rate
	h.rate = r
	h.mu.Unlock()
	if old.Limit != r.Limit || old.Remaining != r.Remaining || !old.Reset.Equal(r.Reset) ||
		old.DailyRemaining != r.DailyRemaining || old.Interval != r.Interval {
		h.tell(RateEvent{Rate: r})
	}
}

func (h *hub) started(id uint64, method, path string) {
	h.pub.Lock()
	defer h.pub.Unlock()
	h.mu.Lock()
	if h.inFlight == 0 {
		h.idle = make(chan struct{})
	}
	h.inFlight++
	n := h.inFlight
	h.mu.Unlock()
	h.tell(RequestStarted{ID: id, Method: method, Path: path, InFlight: n})
}

func (h *hub) finished(rec RequestRecord) {
	h.pub.Lock()
	defer h.pub.Unlock()
	h.mu.Lock()
	h.inFlight--
	n := h.inFlight
	if n == 0 {
		close(h.idle)
	}
	h.mu.Unlock()
	h.tell(RequestFinished{Record: rec, InFlight: n})
}
