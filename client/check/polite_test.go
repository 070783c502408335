package check

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hostCounter counts requests by host and URL, and the most under way at once per
// host.
type hostCounter struct {
	mu      sync.Mutex
	now     map[string]int
	most    map[string]int
	perURL  map[string]int
	agents  map[string]bool
	cookies int
	auth    int
}

func newHostCounter() *hostCounter {
	return &hostCounter{now: map[string]int{}, most: map[string]int{}, perURL: map[string]int{}, agents: map[string]bool{}}
}

// wrap counts around next.
func (c *hostCounter) wrap(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := strings.ToLower(r.Host)
		c.mu.Lock()
		c.now[host]++
		c.most[host] = max(c.most[host], c.now[host])
		c.perURL[host+r.URL.RequestURI()]++
		c.agents[r.UserAgent()] = true
		if r.Header.Get("Cookie") != "" {
			c.cookies++
		}
		if r.Header.Get("Authorization") != "" {
			c.auth++
		}
		c.mu.Unlock()
		defer func() {
			c.mu.Lock()
			c.now[host]--
			c.mu.Unlock()
		}()
		next(w, r)
	})
}

// Requests to one host never exceed PerHost at once, and hosts are asked side by
// side; every address is asked once however often the location names it; the
// User-Agent names funnels and no cookie or token is sent.
func TestPoliteness(t *testing.T) {
	count := newHostCounter()
	site := startTestSite(t, count.wrap(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/r") {
			// Every redirect leads to the same step, through a hop.
			http.Redirect(w, r, "/hop", http.StatusMovedPermanently)
			return
		}
		if r.URL.Path == "/hop" {
			http.Redirect(w, r, "/p0", http.StatusMovedPermanently)
			return
		}
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "x"})
		time.Sleep(20 * time.Millisecond)
		page(w, r)
	}))
	var log dialLog
	opts := site.options(&log)
	opts.PerHost = 3
	var loc Location
	for _, h := range []string{"a.check.test", "b.check.test", "c.check.test"} {
		loc.Steps = append(loc.Steps, steps(h, 40)...)
		loc.Steps = append(loc.Steps, steps(h, 40)...) // each step twice
		for i := range 10 {
			loc.Redirects = append(loc.Redirects, Redirect{ID: h + itoa(i), Host: h, Path: "/r" + itoa(i), Target: "/hop"})
		}
	}
	res, err := Run(ctxT(t), []Location{loc, loc}, opts) // the location twice, too
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if !r.Complete {
			t.Fatal("incomplete")
		}
	}
	count.mu.Lock()
	defer count.mu.Unlock()
	for host, most := range count.most {
		if most > 3 {
			t.Errorf("%s: %d requests at once, more than 3", host, most)
		}
	}
	if count.most["a.check.test"] < 2 {
		t.Errorf("a.check.test was never asked twice at once: %v", count.most)
	}
	for u, n := range count.perURL {
		if n != 1 {
			t.Errorf("%s asked %d times", u, n)
		}
	}
	if len(count.perURL) != 3*(40+10+1+1) {
		t.Errorf("%d addresses asked", len(count.perURL))
	}
	if count.cookies != 0 || count.auth != 0 {
		t.Errorf("%d requests sent a cookie, %d a token", count.cookies, count.auth)
	}
	if len(count.agents) != 1 || !count.agents[DefaultUserAgent] || !strings.Contains(DefaultUserAgent, "funnels") {
		t.Errorf("user agents %v", count.agents)
	}
}

// A 429 with a short Retry-After is waited out, the host left alone meanwhile, and
// asked once more; one asking for longer than MaxRetryAfter is not waited.
func TestRetryAfter(t *testing.T) {
	var mu sync.Mutex
	var first, retried, other time.Time
	site := startTestSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case r.Host == "busy.check.test" && r.URL.Path == "/p0" && first.IsZero():
			first = time.Now()
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		case r.Host == "busy.check.test" && r.URL.Path == "/p0":
			retried = time.Now()
		case r.Host == "busy.check.test" && r.URL.Path == "/p1":
			other = time.Now()
		case r.Host == "full.check.test" && r.URL.Path == "/p0":
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		page(w, r)
	}))
	var log dialLog
	opts := site.options(&log)
	opts.PerHost = 1
	loc := Location{Steps: append(steps("busy.check.test", 2), steps("full.check.test", 1)...)}
	start := time.Now()
	res, err := Run(ctxT(t), []Location{loc}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if retried.Sub(first) < time.Second {
		t.Errorf("asked again %v after a Retry-After of 1 s", retried.Sub(first))
	}
	if other.Before(first.Add(time.Second)) {
		t.Errorf("the host was asked %v after its Retry-After", other.Sub(first))
	}
	if time.Since(start) > time.Minute {
		t.Errorf("a Retry-After of an hour was waited")
	}
	got := problems(res[0])
	want := []string{"error status step full.check.test/p0"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("found %v", got)
	}
	for _, f := range res[0].Findings {
		if f.Kind == KindStatus && f.Evidence.RetryAfterMillis != 3600_000 {
			t.Errorf("evidence %+v", f.Evidence)
		}
	}
}

// A run ends within a second of its context, answered or not, and says what it
// had not finished.
func TestCancelWithinASecond(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	var asked atomic.Int32
	site := startTestSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		if r.URL.Path == "/" {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		select { // a server that never answers
		case <-release:
		case <-r.Context().Done():
		}
	}))
	var log dialLog
	opts := site.options(&log)
	var loc Location
	for _, h := range []string{"a.check.test", "b.check.test"} {
		loc.Steps = append(loc.Steps, steps(h, 50)...)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var progress atomic.Value
	opts.Progress = func(p Progress) { progress.Store(p) }
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	res, err := Run(ctx, []Location{loc}, opts)
	took := time.Since(start) - 300*time.Millisecond
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v", err)
	}
	if took > time.Second {
		t.Errorf("ended %v after the cancel", took)
	}
	if res[0].Complete || asked.Load() == 0 {
		t.Errorf("complete %v after %d requests", res[0].Complete, asked.Load())
	}
	if p := progress.Load().(Progress); p.Total < 100 || p.Done >= p.Total {
		t.Errorf("progress %+v", p)
	}
}

// What is read of a page is bounded: an endless head is read to MaxBody and no
// further, and the connection is closed rather than drained.
func TestBodyIsBounded(t *testing.T) {
	site := startTestSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html><head><title>Endless</title>"))
		chunk := []byte(strings.Repeat(`<meta name="x" content="y">`, 1000))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	var read atomic.Int64
	var log dialLog
	opts := site.options(&log)
	opts.MaxBody = 256 << 10
	opts.Dial = countingDial(&log, &read)
	res, err := Run(ctxT(t), []Location{{Steps: steps("big.check.test", 1)}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	// The root of the domain is as endless: two pages, each MaxBody and a drain.
	if limit := int64(2*(opts.MaxBody+drainLimit) + 256<<10); read.Load() > limit {
		t.Errorf("read %d bytes, more than %d", read.Load(), limit)
	}
	var title string
	for _, f := range res[0].Findings {
		if f.Subject.Type == SubjectStep {
			title = f.Evidence.Title
		}
	}
	if !strings.Contains(strings.Join(problems(res[0]), "\n"), "no-description") {
		t.Errorf("found %v (title %q)", problems(res[0]), title)
	}
}

// countingDial dials as log does and counts the bytes read from each connection.
func countingDial(log *dialLog, read *atomic.Int64) func(ctx context.Context, network, address string) (net.Conn, error) {
	return func(ctx context.Context, network, address string) (net.Conn, error) {
		c, err := log.dial(ctx, network, address)
		if err != nil {
			return nil, err
		}
		return &countingConn{Conn: c, n: read}, nil
	}
}

type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// An answer's headers are bounded as a browser bounds them: a server that sends
// megabytes of them is an answer that failed, and what is read of it stays near the
// bound.
func TestHeadersAreBounded(t *testing.T) {
	huge := strings.Repeat("a", 4<<20)
	site := startTestSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Huge", huge)
		page(w, r)
	}))
	var read atomic.Int64
	var log dialLog
	opts := site.options(&log)
	opts.Dial = countingDial(&log, &read)
	res, err := Run(ctxT(t), []Location{{Steps: steps("big.check.test", 1)}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	dials := int64(len(log.list()))
	if limit := dials * (maxHeaderBytes + drainLimit); read.Load() > limit {
		t.Errorf("read %d bytes over %d connections, more than %d", read.Load(), dials, limit)
	}
	https := 0
	for _, a := range res[0].Answers {
		if !strings.HasPrefix(a.URL, "https://") {
			continue // the site's plain side redirects, with headers of a usual size
		}
		https++
		if a.Failure == nil {
			t.Errorf("%s: an answer with 4 MiB of headers was taken (status %d)", a.URL, a.Status)
		}
	}
	if https == 0 {
		t.Errorf("no page was asked over https: %v", log.list())
	}
}
