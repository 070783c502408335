package check

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// runner is one run: every address asked at most once (a future per URL), at most
// PerHost requests to a host at once (that many workers per host, each asking one
// address at a time), at most MaxInFlight over all hosts, and a host's requests held
// back while a Retry-After it sent runs.
type runner struct {
	o      Options
	ctx    context.Context
	client *http.Client
	global chan struct{}
	wg     sync.WaitGroup // the workers

	mu      sync.Mutex
	futures map[string]*future
	resumed map[string]*Answer
	hosts   map[string]*hostQueue

	progMu sync.Mutex
	prog   Progress
}

// future is one address's answer, nil when the run ended before it came.
type future struct {
	url   string
	depth int // redirects followed to get here from an address a location named
	done  chan struct{}
	ans   *Answer
}

// hostQueue is the addresses of one host waiting for its workers.
type hostQueue struct {
	jobs    []*future
	head    int
	workers int
	until   time.Time // no request before this (a Retry-After)
}

func newRunner(ctx context.Context, o Options) *runner {
	r := &runner{o: o, ctx: ctx, global: make(chan struct{}, o.MaxInFlight),
		futures: map[string]*future{}, resumed: map[string]*Answer{}, hosts: map[string]*hostQueue{}}
	r.client = newHTTPClient(&r.o, newDialer(&r.o))
	for i := range o.Resume {
		a := o.Resume[i]
		if n, ok := normURL(a.URL); ok {
			a.URL = n
			r.resumed[n] = &a
		}
	}
	return r
}

// submit is the future of u (normalised), asked now if it is new.
func (r *runner) submit(u string, depth int) *future {
	r.mu.Lock()
	if f, ok := r.futures[u]; ok {
		r.mu.Unlock()
		return f
	}
	f := &future{url: u, depth: depth, done: make(chan struct{})}
	r.futures[u] = f
	if a, ok := r.resumed[u]; ok {
		r.mu.Unlock()
		r.count(func(p *Progress) { p.Total++; p.Reused++ })
		r.complete(f, a)
		return f
	}
	host := hostOf(u)
	q := r.hosts[host]
	if q == nil {
		q = &hostQueue{}
		r.hosts[host] = q
	}
	q.jobs = append(q.jobs, f)
	start := q.workers < r.o.PerHost
	if start {
		q.workers++
		r.wg.Add(1)
	}
	r.mu.Unlock()
	r.count(func(p *Progress) { p.Total++ })
	if start {
		go r.work(q)
	}
	return f
}

// work asks q's addresses one after another until none is left.
func (r *runner) work(q *hostQueue) {
	defer r.wg.Done()
	for {
		r.mu.Lock()
		if q.head == len(q.jobs) {
			q.jobs, q.head = q.jobs[:0], 0
			q.workers--
			r.mu.Unlock()
			return
		}
		f := q.jobs[q.head]
		q.jobs[q.head] = nil
		q.head++
		r.mu.Unlock()
		r.complete(f, r.ask(q, f.url))
	}
}

// ask fetches u under the host's and the run's limits, waiting out one Retry-After
// that is short enough and asking again once.
func (r *runner) ask(q *hostQueue, u string) *Answer {
	for attempt := 0; ; attempt++ {
		if !r.waitHost(q) || !r.acquire() {
			return nil
		}
		r.count(func(p *Progress) { p.InFlight++ })
		a, wait := r.fetchOnce(r.ctx, u)
		r.count(func(p *Progress) { p.InFlight-- })
		<-r.global
		if a == nil || wait <= 0 {
			return a
		}
		if wait > r.o.MaxRetryAfter || attempt > 0 {
			a.RetryAfterMillis = wait.Milliseconds()
			return a
		}
		r.mu.Lock()
		if until := time.Now().Add(wait); until.After(q.until) {
			q.until = until
		}
		r.mu.Unlock()
	}
}

// waitHost waits until the host takes requests again; false when the run ended.
func (r *runner) waitHost(q *hostQueue) bool {
	for {
		r.mu.Lock()
		d := time.Until(q.until)
		r.mu.Unlock()
		if d <= 0 {
			return r.ctx.Err() == nil
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-r.ctx.Done():
			t.Stop()
			return false
		}
	}
}

func (r *runner) acquire() bool {
	select {
	case r.global <- struct{}{}:
		return true
	case <-r.ctx.Done():
		return false
	}
}

// complete settles f and asks where it redirects, so a chain's hops are under way
// before anyone walks it.
func (r *runner) complete(f *future, a *Answer) {
	f.ans = a
	close(f.done)
	r.count(func(p *Progress) {
		if a != nil {
			p.Done++
			if a.Failure != nil {
				p.Failed++
			}
		}
	})
	if a != nil && a.Location != "" && f.depth < r.o.MaxHops {
		if n, ok := normURL(a.Location); ok {
			r.submit(n, f.depth+1)
		}
	}
}

// await is u's answer, asked if it was not; nil when the run ended first.
func (r *runner) await(u string) *Answer {
	f := r.submit(u, r.o.MaxHops)
	select {
	case <-f.done:
		return f.ans
	case <-r.ctx.Done():
		select {
		case <-f.done:
			return f.ans
		default:
			return nil
		}
	}
}

// settled is u's answer if it has come, without waiting or asking.
func (r *runner) settled(u string) *Answer {
	r.mu.Lock()
	f := r.futures[u]
	r.mu.Unlock()
	if f == nil {
		return nil
	}
	select {
	case <-f.done:
		return f.ans
	default:
		return nil
	}
}

// count changes the progress and tells it, one change at a time.
func (r *runner) count(change func(p *Progress)) {
	r.progMu.Lock()
	defer r.progMu.Unlock()
	change(&r.prog)
	if r.o.Progress != nil {
		r.o.Progress(r.prog)
	}
}

// hostOf is the host of a normalised address, the unit of politeness.
func hostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	return strings.ToLower(p.Hostname())
}
