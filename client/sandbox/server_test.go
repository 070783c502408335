package sandbox

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestChecksOrder(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	const list = "/funnels/funnel/list"

	t.Run("unknown route 404 before anything else", func(t *testing.T) {
		c.as("").do("GET", "/funnels/nope", nil, "Version", "").wantError(t, 404, "Cannot GET /funnels/nope")
		c.get(list+"/").wantError(t, 404, "Cannot GET")
	})
	t.Run("wrong method 405 with Allow", func(t *testing.T) {
		res := c.as("").do("DELETE", list, nil, "Version", "")
		res.wantError(t, 405, "Cannot DELETE")
		if res.header1("Allow") != "GET" {
			t.Fatalf("Allow %q", res.header1("Allow"))
		}
		c.post("/funnels/page/count", map[string]any{}).wantError(t, 405, "Cannot POST")
	})
	t.Run("version 400 before auth", func(t *testing.T) {
		c.as("").do("GET", list, nil, "Version", "").wantError(t, 400, "Version header is missing or invalid; use one of 2021-07-28, 2021-04-15, 2023-02-21, v3")
		c.do("GET", list, nil, "Version", "2023-02-22").wantError(t, 400, "Version header")
	})
	t.Run("missing and unknown token 401", func(t *testing.T) {
		c.as("").get(list).wantError(t, 401, "Invalid JWT")
		c.as("pit-not-a-token").get(list).wantError(t, 401, "Invalid JWT")
		c.do("GET", list, nil, "Authorization", "Basic "+r.Server.DemoToken()).wantError(t, 401, "Invalid JWT")
	})
	t.Run("expired token 401 Token expired", func(t *testing.T) {
		expired := r.Server.IssueToken(-time.Second)
		c.as(expired).get(list).wantError(t, 401, "Token expired")
		fresh := r.Server.IssueToken(0)
		c.as(fresh).get(list).hasStatus(t, 200)
		r.Server.ExpireAccessTokens()
		c.as(fresh).get(list).wantError(t, 401, "Token expired")
		c.get(list).hasStatus(t, 200) // the static demo token is not an access token
	})
	t.Run("read-only token", func(t *testing.T) {
		ro := c.as(r.Server.ReadOnlyToken())
		ro.get(list).hasStatus(t, 200)
		ro.post("/funnels/custom-fonts", nil).hasStatus(t, 200)
		ro.post("/funnels/funnel/folder/create", map[string]any{"name": "X", "type": "funnel"}).
			wantError(t, 403, "The token is not authorized for this scope.")
		ro.post("/funnels/lookup/multiple", map[string]any{}).wantError(t, 403, "not authorized")
		ro.post("/funnels/event/conversion", map[string]any{"eventName": "Lead", "contact": map[string]any{}}).hasStatus(t, 200)
	})
	t.Run("foreign locationId 403", func(t *testing.T) {
		c.get(list+"?locationId=SomeoneElse").wantError(t, 403, "token does not have access to this location")
		c.get(list+"?locationId="+r.Server.LocationID()).hasStatus(t, 200)
		c.post("/funnels/domain/attach-domain", map[string]any{"locationId": "x", "domain": "a.example.com"}).
			wantError(t, 403, "does not have access")
	})
	t.Run("body too large 413", func(t *testing.T) {
		big := `{"name":"` + strings.Repeat("a", maxBodyBytes) + `","type":"funnel"}`
		c.post("/funnels/funnel/folder/create", big).wantError(t, 413, "too large")
	})
	t.Run("bad JSON 400, not an object 400, wrong type 422, wrong content type 400", func(t *testing.T) {
		c.post("/funnels/funnel/folder/create", `{"name":`).wantError(t, 400, "Unexpected token")
		c.post("/funnels/funnel/folder/create", `[1,2]`).wantError(t, 400, "body must be a JSON object")
		c.post("/funnels/funnel/folder/create", `{"name":"a","type":"funnel"} trailing`).wantError(t, 400, "")
		c.post("/funnels/funnel/folder/create", `{"name":5,"type":"funnel"}`).wantError(t, 422, "name must be a string")
		c.do("POST", "/funnels/funnel/folder/create", `name=x`, "Content-Type", "application/x-www-form-urlencoded").
			wantError(t, 400, "Content-Type must be application/json")
		// custom-fonts needs neither body nor Content-Type
		c.do("POST", "/funnels/custom-fonts", "ignored", "Content-Type", "text/plain").hasStatus(t, 200)
	})
	t.Run("success bodies are JSON objects with a traceId", func(t *testing.T) {
		res := c.get(list).hasStatus(t, 200)
		if res.header1("Content-Type") != "application/json" {
			t.Fatalf("Content-Type %q", res.header1("Content-Type"))
		}
		if tid, _ := res.obj(t)["traceId"].(string); len(tid) != 32 {
			t.Fatalf("no traceId in %s", res.body)
		}
		other, _ := c.get(list).obj(t)["traceId"].(string)
		if other == res.obj(t)["traceId"] {
			t.Fatal("traceId is not fresh")
		}
	})
}

func TestRequestLog(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	c.get("/funnels/funnel/list?limit=2")
	c.as("").post("/funnels/event/conversion", map[string]any{"eventName": "Lead", "contact": map[string]any{"email": "a@b.co"}})
	c.get("/_sandbox/requests") // not logged itself
	log := r.Server.Requests()
	if len(log) != 2 {
		t.Fatalf("log has %d entries: %+v", len(log), log)
	}
	if l := log[0]; l.Method != "GET" || l.Path != "/funnels/funnel/list" || l.Query != "limit=2" || l.Status != 200 || l.Auth != "bearer" || l.At.IsZero() {
		t.Fatalf("entry 0: %+v", l)
	}
	if l := log[1]; l.Auth != "none" || l.Status != 200 || !strings.Contains(l.Body, `"eventName":"Lead"`) {
		t.Fatalf("entry 1: %+v", l)
	}
	var wire []map[string]any
	c.get("/_sandbox/requests").hasStatus(t, 200).into(t, &wire)
	if len(wire) != 2 || wire[0]["authorization"] != "bearer" || wire[0]["method"] != "GET" || wire[0]["status"] != float64(200) {
		t.Fatalf("control log: %v", wire)
	}
	if strings.Contains(string(c.get("/_sandbox/requests").body), r.Server.DemoToken()) {
		t.Fatal("the token leaked into the request log")
	}
	c.post("/_sandbox/reset-log", nil).hasStatus(t, 200)
	if n := len(r.Server.Requests()); n != 0 {
		t.Fatalf("log not reset: %d", n)
	}
	c.get("/_sandbox/nope").hasStatus(t, 404)
	c.get("/_sandbox/reset-log").hasStatus(t, 405)
}

func TestStartRefusesNonLoopback(t *testing.T) {
	for _, addr := range []string{":0", "0.0.0.0:0", "192.0.2.1:0", "example.com:80", "nonsense"} {
		if r, err := Start(addr, Options{}); err == nil {
			r.Close()
			t.Errorf("Start(%q) accepted a non-loopback address", addr)
		}
	}
	r, err := Start("localhost:0", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !strings.HasPrefix(r.URL, "http://127.0.0.1:") && !strings.HasPrefix(r.URL, "http://[::1]:") {
		t.Fatalf("URL %s", r.URL)
	}
	// Busy address: a clear error.
	if r2, err := Start(strings.TrimPrefix(r.URL, "http://"), Options{}); err == nil {
		r2.Close()
		t.Fatal("second Start on a busy address succeeded")
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal("second Close:", err)
	}
	if _, err := http.Get(r.URL + "/_sandbox/requests"); err == nil {
		t.Fatal("server still answers after Close")
	}
}
