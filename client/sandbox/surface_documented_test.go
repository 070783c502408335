package sandbox

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestDocumentedSurfaceServesOnlyTheDocumentedRoutes walks every route of the table:
// on the documented surface the seven documented routes answer as on the public
// surface, every other one (the tokenless conversion too) answers 404 with the
// Express body naming the method and the path without the query; so does a route no
// table has and a documented path asked with another method.
func TestDocumentedSurfaceServesOnlyTheDocumentedRoutes(t *testing.T) {
	r := startT(t, Options{Surface: SurfaceDocumented})
	pageID := seeded().pages[0].ID
	served := 0
	for _, rt := range r.Server.routes {
		path := samplePath(&rt, pageID)
		var body any
		if rt.method != http.MethodGet {
			body = map[string]any{}
		}
		got := newTC(t, r).do(rt.method, path+"?locationId="+seedLocationID, body)
		if _, documented := documentedScopes[rt.key()]; documented {
			served++
			if got.status == http.StatusNotFound && strings.Contains(got.String(), "Cannot ") {
				t.Errorf("documented %s: %d %s, want it served", rt.key(), got.status, got.body)
			}
			continue
		}
		wantNotServed(t, got, rt.method, path)
	}
	if served != len(documentedScopes) {
		t.Errorf("%d documented routes served, want %d", served, len(documentedScopes))
	}
	c := newTC(t, r)
	wantNotServed(t, c.get("/funnels/nothing/here?x=1"), http.MethodGet, "/funnels/nothing/here")
	wantNotServed(t, c.post("/funnels/page", map[string]any{}), http.MethodPost, "/funnels/page")
	// Scope denials answer 401 as on the public surface.
	newTC(t, r).as(r.Server.ReadOnlyToken()).post("/funnels/lookup/redirect", map[string]any{}).wantError(t, 401, scopeRefusal)
}

// wantNotServed checks the real service's answer to a route it does not have.
func wantNotServed(t *testing.T, got *resp, method, path string) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(got.body, &m); err != nil || got.status != http.StatusNotFound {
		t.Errorf("%s %s: %d %s, want 404", method, path, got.status, got.body)
		return
	}
	if m["statusCode"] != float64(404) || m["message"] != "Cannot "+method+" "+path || m["error"] != "Not Found" {
		t.Errorf("%s %s: body %s", method, path, got.body)
	}
}

// TestDocumentedSurfaceExampleShapes: records come as the official examples write
// them: a funnel list of one sends the funnel itself under "funnels", and every
// other page of the page list says deleted as a string.
func TestDocumentedSurfaceExampleShapes(t *testing.T) {
	c := newTC(t, startT(t, Options{Surface: SurfaceDocumented}))
	var one struct {
		Funnels json.RawMessage `json:"funnels"`
		Count   int             `json:"count"`
	}
	c.get("/funnels/funnel/list?name="+"Free%207-Day%20Trial").hasStatus(t, 200).into(t, &one)
	if !strings.HasPrefix(string(one.Funnels), "{") || one.Count != 1 {
		t.Fatalf("a funnel list of one: %s (count %d), want the funnel object", one.Funnels, one.Count)
	}
	var many struct{ Funnels json.RawMessage }
	c.get("/funnels/funnel/list").hasStatus(t, 200).into(t, &many)
	if !strings.HasPrefix(string(many.Funnels), "[") {
		t.Fatalf("a funnel list of many: %.80s, want an array", many.Funnels)
	}
	var f struct {
		ID string `json:"_id"`
	}
	if err := json.Unmarshal(one.Funnels, &f); err != nil || f.ID == "" {
		t.Fatalf("funnel: %v %s", err, one.Funnels)
	}
	var pages []map[string]any
	c.get("/funnels/page?locationId="+seedLocationID+"&funnelId="+f.ID+"&limit=20&offset=0").hasStatus(t, 200).into(t, &pages)
	if len(pages) < 2 {
		t.Fatalf("%d pages", len(pages))
	}
	for i, p := range pages {
		_, isString := p["deleted"].(string)
		_, isBool := p["deleted"].(bool)
		if isString != (i%2 == 1) || isBool != (i%2 == 0) {
			t.Errorf("page %d: deleted %#v, want every other one a string", i, p["deleted"])
		}
	}
}
