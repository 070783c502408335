package sandbox

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// startT starts a sandbox on a random loopback port for a test and closes it when the
// test ends (sandboxtest.Start, which these tests cannot import: it imports this
// package).
func startT(t testing.TB, opts Options) *Running {
	t.Helper()
	r, err := Start("", opts)
	if err != nil {
		t.Fatalf("start sandbox: %v", err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r
}

// fakeClock is an Options.Now that only moves when told to.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// tc is a tiny HTTP client for the tests: Version and the token are sent by default.
type tc struct {
	t     testing.TB
	base  string
	token string
	hc    *http.Client
}

func newTC(t testing.TB, r *Running) *tc {
	return &tc{t: t, base: r.URL, token: r.Server.DemoToken(), hc: &http.Client{Timeout: 10 * time.Second}}
}

func (c *tc) as(token string) *tc {
	cp := *c
	cp.token = token
	return &cp
}

type resp struct {
	status int
	header http.Header
	body   []byte
}

// do sends a request. body may be nil, a string (sent raw) or a value (sent as JSON).
// hdr overrides headers; a value of "" deletes one.
func (c *tc) do(method, path string, body any, hdr ...string) *resp {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Version", "2021-07-28")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			req.Header.Del(hdr[i])
		} else {
			req.Header.Set(hdr[i], hdr[i+1])
		}
	}
	res, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	return &resp{status: res.StatusCode, header: res.Header, body: b}
}

func (c *tc) get(path string) *resp { c.t.Helper(); return c.do(http.MethodGet, path, nil) }
func (c *tc) post(path string, body any) *resp {
	c.t.Helper()
	return c.do(http.MethodPost, path, body)
}
func (r *resp) String() string             { return string(r.body) }
func (r *resp) header1(name string) string { return r.header.Get(name) }
func (r *resp) hasStatus(t testing.TB, want int) *resp {
	t.Helper()
	if r.status != want {
		t.Fatalf("status %d, want %d; body %s", r.status, want, r.body)
	}
	return r
}

// obj decodes an object body.
func (r *resp) obj(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body is not a JSON object: %v: %s", err, r.body)
	}
	return m
}

// into decodes the body into v.
func (r *resp) into(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decode %T: %v: %s", v, err, r.body)
	}
}

// wantError checks an error body: status, statusCode and a message containing want
// (for 422 the message must be an array with an element containing want).
func (r *resp) wantError(t testing.TB, status int, want string) {
	t.Helper()
	r.hasStatus(t, status)
	if ct := r.header1("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type %q", ct)
	}
	m := r.obj(t)
	if m["statusCode"] != float64(status) {
		t.Fatalf("statusCode %v, want %d: %s", m["statusCode"], status, r.body)
	}
	if tid, _ := m["traceId"].(string); len(tid) != 32 {
		t.Fatalf("traceId missing: %s", r.body)
	}
	switch msg := m["message"].(type) {
	case string:
		if status == 422 {
			t.Fatalf("422 message must be an array: %s", r.body)
		}
		if !strings.Contains(msg, want) {
			t.Fatalf("message %q does not contain %q", msg, want)
		}
	case []any:
		if status != 422 {
			t.Fatalf("only 422 messages are arrays: %s", r.body)
		}
		for _, m := range msg {
			if s, _ := m.(string); strings.Contains(s, want) {
				return
			}
		}
		t.Fatalf("no message contains %q: %s", want, r.body)
	default:
		t.Fatalf("message missing: %s", r.body)
	}
}

// seeded returns the seed records straight from a fresh data set.
func seeded() *data { return seedSub(lakeside) }

func firstFunnel(d *data, name string) *funnelRec {
	for _, f := range d.funnels {
		if f.Name == name {
			return f
		}
	}
	return nil
}
