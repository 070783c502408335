// Package hostile is a funnels API that lies: the sandbox with its answers bent the
// ways a broken or malicious server could bend them, so tests can show that the client,
// the commands and the browser hold up. It is for tests only (it is imported from
// _test files alone, so the shipped binary never links it).
//
// A Server wraps a sandbox (client/sandbox): sign-in, tokens, the seeded data and
// every route it does not bend are the sandbox's own. The modes, which may be
// combined:
//
//   - FarFutureReset: every API answer is a 429 with X-RateLimit-Remaining 0 and
//     X-RateLimit-Reset 999999999999 (epoch seconds in the year 33658).
//   - FarFutureRetryAfter: every API answer is a 429 with
//     Retry-After: Fri, 31 Dec 9999 23:59:59 GMT.
//   - EndlessPages: GET /funnels/page ignores offset: every answer is the same full
//     batch of 20 (the funnel's real pages, then copies of them with ids of their own).
//   - EndlessFunnelPages: GET /funnels/funnel/list answers every offset with a full
//     page of funnels never seen before (the real ones, then copies with new ids), and
//     a count of 1,000,000,000.
//   - HugeNames: the first record of every list answer (funnel list, folder entities,
//     pages) has a name of HugeNameSize bytes.
//   - LoneZWJ: every name has a lone U+200D ZERO WIDTH JOINER in it, after its first
//     word (see WithZWJ).
//   - RandomLies: each API answer is, at random (Reseed picks the sequence), the
//     sandbox's own, a list's count a thousand times too big, the first page whatever
//     the offset, a first name of RandomHugeSize bytes, held back up to
//     RandomSlowest, a 500, 502 or 503, or a body cut half-way (random.go).
//
// Use:
//
//	h := hostile.StartT(t, hostile.EndlessPages, sandbox.Options{})
//	// h.URL, h.Sandbox.DemoToken(), h.Sandbox.LocationID(), h.Count("GET", "/funnels/page")
package hostile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// Mode is one way of lying; modes combine with |.
type Mode uint

// The modes.
const (
	FarFutureReset Mode = 1 << iota
	FarFutureRetryAfter
	EndlessPages
	EndlessFunnelPages
	HugeNames
	LoneZWJ
	RandomLies
)

// Header values and sizes the modes use, for tests to name in their expectations.
const (
	FarResetValue      = "999999999999"
	FarRetryAfterValue = "Fri, 31 Dec 9999 23:59:59 GMT"
	EndlessCount       = 1_000_000_000
	HugeNameSize       = 10 << 20
	ZWJ                = "\u200d"
	pagesBatch         = 20 // what GET /funnels/page answers in EndlessPages
)

// Server is a hostile API on a loopback port.
type Server struct {
	URL     string          // base URL, e.g. http://127.0.0.1:40123
	Sandbox *sandbox.Server // the sandbox underneath: tokens, location, request log

	mode   Mode
	front  *httptest.Server
	mu     sync.Mutex
	counts map[string]int // "GET /funnels/page" → requests received
	rng    *rand.Rand     // what RandomLies draws from, under mu
}

// Start serves a hostile API with modes over a new sandbox built from opts, on a
// random loopback port. Close it when done.
func Start(modes Mode, opts sandbox.Options) *Server {
	s := &Server{Sandbox: sandbox.New(opts), mode: modes, counts: map[string]int{}}
	s.front = httptest.NewServer(s)
	s.URL = s.front.URL
	return s
}

// TB is the part of testing.TB that StartT needs (this package does not link testing).
type TB interface {
	Helper()
	Cleanup(func())
}

// StartT starts a hostile API for a test and closes it when the test ends.
func StartT(t TB, modes Mode, opts sandbox.Options) *Server {
	t.Helper()
	s := Start(modes, opts)
	t.Cleanup(s.Close)
	return s
}

// Close stops the server and closes every connection.
func (s *Server) Close() { s.front.Close() }

// Count is how many requests of method and path (no query) arrived.
func (s *Server) Count(method, path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[method+" "+path]
}

// WithZWJ is name as LoneZWJ sends it: a U+200D after the first word (at the end
// when there is one word).
func WithZWJ(name string) string {
	if i := strings.IndexByte(name, ' '); i > 0 {
		return name[:i] + ZWJ + name[i:]
	}
	return name + ZWJ
}

// ServeHTTP answers one request as the modes say.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	api := !strings.HasPrefix(r.URL.Path, "/oauth/") && !strings.HasPrefix(r.URL.Path, "/_sandbox")
	if api {
		s.mu.Lock()
		s.counts[r.Method+" "+r.URL.Path]++
		s.mu.Unlock()
	}
	switch {
	case !api:
		s.Sandbox.ServeHTTP(w, r)
	case s.mode&FarFutureReset != 0:
		h := w.Header()
		h.Set("X-RateLimit-Max", "100")
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset", FarResetValue)
		h.Set("X-RateLimit-Interval-Milliseconds", "10000")
		tooMany(w)
	case s.mode&FarFutureRetryAfter != 0:
		w.Header().Set("Retry-After", FarRetryAfterValue)
		tooMany(w)
	case s.mode&EndlessPages != 0 && r.Method == http.MethodGet && r.URL.Path == "/funnels/page":
		s.endlessPages(w, r)
	case s.mode&EndlessFunnelPages != 0 && r.Method == http.MethodGet && r.URL.Path == "/funnels/funnel/list":
		s.endlessFunnels(w, r)
	case s.mode&RandomLies != 0:
		s.randomLie(w, r)
	default:
		s.bent(w, r)
	}
}

func tooMany(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	_, _ = w.Write([]byte(`{"statusCode":429,"message":"Too many requests"}` + "\n"))
}

// inner asks the sandbox for r with its query replaced by q.
func (s *Server) inner(r *http.Request, q url.Values) *httptest.ResponseRecorder {
	r2 := r.Clone(r.Context())
	r2.URL.RawQuery = q.Encode()
	r2.RequestURI = ""
	rec := httptest.NewRecorder()
	s.Sandbox.ServeHTTP(rec, r2)
	return rec
}

// endlessPages answers every offset with the same full batch.
func (s *Server) endlessPages(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	q.Set("offset", "0")
	q.Set("limit", strconv.Itoa(pagesBatch))
	rec := s.inner(r, q)
	var pages []map[string]any
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &pages) != nil || len(pages) == 0 {
		copyAnswer(w, rec)
		return
	}
	answer(w, rec, fill(pages, pagesBatch, 0))
}

// endlessFunnels answers every offset with a full page of funnels never sent before.
func (s *Server) endlessFunnels(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	offset, _ := strconv.Atoi(q.Get("offset"))
	limit, _ := strconv.Atoi(q.Get("limit"))
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	q.Del("offset")
	q.Set("limit", "100")
	rec := s.inner(r, q)
	var body struct {
		Funnels []map[string]any `json:"funnels"`
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil || len(body.Funnels) == 0 {
		copyAnswer(w, rec)
		return
	}
	answer(w, rec, map[string]any{"funnels": fill(body.Funnels, limit, max(offset, 0)), "count": EndlessCount})
}

// fill returns n records starting at position from of the endless sequence
// real[0], real[1], …, real[last], copies of real[0], real[1], … with ids of their own.
func fill(real []map[string]any, n, from int) []map[string]any {
	out := make([]map[string]any, 0, n)
	for i := from; i < from+n; i++ {
		src := real[i%len(real)]
		if i < len(real) {
			out = append(out, src)
			continue
		}
		cp := make(map[string]any, len(src))
		for k, v := range src {
			cp[k] = v
		}
		for _, k := range []string{"_id", "id"} {
			if id, ok := src[k]; ok {
				cp[k] = fmt.Sprintf("%v-copy%d", id, i)
			}
		}
		cp["name"] = fmt.Sprintf("%v (copy %d)", src["name"], i)
		out = append(out, cp)
	}
	return out
}

// bent passes r to the sandbox and rewrites a JSON answer by the name modes.
func (s *Server) bent(w http.ResponseWriter, r *http.Request) {
	if s.mode&(HugeNames|LoneZWJ) == 0 {
		s.Sandbox.ServeHTTP(w, r)
		return
	}
	rec := s.inner(r, r.URL.Query())
	var v any
	if rec.Code/100 != 2 || json.Unmarshal(rec.Body.Bytes(), &v) != nil {
		copyAnswer(w, rec)
		return
	}
	if s.mode&HugeNames != 0 {
		hugeFirst(v)
	}
	if s.mode&LoneZWJ != 0 {
		v = zwjNames(v)
	}
	answer(w, rec, v)
}

// hugeFirst gives the first record of the answer's list a name of HugeNameSize bytes.
func hugeFirst(v any) {
	list, _ := v.([]any)
	if obj, ok := v.(map[string]any); ok {
		for _, k := range []string{"funnels", "entities", "pages", "folders", "data"} {
			if l, ok := obj[k].([]any); ok && len(l) > 0 {
				list = l
				break
			}
		}
	}
	if len(list) == 0 {
		return
	}
	if rec, ok := list[0].(map[string]any); ok {
		rec["name"] = HugeName()
	}
}

// HugeName is the name HugeNames gives: "Huge name 0000001 " repeated to HugeNameSize
// bytes, so a cut shows where it happened.
// The digits are appended by hand: it is made for every answer that carries it, and
// ten megabytes of Fprintf under the race detector took seconds each time.
func HugeName() string {
	b := make([]byte, 0, HugeNameSize+32)
	for i := 1; len(b) < HugeNameSize; i++ {
		b = append(b, "Huge name "...)
		for d := 1_000_000; d > 0; d /= 10 {
			b = append(b, byte('0'+i/d%10))
		}
		b = append(b, ' ')
	}
	return string(b[:HugeNameSize])
}

// zwjNames puts a lone ZWJ into every "name" string at any depth.
func zwjNames(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			if s, ok := val.(string); ok && k == "name" && s != "" {
				t[k] = WithZWJ(s)
				continue
			}
			t[k] = zwjNames(val)
		}
	case []any:
		for i := range t {
			t[i] = zwjNames(t[i])
		}
	}
	return v
}

// answer writes v as JSON with the status and headers (rate limit, trace id) of the
// sandbox's answer rec.
func answer(w http.ResponseWriter, rec *httptest.ResponseRecorder, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	for k, vals := range rec.Header() {
		w.Header()[k] = vals
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(rec.Code)
	_, _ = w.Write(buf.Bytes())
}

func copyAnswer(w http.ResponseWriter, rec *httptest.ResponseRecorder) {
	for k, vals := range rec.Header() {
		w.Header()[k] = vals
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}
