package sandbox

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Many clients reading and writing at once: run with -race.
func TestConcurrentUse(t *testing.T) {
	r := startT(t, Options{Limit: 10000})
	c := newTC(t, r)
	f := funnelByName(t, c, "Referral Rewards")
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 10; j++ {
				id := fmt.Sprintf("%08x-0000-4000-8000-%012x", i, j)
				res := c.post("/funnels/funnel/create-step", map[string]any{"funnelId": f.ID,
					"step": map[string]any{"id": id, "name": "S", "url": fmt.Sprintf("/c-%d-%d", i, j), "type": "misc_funnel_page"}})
				if res.status != 201 {
					t.Errorf("create: %d %s", res.status, res.body)
					return
				}
				c.get("/funnels/funnel/list?limit=100")
				c.get("/funnels/page?funnelId=" + f.ID)
				r.Server.Requests()
				r.Server.SetFaults(Faults{})
			}
		}()
	}
	wg.Wait()
	if got := len(funnelByName(t, c, f.Name).Steps); got != 2+80 {
		t.Fatalf("steps after concurrent creates: %d", got)
	}
	seqs := map[int]bool{}
	for _, st := range funnelByName(t, c, f.Name).Steps {
		if seqs[st.Sequence] {
			t.Fatalf("duplicate sequence %d", st.Sequence)
		}
		seqs[st.Sequence] = true
	}
}

var postRoutes = []string{
	"/funnels/event/conversion",
	"/funnels/funnel/update-funnel-and-page",
	"/funnels/funnel/create-step",
	"/funnels/funnel/folder/create",
	"/funnels/domain/attach-domain",
	"/funnels/lookup/multiple",
	"/funnels/page/view/workflow/trigger",
	"/social-media-posting/oauth/" + seedLocationID + "/instagram/accounts/a1",
	"/oauth/token",
}

// FuzzPostBodies feeds arbitrary bodies to every POST route: never a panic, never a
// 5xx, always a JSON answer.
func FuzzPostBodies(f *testing.F) {
	for _, seed := range []string{"", "{}", "[]", "null", `{"step":{"id":1}}`, `{"funnelId":"x","archivePageId":"y","stepId":"z","funnelStepDetails":{"pages":[1]}}`,
		`{"contact":{"email":["a"]},"eventName":"Lead","value":{}}`, `{"lookups":[null,{"action":5}]}`, `{"domain":"` + strings.Repeat("a.", 200) + `"}`,
		`{"funnelStepDetails":{"control_traffic":1e400}}`, "\x00\xff", `{"a":1}{"b":2}`} {
		for i := range postRoutes {
			f.Add(uint8(i), seed)
		}
	}
	s := New(Options{Limit: 1 << 30})
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		path := postRoutes[int(route)%len(postRoutes)]
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Version", apiVersion)
		req.Header.Set("Authorization", "Bearer "+s.DemoToken())
		req.Header.Set("Content-Type", "application/json")
		if strings.HasPrefix(path, "/oauth/") {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code >= 500 || w.Header().Get("Content-Type") != jsonContentType {
			t.Fatalf("%s %q → %d %s", path, body, w.Code, w.Body)
		}
	})
}

// FuzzQueries feeds arbitrary query strings to the GET routes.
func FuzzQueries(f *testing.F) {
	for _, seed := range []string{"", "limit=-1", "limit=99999999999999999999", "offset=%zz", "funnelId=&stepId=", "domain=%00", "path=/" + strings.Repeat("x", 300)} {
		f.Add(seed)
	}
	s := New(Options{Limit: 1 << 30})
	paths := []string{"/funnels/funnel/list", "/funnels/funnel/folder/entities", "/funnels/page", "/funnels/page/count",
		"/funnels/funnel/funnel-step-page-url", "/funnels/lookup/funnel-with-domain", "/funnels/lookup/redirect/regex",
		"/funnels/order-form/public/product", "/oauth/chooselocation"}
	f.Fuzz(func(t *testing.T, q string) {
		for _, p := range paths {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.URL.Path, req.URL.RawQuery = p, q
			req.Header.Set("Version", apiVersion)
			req.Header.Set("Authorization", "Bearer "+s.DemoToken())
			w := httptest.NewRecorder()
			s.ServeHTTP(w, req)
			if w.Code >= 500 {
				t.Fatalf("%s?%s → %d %s", p, q, w.Code, w.Body)
			}
		}
	})
}
