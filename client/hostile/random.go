package hostile

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The lies RandomLies picks from, one per API answer.
const (
	lieNone   = iota // the sandbox's own answer
	lieCount         // a list's count a thousand times what it holds
	lieRepeat        // the first page of a list, whatever the offset
	lieHuge          // the first record's name RandomHugeSize bytes long
	lieSlow          // the answer held back up to RandomSlowest
	lieStatus        // a 500, 502 or 503
	lieCut           // the body cut half-way and the connection closed
	lieKinds
)

// Sizes and waits of RandomLies.
const (
	RandomHugeSize = 256 << 10
	RandomSlowest  = 2 * time.Second
)

// Reseed makes RandomLies tell the lies of seed from now on: one seed, one sequence.
func (s *Server) Reseed(seed uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rng = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// pick draws the next lie and a number below n for it.
func (s *Server) pick(n int) (lie, x int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rng == nil {
		s.rng = rand.New(rand.NewPCG(1, 2))
	}
	return s.rng.IntN(lieKinds), s.rng.IntN(n)
}

// randomLie answers r with one lie drawn at random.
func (s *Server) randomLie(w http.ResponseWriter, r *http.Request) {
	lie, x := s.pick(1000)
	switch lie {
	case lieSlow:
		select {
		case <-time.After(RandomSlowest * time.Duration(x) / 1000):
		case <-r.Context().Done():
			return
		}
	case lieStatus:
		w.Header().Set("Content-Type", "application/json")
		code := []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable}[x%3]
		w.WriteHeader(code)
		_, _ = w.Write([]byte(`{"statusCode":` + strconv.Itoa(code) + `,"message":"a lie"}`))
		return
	}
	q := r.URL.Query()
	if lie == lieRepeat {
		q.Del("offset")
		q.Del("skip")
	}
	rec := s.inner(r, q)
	var v any
	if rec.Code/100 != 2 || json.Unmarshal(rec.Body.Bytes(), &v) != nil {
		copyAnswer(w, rec)
		return
	}
	switch lie {
	case lieCount:
		if obj, ok := v.(map[string]any); ok {
			for k, c := range obj {
				if n, ok := c.(float64); ok && strings.Contains(strings.ToLower(k), "count") {
					obj[k] = n*1000 + 1000
				}
			}
		}
	case lieHuge:
		renameFirst(v, strings.Repeat("Huge ", RandomHugeSize/5))
	case lieCut:
		var buf bytes.Buffer
		_ = json.NewEncoder(&buf).Encode(v)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
		w.WriteHeader(rec.Code)
		_, _ = w.Write(buf.Bytes()[:buf.Len()/2])
		panic(http.ErrAbortHandler) // the connection is closed mid-body
	}
	answer(w, rec, v)
}

// renameFirst gives the first record of the answer's list the name name.
func renameFirst(v any, name string) {
	list, _ := v.([]any)
	if obj, ok := v.(map[string]any); ok {
		for _, k := range []string{"funnels", "entities", "pages", "folders", "redirects", "data"} {
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
		rec["name"] = name
	}
}
