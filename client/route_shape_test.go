package client

import (
	"net/http"
	"testing"
)

// Two answers of one router have one shape whatever they echo — the path with or
// without its query, escaped, under a base path — and whatever trace id they carry;
// a different body or media type is another shape, and a body that names no path
// says nothing of the route.
func TestAnswerShapes(t *testing.T) {
	json := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	canary := shapeOf(http.MethodGet, "https://h.example/v2"+canaryPath, json,
		[]byte(`{"traceId":"t1","message":"Cannot GET /v2`+canaryPath+`","statusCode":404,"error":"Not Found"}`))
	if !canary.echoes {
		t.Fatalf("the canary's answer does not echo its path: %+v", canary)
	}
	same := []struct{ method, target, body string }{
		{http.MethodGet, "https://h.example/v2/funnels/page/abc?locationId=L", `{"statusCode":404,"message":"Cannot GET /v2/funnels/page/abc?locationId=L","error":"Not Found","traceId":"t2"}`},
		{http.MethodGet, "https://h.example/v2/funnels/page/a%20b", `{"statusCode":404,"message":"Cannot GET /v2/funnels/page/a%20b","error":"Not Found"}`},
		{http.MethodPost, "https://h.example/v2/funnels/funnel/folder/create", `{"statusCode":404,"message":"Cannot POST /v2/funnels/funnel/folder/create","error":"Not Found"}`},
	}
	for _, c := range same {
		if got := shapeOf(c.method, c.target, json, []byte(c.body)); got != canary {
			t.Errorf("%s %s: %+v, want the router's %+v", c.method, c.target, got, canary)
		}
	}
	other := []struct {
		header http.Header
		body   string
	}{
		{json, `{"statusCode":404,"message":"No page at /v2/funnels/page/abc","error":"Not Found"}`},
		{json, `{"statusCode":404,"message":"Page abc not found","error":"Not Found"}`},
		{http.Header{"Content-Type": {"text/html"}}, `{"statusCode":404,"message":"Cannot GET /v2/funnels/page/abc","error":"Not Found"}`},
	}
	for _, c := range other {
		if got := shapeOf(http.MethodGet, "https://h.example/v2/funnels/page/abc", c.header, []byte(c.body)); got == canary {
			t.Errorf("%s (%s) has the router's shape", c.body, c.header.Get("Content-Type"))
		}
	}
	if s := shapeOf(http.MethodGet, "https://h.example/x/y", json, []byte(`{"message":"Resource not found"}`)); s.echoes {
		t.Errorf("a body that names no path echoes: %+v", s)
	}
}
