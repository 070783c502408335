package sandbox

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// faultBox holds the random faults, the queue of one-shot failures and the hold on
// writes.
type faultBox struct {
	mu      sync.Mutex
	faults  Faults
	oneShot []failure
	// hold is closed to let the writes it holds go on; nil while writes are not held.
	hold chan struct{}
	held int // writes waiting on hold now
}

// failure is a queued one-shot failure (FailNext, POST /_sandbox/fail).
type failure struct {
	status int
	left   int
	prefix string
}

func (b *faultBox) set(f Faults) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.faults = f.clamped()
}

func (b *faultBox) get() Faults {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.faults
}

func (b *faultBox) queue(status, count int, prefix string) {
	if status < 400 || status > 599 || count <= 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.oneShot = append(b.oneShot, failure{status: status, left: count, prefix: prefix})
}

// take returns the status of the first queued failure that applies to path and uses
// one of its count. An empty prefix applies to API routes only; OAuth routes fail only
// when the prefix names them (e.g. "/oauth/token").
func (b *faultBox) take(path string, api bool) (int, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := range b.oneShot {
		f := &b.oneShot[i]
		if f.prefix == "" && !api || f.prefix != "" && !strings.HasPrefix(path, f.prefix) {
			continue
		}
		f.left--
		status := f.status
		if f.left == 0 {
			b.oneShot = append(b.oneShot[:i], b.oneShot[i+1:]...)
		}
		return status, true
	}
	return 0, false
}

// dailyLimit is how many requests a token's day holds: the fault's, else the
// service's.
func (s *Server) dailyLimit() int {
	if n := s.faults.get().DailyLimit; n > 0 {
		return n
	}
	return dailyLimit
}

// oneShotReply is the JSON answer of a queued failure. 429 and 503 say when to retry.
func oneShotReply(status int) reply {
	msg := http.StatusText(status)
	if msg == "" {
		msg = "Injected failure"
	}
	r := errReply(status, msg)
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		r = r.with("Retry-After", "1")
	}
	return r
}

const badGatewayHTML = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`

// HoldWrites holds every API request that is not a GET or HEAD before it is answered
// (or even checked), until release is called or its client leaves: a test stops a
// run part way through its writes and knows it stays there, whatever the machine's
// speed. WritesHeld says how many wait now. Calling release again does nothing.
func (s *Server) HoldWrites() (release func()) {
	b := s.faults
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.hold == nil {
		b.hold = make(chan struct{})
	}
	hold := b.hold
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.hold == hold {
			close(hold)
			b.hold = nil
		}
	}
}

// WritesHeld is how many writes HoldWrites holds now.
func (s *Server) WritesHeld() int {
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	return s.faults.held
}

// waitHeld waits, for a write while writes are held, until they are let go; false
// when the client left first.
func (b *faultBox) waitHeld(r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	b.mu.Lock()
	hold := b.hold
	if hold != nil {
		b.held++
	}
	b.mu.Unlock()
	if hold == nil {
		return true
	}
	defer func() {
		b.mu.Lock()
		b.held--
		b.mu.Unlock()
	}()
	select {
	case <-hold:
		return true
	case <-r.Context().Done():
		return false
	}
}

// applyFaults runs step 2 of the checks. It reports whether the request has been
// answered (or dropped) already; otherwise it may have marked ex for truncation.
func (s *Server) applyFaults(ex *exchange) bool {
	if !s.faults.waitHeld(ex.r) {
		return true // the client left while held; nobody to answer
	}
	if status, hit := s.faults.take(ex.r.URL.Path, true); hit {
		s.send(ex, oneShotReply(status))
		return true
	}
	f := s.faults.get()
	if f.Latency > 0 || f.FixedLatency > 0 {
		wait := f.FixedLatency
		if f.Latency > 0 {
			wait += rand.N(f.Latency)
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ex.r.Context().Done():
			t.Stop()
			return true // the client left; nobody to answer
		}
	}
	if f.ErrorRate > 0 && rand.Float64() < f.ErrorRate {
		s.sendRandom5xx(ex)
		return true
	}
	if f.DropRate > 0 && rand.Float64() < f.DropRate {
		ex.drop()
		return true
	}
	if f.TruncateRate > 0 && rand.Float64() < f.TruncateRate {
		ex.truncate = true
	}
	return false
}

// sendRandom5xx answers 500, 502 or 503; half of the 502s come as an HTML page from a
// "proxy", which clients must report without choking on it.
func (s *Server) sendRandom5xx(ex *exchange) {
	status := []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable}[rand.IntN(3)]
	if status == http.StatusBadGateway && rand.IntN(2) == 0 {
		ex.write(status, "text/html", []byte(badGatewayHTML))
		return
	}
	r := errReply(status, http.StatusText(status))
	if status == http.StatusServiceUnavailable {
		r = r.with("Retry-After", strconv.Itoa(1))
	}
	s.send(ex, r)
}
