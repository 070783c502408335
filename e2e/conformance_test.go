package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// The conformance tests put every headless command in front of a server that is not
// our sandbox: a recording stand-in written from the API's description alone. It
// accepts anything and answers in one of the response shapes the real service is
// known to use (bare or wrapped lists, _id or id, snake or camel case, numbers as
// strings); the tests then check each request the command sent against the API's
// rules (method, path, Version, Authorization, Content-Type, body field names and JSON
// types) and that the command read the answer right in every shape.

const (
	specToken    = "tok-conformance"
	specLocation = "LocSpec01"
	specStepOne  = "0b7c6f7e-2a4d-4c1e-9f3a-6d2b8e1c5a90"
	specStepTwo  = "4e0f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b"
)

// respShape is one way the service is seen to answer.
type respShape struct {
	name          string
	listKey       string // "*": the list's own name (funnels, entities, …); "": a bare array; else that wrapper (data, items, results)
	recordKey     string // "": a bare record; else the wrapper (data)
	idKey         string // "_id" or "id"
	camel         bool   // step fields in camelCase
	strNumbers    bool   // every number as a string
	splitEntities bool   // folder entities as {"folders": […], "funnels": […]}
}

func respShapes() []respShape {
	return []respShape{
		{name: "contract", listKey: "*", idKey: "_id"},
		{name: "bare-camel-strings", listKey: "", idKey: "id", camel: true, strNumbers: true},
		{name: "data-wrapped", listKey: "data", recordKey: "data", idKey: "_id", camel: true},
		{name: "items-id-strings", listKey: "items", recordKey: "data", idKey: "id", strNumbers: true},
		{name: "results-split", listKey: "results", idKey: "_id", strNumbers: true, splitEntities: true},
	}
}

// recorded is one request as the server received it.
type recorded struct {
	Method, Path, RawQuery string
	Header                 http.Header
	Body                   []byte
}

// specServer records every request and answers in its shape.
type specServer struct {
	shape  respShape
	fail   int      // answer every request with this status when not 0
	failMs []string // the message array of those answers
	srv    *httptest.Server

	mu      sync.Mutex
	reqs    []recorded
	funnels []map[string]any
}

func newSpecServer(t *testing.T, shape respShape) *specServer {
	s := &specServer{shape: shape, funnels: []map[string]any{
		{"_id": "fun1", "name": "Trial Funnel", "type": "funnel", "category": "funnel", "url": "/trial", "domainName": "join.example.com",
			"parentId": "", "locationId": specLocation, "steps": []any{
				map[string]any{"id": specStepOne, "name": "Landing", "url": "/trial-landing", "type": "optin_funnel_page", "pages": []any{"page1"},
					"sequence": 1, "split": false, "control_traffic": 100, "route_all_requests": false, "additional_routes": []any{}},
				map[string]any{"id": specStepTwo, "name": "Offer", "url": "/trial-offer", "type": "sales_funnel_page", "pages": []any{"page2", "page3"},
					"sequence": 2, "split": true, "control_traffic": 70, "split_started_at": map[string]any{"date": "2026-01-02T03:04:05.000Z"}},
			}},
		{"_id": "fun2", "name": "Inner Funnel", "type": "funnel", "category": "funnel", "url": "/inner", "parentId": "fold1", "steps": []any{}},
	}}
	s.srv = httptest.NewServer(s)
	t.Cleanup(s.srv.Close)
	return s
}

var specFolders = []map[string]any{
	{"_id": "fold1", "name": "Alpha Folder", "type": "funnel", "category": "folder"},
	{"_id": "fold2", "name": "Sites", "type": "website", "category": "folder"},
}

var specPages = []map[string]any{
	{"_id": "page1", "name": "Landing v1", "funnelId": "fun1", "stepId": specStepOne, "url": "/trial-landing", "deleted": false, "pageVersion": 3, "dateUpdated": "2026-01-05T10:00:00.000Z"},
	{"_id": "page2", "name": "Offer A", "funnelId": "fun1", "stepId": specStepTwo, "url": "/trial-offer", "deleted": false, "pageVersion": 1},
	{"_id": "page3", "name": "Offer B", "funnelId": "fun1", "stepId": specStepTwo, "url": "/trial-offer", "deleted": true, "pageVersion": 2},
}

func (s *specServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, recorded{Method: r.Method, Path: r.URL.EscapedPath(), RawQuery: r.URL.RawQuery, Header: r.Header.Clone(), Body: body})
	if s.fail != 0 {
		writeJSON(w, s.fail, map[string]any{"statusCode": s.fail, "message": s.failMs, "error": http.StatusText(s.fail)})
		return
	}
	q := r.URL.Query()
	switch r.Method + " " + r.URL.Path {
	case "GET /funnels/funnel/list":
		list := s.funnelsWhere(func(map[string]any) bool { return true })
		s.list(w, 200, "funnels", window(list, q), map[string]any{"count": len(list), "traceId": "tr-1"})
	case "GET /funnels/funnel/folder/entities":
		parent := q.Get("parentId")
		var folders []any
		if parent == "" {
			for _, f := range specFolders {
				folders = append(folders, f)
			}
		}
		funnels := s.funnelsWhere(func(f map[string]any) bool { return f["parentId"] == parent })
		if s.shape.splitEntities {
			s.record(w, 200, "", map[string]any{"folders": orEmpty(folders), "funnels": orEmpty(funnels)})
			return
		}
		s.list(w, 200, "entities", append(folders, funnels...), map[string]any{"count": len(folders) + len(funnels)})
	case "GET /funnels/page":
		var pages []any
		for _, p := range specPages {
			if p["funnelId"] == q.Get("funnelId") && (q.Get("stepId") == "" || p["stepId"] == q.Get("stepId")) {
				pages = append(pages, p)
			}
		}
		s.list(w, 200, "pages", window(pages, q), nil)
	case "GET /funnels/funnel/funnel-step-page-url":
		s.record(w, 200, "", map[string]any{"uniqueUrl": q.Get("path"), "ok": true, "traceId": "tr-2"})
	case "GET /funnels/funnel/geo-location":
		s.record(w, 200, "", map[string]any{"country": "US", "city": "Springfield"})
	case "POST /funnels/funnel/create-step":
		var b struct {
			FunnelID string         `json:"funnelId"`
			Step     map[string]any `json:"step"`
		}
		_ = json.Unmarshal(body, &b)
		for _, f := range s.funnels {
			if f["_id"] == b.FunnelID && b.Step != nil {
				b.Step["pages"] = []any{"pageNew"}
				f["steps"] = append(f["steps"].([]any), b.Step)
			}
		}
		writeJSON(w, 201, map[string]any{"success": true})
	case "POST /funnels/funnel/folder/create":
		var b map[string]any
		_ = json.Unmarshal(body, &b)
		s.record(w, 201, "folder", map[string]any{"_id": "newfold", "name": b["name"], "type": b["type"], "category": "folder", "locationId": b["locationId"]})
	case "POST /funnels/domain/attach-domain":
		var b map[string]any
		_ = json.Unmarshal(body, &b)
		s.record(w, 201, "domain", map[string]any{"_id": "dom1", "url": b["domain"], "locationId": b["locationId"], "deleted": false})
	case "POST /funnels/event/conversion":
		var b map[string]any
		_ = json.Unmarshal(body, &b)
		writeJSON(w, 200, map[string]any{"success": true, "eventId": b["eventId"]})
	case "POST /funnels/page/view/workflow/trigger":
		writeJSON(w, 200, map[string]any{"success": true, "message": "queued"})
	case "POST /funnels/lookup/multiple":
		s.list(w, 201, "lookups", []any{}, nil)
	default:
		if id, ok := strings.CutPrefix(r.URL.Path, "/funnels/page/"); ok && r.Method == "GET" {
			for _, p := range specPages {
				if p["_id"] == id {
					s.record(w, 200, "page", p)
					return
				}
			}
		}
		writeJSON(w, 404, map[string]any{"statusCode": 404, "message": "Not found"})
	}
}

func (s *specServer) funnelsWhere(keep func(map[string]any) bool) []any {
	var out []any
	for _, f := range s.funnels {
		if keep(f) {
			out = append(out, f)
		}
	}
	return out
}

func orEmpty(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

func window(items []any, q url.Values) []any {
	off, _ := strconv.Atoi(q.Get("offset"))
	lim, err := strconv.Atoi(q.Get("limit"))
	if err != nil || lim <= 0 {
		lim = 10
	}
	off = min(off, len(items))
	return orEmpty(items[off:min(off+lim, len(items))])
}

// list answers a list in the shape's wrapper.
func (s *specServer) list(w http.ResponseWriter, status int, natural string, items []any, extra map[string]any) {
	var v any = orEmpty(items)
	if s.shape.listKey != "" {
		key := s.shape.listKey
		if key == "*" {
			key = natural
		}
		m := map[string]any{key: orEmpty(items)}
		for k, x := range extra {
			m[k] = x
		}
		v = m
	}
	writeJSON(w, status, s.render(v))
}

// record answers one record, bare or under the shape's wrapper (natural names the
// wrapper the contract shape uses, "" for none).
func (s *specServer) record(w http.ResponseWriter, status int, natural string, rec map[string]any) {
	var v any = rec
	switch {
	case s.shape.recordKey != "":
		v = map[string]any{s.shape.recordKey: rec, "traceId": "tr-3"}
	case s.shape.listKey == "*" && natural != "":
		v = map[string]any{natural: rec}
	}
	writeJSON(w, status, s.render(v))
}

// render rewrites a body into the shape: id key, camelCase step fields, numbers as
// strings.
func (s *specServer) render(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			if k == "_id" {
				k = s.shape.idKey
			}
			if s.shape.camel {
				k = snakeToCamel(k)
			}
			out[k] = s.render(x)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i := range t {
			out[i] = s.render(t[i])
		}
		return out
	case int:
		if s.shape.strNumbers {
			return strconv.Itoa(t)
		}
	case float64:
		if s.shape.strNumbers {
			return strconv.FormatFloat(t, 'f', -1, 64)
		}
	}
	return v
}

func snakeToCamel(k string) string {
	if strings.HasPrefix(k, "_") {
		return k // _id stays as it is
	}
	parts := strings.Split(k, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *specServer) take() []recorded {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.reqs
	s.reqs = nil
	return out
}

// ---- what the spec says a request must look like ----

// operation is a method and path the client may call: the spec's operations and the
// listing endpoints the service documents.
type operation struct {
	method, path string
	located      bool // carries locationId=… in its query
	body         *bodySchema
}

// bodySchema lists a body's fields with their JSON types ("string", "number",
// "boolean", "object", "array of string", or a nested *bodySchema) and which must be
// there.
type bodySchema struct {
	fields   map[string]any
	required []string
}

func specOperations() []operation {
	contact := &bodySchema{fields: map[string]any{"email": "string", "firstName": "string", "lastName": "string", "phone": "string",
		"city": "string", "state": "string", "postalCode": "string", "country": "string", "dateOfBirth": "string"}}
	return []operation{
		{method: "GET", path: "/funnels/funnel/list", located: true},
		{method: "GET", path: "/funnels/funnel/folder/entities", located: true},
		{method: "GET", path: "/funnels/page", located: true},
		{method: "GET", path: "/funnels/page/{id}"},
		{method: "GET", path: "/funnels/funnel/funnel-step-page-url", located: true},
		{method: "GET", path: "/funnels/funnel/geo-location"},
		{method: "POST", path: "/funnels/event/conversion", body: &bodySchema{
			fields: map[string]any{"eventId": "string", "eventName": "string", "contact": contact, "url": "string", "pxp": "string",
				"pxc": "string", "pxclid": "string", "pxEventId": "string", "currency": "string", "value": "string"},
			required: []string{"eventName", "contact"}}},
		{method: "POST", path: "/funnels/funnel/create-step", body: &bodySchema{
			fields: map[string]any{"funnelId": "string", "domainName": "string", "split_started_at": "string", "split_ended_at": "string",
				"step": &bodySchema{fields: map[string]any{"id": "string", "name": "string", "url": "string", "type": "string",
					"pages": "array of string", "sequence": "number"}, required: []string{"id", "name", "url", "type", "pages", "sequence"}}},
			required: []string{"step", "funnelId"}}},
		{method: "POST", path: "/funnels/funnel/folder/create", body: &bodySchema{
			fields:   map[string]any{"locationId": "string", "type": "string", "name": "string", "userId": "string"},
			required: []string{"locationId", "type", "name"}}},
		{method: "POST", path: "/funnels/domain/attach-domain", body: &bodySchema{
			fields: map[string]any{"locationId": "string", "domain": "string"}, required: []string{"locationId", "domain"}}},
		{method: "POST", path: "/funnels/page/view/workflow/trigger", located: true, body: &bodySchema{
			fields: map[string]any{"funnelId": "string", "stepId": "string", "pageUrl": "string"}, required: []string{"funnelId", "stepId", "pageUrl"}}},
		{method: "POST", path: "/funnels/lookup/multiple", body: &bodySchema{fields: nil}},
	}
}

func matchOperation(method, path string) *operation {
	for _, op := range specOperations() {
		if op.method != method {
			continue
		}
		if prefix, ok := strings.CutSuffix(op.path, "{id}"); ok {
			if id, found := strings.CutPrefix(path, prefix); found && id != "" && !strings.Contains(id, "/") {
				return &op
			}
			continue
		}
		if op.path == path {
			return &op
		}
	}
	return nil
}

// reporter is the part of *testing.T the checker uses, so its own test can watch it.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

type failures []string

func (f *failures) Helper() {}
func (f *failures) Errorf(format string, args ...any) {
	*f = append(*f, fmt.Sprintf(format, args...))
}

// checkRequest reports every way req departs from the spec.
func checkRequest(t reporter, cmd string, req recorded) {
	t.Helper()
	where := fmt.Sprintf("%s: %s %s", cmd, req.Method, req.Path)
	op := matchOperation(req.Method, req.Path)
	if op == nil {
		t.Errorf("%s: not an operation of the spec", where)
		return
	}
	if v := req.Header.Values("Version"); len(v) != 1 || v[0] != "2021-07-28" {
		t.Errorf("%s: Version %q", where, v)
	}
	auth := req.Header.Values("Authorization")
	if op.path == "/funnels/event/conversion" {
		if len(auth) != 0 {
			t.Errorf("%s: the conversion carries Authorization", where)
		}
	} else if len(auth) != 1 || auth[0] != "Bearer "+specToken {
		t.Errorf("%s: Authorization %q", where, auth)
	}
	q, _ := url.ParseQuery(req.RawQuery)
	if op.located && q.Get("locationId") != specLocation {
		t.Errorf("%s: locationId %q in the query", where, q.Get("locationId"))
	}
	ct := req.Header.Get("Content-Type")
	if len(req.Body) == 0 {
		if op.body != nil {
			t.Errorf("%s: no body", where)
		}
		if ct != "" {
			t.Errorf("%s: Content-Type %q without a body", where, ct)
		}
		return
	}
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		t.Errorf("%s: body with Content-Type %q", where, ct)
	}
	if op.body == nil {
		t.Errorf("%s: a body where the spec has none", where)
		return
	}
	var body map[string]any
	dec := json.NewDecoder(bytes.NewReader(req.Body))
	dec.UseNumber()
	if err := dec.Decode(&body); err != nil {
		t.Errorf("%s: body is not a JSON object: %v", where, err)
		return
	}
	checkBody(t, where, "", body, op.body)
}

func checkBody(t reporter, where, prefix string, body map[string]any, schema *bodySchema) {
	t.Helper()
	if schema.fields == nil {
		return // a JSON object with fields the spec leaves open
	}
	for _, name := range schema.required {
		if _, ok := body[name]; !ok {
			t.Errorf("%s: body lacks %s%s", where, prefix, name)
		}
	}
	for name, v := range body {
		want, known := schema.fields[name]
		if !known {
			t.Errorf("%s: body field %s%s is not in the spec", where, prefix, name)
			continue
		}
		if nested, ok := want.(*bodySchema); ok {
			obj, isObj := v.(map[string]any)
			if !isObj {
				t.Errorf("%s: %s%s is %T, want an object", where, prefix, name, v)
				continue
			}
			checkBody(t, where, prefix+name+".", obj, nested)
			continue
		}
		if got := jsonTypeOf(v); got != want {
			t.Errorf("%s: %s%s is %s, want %s", where, prefix, name, got, want)
		}
	}
}

func jsonTypeOf(v any) string {
	switch t := v.(type) {
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	case map[string]any:
		return "object"
	case []any:
		for _, e := range t {
			if _, ok := e.(string); !ok {
				return "array of mixed"
			}
		}
		return "array of string"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}

// ---- the tests ----

// inProcess runs funnels in this process (cli.Run) with its own XDG directories and
// returns its exit code and streams. Standard output counts as a terminal, so the
// human layout is what the tests read.
func inProcess(t *testing.T, stdin string, args ...string) cliResult {
	t.Helper()
	home := t.TempDir()
	vars := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache", "FUNNELS_INSECURE_STORAGE": "1"}
	ios, out, errb := cmdutil.TestStreams(stdin)
	ios.OutTTY = true
	code := cli.Run(context.Background(), cmdutil.NewFactory(ios, func(k string) string { return vars[k] }, "test"), args)
	return cliResult{code: code, stdout: out.String(), stderr: errb.String()}
}

// specCase is one command line, the operations it must call and what its output
// must show.
type specCase struct {
	args  []string
	calls []string // "METHOD /path", each must be among the requests
	out   []string
	json  func(t *testing.T, r cliResult)
}

func specCases() []specCase {
	return []specCase{
		{args: []string{"folders"}, calls: []string{"GET /funnels/funnel/folder/entities"},
			out: []string{"Alpha Folder", "fold1", "website folder", "Trial Funnel", "fun1", "join.example.com"}},
		{args: []string{"folders", "--parent", "fold1"}, calls: []string{"GET /funnels/funnel/folder/entities"}, out: []string{"Inner Funnel", "fun2"}},
		{args: []string{"folders", "--json"}, json: func(t *testing.T, r cliResult) {
			var v struct {
				Folders []struct{ ID, Name string }
				Funnels []struct {
					ID    string
					Steps []struct {
						Sequence       int
						ControlTraffic float64
						Split          bool
					}
				}
			}
			r.decode(t, &v)
			if len(v.Folders) != 2 || v.Folders[0].ID != "fold1" || len(v.Funnels) != 1 || len(v.Funnels[0].Steps) != 2 ||
				v.Funnels[0].Steps[1].ControlTraffic != 70 || !v.Funnels[0].Steps[1].Split || v.Funnels[0].Steps[1].Sequence != 2 {
				t.Errorf("folders --json: %+v", v)
			}
		}},
		{args: []string{"steps", "fun1"}, calls: []string{"GET /funnels/funnel/list"},
			out: []string{`"Trial Funnel"`, "2 steps", "join.example.com/trial", specStepOne, "Landing", "/trial-offer", "2 (split test 70/30)"}},
		{args: []string{"steps", "fun1", "--json"}, json: func(t *testing.T, r cliResult) {
			var v struct {
				ID    string
				Steps []struct {
					ID             string
					Sequence       int
					ControlTraffic float64
					Pages          []string
				}
			}
			r.decode(t, &v)
			if v.ID != "fun1" || len(v.Steps) != 2 || v.Steps[0].ID != specStepOne || v.Steps[1].Sequence != 2 || v.Steps[1].ControlTraffic != 70 || len(v.Steps[1].Pages) != 2 {
				t.Errorf("steps --json: %+v", v)
			}
		}},
		{args: []string{"pages", "fun1"}, calls: []string{"GET /funnels/page"}, out: []string{"page1", "Landing v1", "Offer B", "archived", "2026-01-05 10:00"}},
		{args: []string{"pages", "fun1", "--step", specStepTwo, "--json"}, json: func(t *testing.T, r cliResult) {
			var v struct {
				Pages []struct {
					ID          string
					Deleted     bool
					PageVersion int
				}
			}
			r.decode(t, &v)
			if len(v.Pages) != 2 || v.Pages[0].ID != "page2" || !v.Pages[1].Deleted || v.Pages[1].PageVersion != 2 {
				t.Errorf("pages --json: %+v", v)
			}
		}},
		{args: []string{"page", "get", "page1"}, calls: []string{"GET /funnels/page/page1"}, out: []string{"Landing v1", "page1", "pageVersion:", "3"}},
		{args: []string{"page", "get", "page1", "--json"}, json: func(t *testing.T, r cliResult) {
			var v struct {
				ID, Name    string
				PageVersion int
			}
			r.decode(t, &v)
			if v.ID != "page1" || v.Name != "Landing v1" || v.PageVersion != 3 {
				t.Errorf("page get --json: %+v", v)
			}
		}},
		{args: []string{"folder", "create", "--name", "Spring", "--user-id", "u1"}, calls: []string{"POST /funnels/funnel/folder/create"},
			out: []string{`Created funnel folder "Spring" (id newfold)`, "top level"}},
		{args: []string{"step", "create", "--funnel", "fun1", "--name", "Bonus", "--path", "/trial-bonus", "--domain", "join.example.com"},
			calls: []string{"GET /funnels/funnel/list", "GET /funnels/funnel/funnel-step-page-url", "POST /funnels/funnel/create-step"},
			out:   []string{`Created step "Bonus"`, "/trial-bonus", "Sequence:  3", "pageNew"}},
		{args: []string{"domain", "attach", "--domain", "shop.example.com"}, calls: []string{"POST /funnels/domain/attach-domain"},
			out: []string{"Attached shop.example.com (id dom1)"}},
		{args: []string{"domain", "attach", "--domain", "shop.example.com", "--json"}, json: func(t *testing.T, r cliResult) {
			var v struct{ ID, URL string }
			r.decode(t, &v)
			if v.ID != "dom1" || v.URL != "shop.example.com" {
				t.Errorf("domain --json: %+v", v)
			}
		}},
		{args: []string{"event", "conversion", "--event-name", "Purchase", "--email", "jo@example.com", "--first-name", "Jo", "--last-name", "Doe",
			"--phone", "555 123 4567", "--city", "Springfield", "--state", "IL", "--postal-code", "62704", "--country", "us",
			"--date-of-birth", "1990-04-12", "--url", "https://join.example.com/trial", "--value", "10", "--currency", "usd",
			"--pxp", "fb.1.2.3", "--pxc", "fb.1.2.abc", "--pxclid", "abc", "--px-event-id", "px1"},
			calls: []string{"POST /funnels/event/conversion"}, out: []string{"Sent Purchase event ", "accepted"}},
		{args: []string{"event", "page-view", "--funnel", "fun1", "--step", specStepOne, "--page-url", "/trial-landing"},
			calls: []string{"POST /funnels/page/view/workflow/trigger"}, out: []string{"Triggered", "queued"}},
		{args: []string{"api", "GET", "/funnels/funnel/geo-location"}, calls: []string{"GET /funnels/funnel/geo-location"}, out: []string{`"country": "US"`}},
		{args: []string{"api", "POST", "/funnels/lookup/multiple", "--data", `{"lookups": []}`}, calls: []string{"POST /funnels/lookup/multiple"}},
	}
}

func TestHeadlessCommandsConformToTheSpecInEveryShape(t *testing.T) {
	for _, shape := range respShapes() {
		t.Run(shape.name, func(t *testing.T) {
			s := newSpecServer(t, shape)
			for _, c := range specCases() {
				args := append(slices.Clone(c.args), "--base-url", s.srv.URL, "--token", specToken, "--location", specLocation)
				r := inProcess(t, "", args...)
				name := strings.Join(c.args, " ")
				if r.code != 0 {
					t.Errorf("%s: exit %d\n%s%s", name, r.code, r.stdout, r.stderr)
				}
				for _, want := range c.out {
					if !strings.Contains(r.stdout, want) {
						t.Errorf("%s: output lacks %q:\n%s", name, want, r.stdout)
					}
				}
				if c.json != nil {
					c.json(t, r)
				}
				reqs := s.take()
				if len(reqs) == 0 {
					t.Errorf("%s: sent nothing", name)
				}
				for _, call := range c.calls {
					if !slices.ContainsFunc(reqs, func(q recorded) bool { return q.Method+" "+q.Path == call }) {
						t.Errorf("%s: did not call %s", name, call)
					}
				}
				for _, q := range reqs {
					checkRequest(t, name, q)
				}
			}
		})
	}
}

// TestHeadlessErrorStatusesFromAnyServer answers every request with an error status
// and checks the exit code and that the status and message are shown.
func TestHeadlessErrorStatusesFromAnyServer(t *testing.T) {
	s := newSpecServer(t, respShapes()[0])
	for _, tc := range []struct {
		status int
		msgs   []string
		code   int
		shown  []string
	}{
		{404, []string{"Funnel not found"}, cmdutil.ExitAPI, []string{"404 Funnel not found"}},
		// One line per message; a field a flag filled is named by the flag.
		{422, []string{"name should not be empty", "type must be funnel or website"}, cmdutil.ExitAPI, []string{"422 ", "name should not be empty\n", "type must be funnel or website\n"}},
		{403, []string{"The token is not authorized for this scope."}, cmdutil.ExitAPI, []string{"403 The token is not authorized for this scope.", "it needs "}},
		{401, []string{"Invalid JWT"}, cmdutil.ExitAuth, []string{"401 Invalid JWT"}},
		{400, []string{"\x1b]0;pwned\x07bad \x1b[31mrequest"}, cmdutil.ExitAPI, []string{"400 bad request"}},
	} {
		s.fail, s.failMs = tc.status, tc.msgs
		for _, c := range specCases() {
			if c.args[0] == "event" && c.args[1] == "conversion" && tc.status == 401 {
				continue // no token is sent there; a 401 is still exit 3, checked below
			}
			args := append(slices.Clone(c.args), "--base-url", s.srv.URL, "--token", specToken, "--location", specLocation)
			r := inProcess(t, "", args...)
			name := fmt.Sprintf("%d %s", tc.status, strings.Join(c.args, " "))
			shown := true
			for _, frag := range tc.shown {
				shown = shown && strings.Contains(r.stderr, frag)
			}
			if r.code != tc.code || !shown || r.stdout != "" {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and %q", name, r.code, r.stdout, r.stderr, tc.code, tc.shown)
			}
			if strings.ContainsRune(r.stderr, 0x1b) || strings.ContainsRune(r.stderr, 0x07) {
				t.Errorf("%s: escape sequences from the server reached the terminal: %q", name, r.stderr)
			}
			for _, q := range s.take() {
				checkRequest(t, name, q)
			}
		}
	}
	s.fail, s.failMs = 401, []string{"Invalid JWT"}
	inProcess(t, "", "event", "conversion", "--event-name", "Lead", "--base-url", s.srv.URL).want(t, cmdutil.ExitAuth, "err:401 Invalid JWT")
}

// TestConformanceCheckerCatchesBadRequests makes sure the checker above can fail.
func TestConformanceCheckerCatchesBadRequests(t *testing.T) {
	s := &specServer{shape: respShape{idKey: "id", camel: true, strNumbers: true}}
	got, _ := json.Marshal(s.render(map[string]any{"_id": "x", "control_traffic": 70, "steps": []any{map[string]any{"split_started_at": 1.5}}}))
	if string(got) != `{"controlTraffic":"70","id":"x","steps":[{"splitStartedAt":"1.5"}]}` {
		t.Errorf("the stand-in's shapes are not what they claim: %s", got)
	}

	good := recorded{Method: "POST", Path: "/funnels/funnel/folder/create", Header: http.Header{
		"Version": {"2021-07-28"}, "Authorization": {"Bearer " + specToken}, "Content-Type": {"application/json"}},
		Body: []byte(`{"locationId":"L","type":"funnel","name":"x"}`)}
	bad := map[string]func(r *recorded){
		"no version":       func(r *recorded) { r.Header.Del("Version") },
		"no auth":          func(r *recorded) { r.Header.Del("Authorization") },
		"no content type":  func(r *recorded) { r.Header.Del("Content-Type") },
		"unknown field":    func(r *recorded) { r.Body = []byte(`{"locationId":"L","type":"funnel","name":"x","parentId":"p"}`) },
		"wrong type":       func(r *recorded) { r.Body = []byte(`{"locationId":"L","type":"funnel","name":3}`) },
		"missing required": func(r *recorded) { r.Body = []byte(`{"locationId":"L","type":"funnel"}`) },
		"unknown path":     func(r *recorded) { r.Path = "/funnels/folder/create" },
		"auth on conversion": func(r *recorded) {
			r.Path, r.Body = "/funnels/event/conversion", []byte(`{"eventName":"Lead","contact":{}}`)
		},
	}
	for name, mutate := range bad {
		r := good
		r.Header = good.Header.Clone()
		mutate(&r)
		var f failures
		checkRequest(&f, name, r)
		if len(f) == 0 {
			t.Errorf("%s: the checker let it through", name)
		}
	}
	var f failures
	checkRequest(&f, "good", good)
	if len(f) != 0 {
		t.Errorf("the checker refuses a good request: %v", f)
	}
}
