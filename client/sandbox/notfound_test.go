package sandbox

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestNotFoundWordings: each wording answers the documented surface's other routes
// and an unknown path on the seed with its own body and Content-Type, 404 every
// time; the documented routes still answer, and a 404 for an item of a route that is
// there keeps the contract's shape whatever the wording.
func TestNotFoundWordings(t *testing.T) {
	for _, w := range []struct {
		wording     NotFound
		contentType string
		check       func(t *testing.T, path string, body []byte)
	}{
		{NotFoundExpress, jsonContentType, func(t *testing.T, path string, body []byte) {
			var b errorBody
			if json.Unmarshal(body, &b) != nil || b.Message != "Cannot GET "+path || b.StatusCode != 404 {
				t.Errorf("express: %s", body)
			}
		}},
		{NotFoundProblem, "application/problem+json", func(t *testing.T, path string, body []byte) {
			var b struct {
				Type, Title, Detail string
				Status              int
			}
			if json.Unmarshal(body, &b) != nil || !strings.HasSuffix(b.Type, "#NO_PATH_MATCHED_ERROR") || b.Status != 404 ||
				b.Title != "Route not resolved, no path matched" || b.Detail != "The route "+path+" hasn't been found in the specification file" {
				t.Errorf("problem: %s", body)
			}
		}},
		{NotFoundHTML, "text/html", func(t *testing.T, _ string, body []byte) {
			if !strings.HasPrefix(string(body), "<html>") || json.Valid(body) {
				t.Errorf("html: %s", body)
			}
		}},
		{NotFoundEmpty, "", func(t *testing.T, _ string, body []byte) {
			if len(body) != 0 {
				t.Errorf("empty: %q", body)
			}
		}},
		{NotFoundV3, jsonContentType, func(t *testing.T, path string, body []byte) {
			var b v3Body
			if json.Unmarshal(body, &b) != nil || b.Error.Code != "RESOURCE_NOT_FOUND" || b.Error.Message == "" ||
				strings.Contains(string(body), path) {
				t.Errorf("v3: %s", body)
			}
		}},
	} {
		t.Run(string(w.wording), func(t *testing.T) {
			doc := newTC(t, startT(t, Options{Surface: SurfaceDocumented, NotFound: w.wording}))
			seed := newTC(t, startT(t, Options{NotFound: w.wording}))
			for _, a := range []struct {
				c    *tc
				path string
			}{{doc, "/funnels/funnel/folder/entities"}, {doc, "/funnels/page/" + seeded().pages[0].ID}, {seed, "/funnels/nothing/here"}} {
				got := a.c.get(a.path + "?locationId=" + seedLocationID)
				if got.status != http.StatusNotFound || got.header.Get("Content-Type") != w.contentType {
					t.Fatalf("GET %s: %d %q %s", a.path, got.status, got.header.Get("Content-Type"), got.body)
				}
				w.check(t, a.path, got.body)
			}
			doc.get("/funnels/funnel/list?locationId="+seedLocationID).hasStatus(t, 200)
			seed.get("/funnels/page/nosuchpage").wantError(t, 404, "Page not found")
		})
	}
	if w, err := ParseNotFound(" Problem "); err != nil || w != NotFoundProblem {
		t.Errorf("ParseNotFound: %q %v", w, err)
	}
	if _, err := ParseNotFound("teapot"); err == nil || !strings.Contains(err.Error(), "express, problem, html, empty, v3") {
		t.Errorf("ParseNotFound(teapot): %v", err)
	}
}
