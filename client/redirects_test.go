package client_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestRedirectOperations lists, creates, edits and deletes URL redirects over HTTP,
// and reads the list back after each write.
func TestRedirectOperations(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	all, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 8 || all[0].Domain != "join.lakesidefit.com" || all[0].ID == "" || all[0].Type != "Permanent" {
		t.Fatalf("read %d redirects, first %+v", len(all), all)
	}
	// Walked by count: 3 + 3 + 2, each page asked with locationId, limit and offset
	// (the two after the first together, so in either order).
	var offsets []string
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/lookup/redirect/list" {
			if !strings.Contains(r.Query, "locationId="+sb.Server.LocationID()) || !strings.Contains(r.Query, "limit=3") {
				t.Errorf("query %q", r.Query)
			}
			offsets = append(offsets, r.Query[strings.Index(r.Query, "offset="):])
		}
	}
	slices.Sort(offsets)
	if strings.Join(offsets, " ") != "offset=0 offset=3 offset=6" {
		t.Fatalf("pages asked: %v", offsets)
	}
	one, _, err := c.ListRedirects(ctx, client.ListRedirectsParams{Search: "instagram"})
	if err != nil || one.Count != 1 || !one.CountKnown || len(one.Redirects) != 1 || one.Redirects[0].Action != "url" {
		t.Fatalf("search: %+v, %v", one, err)
	}
	if got := one.Redirects[0].OldURL(); got != "https://www.lakesidefit.com/instagram" {
		t.Fatalf("old URL %q", got)
	}

	made, resp, err := c.CreateRedirect(ctx, client.CreateRedirectRequest{Domain: "offers.lakesidefit.com", Path: "/old-offer",
		Target: "https://offers.lakesidefit.com/spring-sale-opt-in", Action: "funnel"})
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %v (%v)", err, resp)
	}
	if made.ID == "" || made.Path != "/old-offer" || made.LocationID != sb.Server.LocationID() || made.PathLowercase != "/old-offer" {
		t.Fatalf("made %+v", made)
	}
	listed, _, err := c.ListRedirects(ctx, client.ListRedirectsParams{Search: "old-offer"})
	if err != nil || len(listed.Redirects) != 1 || listed.Redirects[0].ID != made.ID {
		t.Fatalf("the new redirect is not listed: %+v %v", listed, err)
	}

	changed, _, err := c.UpdateRedirect(ctx, made.ID, client.UpdateRedirectRequest{Target: "https://example.com/x", Action: "url"})
	if err != nil || changed.ID != made.ID || changed.Target != "https://example.com/x" || changed.Action != "url" || changed.Path != "/old-offer" {
		t.Fatalf("update: %+v %v", changed, err)
	}
	if _, err := c.DeleteRedirect(ctx, made.ID); err != nil {
		t.Fatal(err)
	}
	_, err = c.DeleteRedirect(ctx, made.ID)
	if !errors.Is(err, client.ErrNotFound) || !strings.Contains(err.Error(), "404 Redirect not found") {
		t.Fatalf("deleting again: %v", err)
	}
	_, _, err = c.UpdateRedirect(ctx, "nope", client.UpdateRedirectRequest{Target: "https://example.com", Action: "url"})
	if !errors.Is(err, client.ErrNotFound) {
		t.Fatalf("update of an unknown id: %v", err)
	}
	for _, r := range sb.Server.Requests() {
		if r.Method == http.MethodDelete && r.Query != "locationId="+sb.Server.LocationID() {
			t.Fatalf("delete sent query %q", r.Query)
		}
		if r.Method == http.MethodPatch && !strings.Contains(r.Body, `"locationId":"`+sb.Server.LocationID()+`"`) {
			t.Fatalf("update sent %s", r.Body)
		}
	}
}

// TestRedirectsReadOnlyToken: the read-only token lists redirects and is refused every
// write, which changes nothing.
func TestRedirectsReadOnlyToken(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.ReadOnlyToken()})})
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxT(t)
	all, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
	if err != nil || len(all) != 8 {
		t.Fatalf("list: %d, %v", len(all), err)
	}
	_, _, err = c.CreateRedirect(ctx, client.CreateRedirectRequest{Domain: "offers.lakesidefit.com", Path: "/x", Target: "https://x.example", Action: "url"})
	wantScope := func(op string, err error) {
		t.Helper()
		var api *client.APIError
		if !errors.As(err, &api) || api.StatusCode != http.StatusForbidden || !strings.Contains(api.Message(), "not authorized for this scope") {
			t.Fatalf("%s with the read-only token: %v", op, err)
		}
	}
	wantScope("create", err)
	_, _, err = c.UpdateRedirect(ctx, all[0].ID, client.UpdateRedirectRequest{Target: "https://x.example", Action: "url"})
	wantScope("update", err)
	_, err = c.DeleteRedirect(ctx, all[0].ID)
	wantScope("delete", err)
	again, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
	if err != nil || len(again) != 8 || again[0].Target != all[0].Target {
		t.Fatalf("a refused write changed the list: %d %v", len(again), err)
	}
}

// TestRedirect422PerField sends what the shared checks would stop, straight to the
// sandbox: each bad field comes back named in a 422.
func TestRedirect422PerField(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	noLoc, err := client.New(client.Options{BaseURL: sb.URL,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	good := client.CreateRedirectRequest{Domain: "join.lakesidefit.com", Path: "/go", Target: "https://join.lakesidefit.com/free-trial-landing", Action: "funnel"}
	want422 := func(name, field string, err error) {
		t.Helper()
		var api *client.APIError
		if !errors.As(err, &api) || api.StatusCode != 422 || !errors.Is(err, client.ErrValidation) {
			t.Fatalf("%s: %v", name, err)
		}
		for _, m := range api.Messages {
			if strings.HasPrefix(m, field+" ") {
				return
			}
		}
		t.Fatalf("%s: no message names %s: %q", name, field, api.Messages)
	}
	for _, tc := range []struct {
		name, field string
		edit        func(*client.CreateRedirectRequest)
	}{
		{"domain", "domain", func(b *client.CreateRedirectRequest) { b.Domain = "not a host" }},
		{"domain not attached", "domain", func(b *client.CreateRedirectRequest) { b.Domain = "elsewhere.example.com" }},
		{"path", "path", func(b *client.CreateRedirectRequest) { b.Path = "go" }},
		{"path taken", "path", func(b *client.CreateRedirectRequest) { b.Path = "/TRIAL" }},
		{"target", "target", func(b *client.CreateRedirectRequest) { b.Target = "" }},
		{"target of url", "target", func(b *client.CreateRedirectRequest) { b.Action, b.Target = "url", "/relative" }},
		{"action", "action", func(b *client.CreateRedirectRequest) { b.Action = "jump" }},
	} {
		b := good
		tc.edit(&b)
		_, _, err := c.CreateRedirect(ctx, b)
		want422("create "+tc.name, tc.field, err)
	}
	_, _, err = noLoc.CreateRedirect(ctx, good)
	want422("create without a location", "locationId", err)

	id := func() string {
		l, _, err := c.ListRedirects(ctx, client.ListRedirectsParams{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		return l.Redirects[0].ID
	}()
	for _, tc := range []struct {
		name, field string
		body        client.UpdateRedirectRequest
	}{
		{"target", "target", client.UpdateRedirectRequest{Action: "funnel"}},
		{"target of url", "target", client.UpdateRedirectRequest{Action: "url", Target: "ftp://x.example/"}},
		{"action", "action", client.UpdateRedirectRequest{Action: "", Target: "https://x.example/"}},
	} {
		_, _, err := c.UpdateRedirect(ctx, id, tc.body)
		want422("update "+tc.name, tc.field, err)
	}
	_, _, err = noLoc.UpdateRedirect(ctx, id, client.UpdateRedirectRequest{Action: "url", Target: "https://x.example/"})
	want422("update without a location", "locationId", err)
	_, err = noLoc.DeleteRedirect(ctx, id)
	want422("delete without a location", "locationId", err)
}

// TestRedirectWritesAreNeverSentTwice: a write whose answer is a 5xx is not retried
// (the server may have acted); an empty id sends nothing at all.
func TestRedirectWritesAreNeverSentTwice(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	sb.Server.FailNext(502, 3, "/funnels/lookup/redirect")
	_, _, err := c.CreateRedirect(ctx, client.CreateRedirectRequest{Domain: "join.lakesidefit.com", Path: "/a", Target: "https://x.example", Action: "url"})
	if !errors.Is(err, client.ErrServer) {
		t.Fatalf("create under a 502: %v", err)
	}
	_, _, err = c.UpdateRedirect(ctx, "someid", client.UpdateRedirectRequest{Target: "https://x.example", Action: "url"})
	if !errors.Is(err, client.ErrServer) {
		t.Fatalf("update under a 502: %v", err)
	}
	_, err = c.DeleteRedirect(ctx, "someid")
	if !errors.Is(err, client.ErrServer) {
		t.Fatalf("delete under a 502: %v", err)
	}
	if n, _ := countRequests(sb, http.MethodPost, "/funnels/lookup/redirect"); n != 1 {
		t.Fatalf("create sent %d times", n)
	}
	if n, _ := countRequests(sb, http.MethodPatch, "/funnels/lookup/redirect/someid"); n != 1 {
		t.Fatalf("update sent %d times", n)
	}
	if n, _ := countRequests(sb, http.MethodDelete, "/funnels/lookup/redirect/someid"); n != 1 {
		t.Fatalf("delete sent %d times", n)
	}
	before := len(sb.Server.Requests())
	if _, _, err := c.UpdateRedirect(ctx, " ", client.UpdateRedirectRequest{}); err == nil {
		t.Fatal("an empty id was accepted")
	}
	if _, err := c.DeleteRedirect(ctx, ""); err == nil {
		t.Fatal("an empty id was accepted")
	}
	if after := len(sb.Server.Requests()); after != before {
		t.Fatalf("%d requests sent for empty ids", after-before)
	}
}

// TestListAllRedirectsStops: a server that answers every offset with the same page,
// or lies about its count, does not keep the walk going: a count of 1,000 costs the
// pages of one round sent together (64) beyond what the server holds, never the 200
// pages it claims.
func TestListAllRedirectsStops(t *testing.T) {
	page := func(offset, n, count int) string {
		var items []string
		for i := range n {
			items = append(items, fmt.Sprintf(`{"id":"r%d","domain":"a.example","path":"/p%d","target":"https://b.example","action":"url"}`, offset+i, offset+i))
		}
		return `{"data":{"count":` + strconv.Itoa(count) + `,"data":[` + strings.Join(items, ",") + `]}}`
	}
	for name, tc := range map[string]struct {
		answer   func(offset int) string
		read     int
		requests int
		stopped  bool
	}{
		"same page every time": {func(int) string { return page(0, 5, 1000) }, 5, 1 + 64, true},
		"count too high":       {func(o int) string { return page(o, max(0, min(5, 12-o)), 1000) }, 12, 1 + 64 + 1, false},
		"no count, short page": {func(o int) string {
			return `[` + strings.TrimSuffix(strings.TrimPrefix(page(o, min(5, 7-o), 0), `{"data":{"count":0,"data":[`), `]}}`) + `]`
		}, 7, 2, false},
		"count as a string": {func(o int) string { return strings.Replace(page(o, min(5, 6-o), 6), `"count":6`, `"count":"6"`, 1) }, 6, 2, false},
	} {
		t.Run(name, func(t *testing.T) {
			var requests atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				requests.Add(1)
				o, _ := strconv.Atoi(r.URL.Query().Get("offset"))
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write([]byte(tc.answer(o)))
			}))
			t.Cleanup(srv.Close)
			c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: "loc", Limit: 10_000,
				TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "t"})})
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := c.ListAllRedirects(ctxT(t), client.ListRedirectsParams{Limit: 5})
			var stop *client.ListStoppedError
			if stopped := errors.As(err, &stop); stopped != tc.stopped || (!tc.stopped && err != nil) {
				t.Fatalf("err %v, want stopped %v", err, tc.stopped)
			}
			if tc.stopped && (!errors.Is(err, client.ErrIncompleteList) || stop.Reason != client.StopRepeatedPage || stop.Items != tc.read || !strings.Contains(err.Error(), "already sent")) {
				t.Fatalf("stop: %v", err)
			}
			if len(got) != tc.read || int(requests.Load()) != tc.requests {
				t.Fatalf("read %d in %d requests, want %d in %d", len(got), requests.Load(), tc.read, tc.requests)
			}
		})
	}
}

// TestRedirectDecoding reads the record in the shapes the service is seen to use.
func TestRedirectDecoding(t *testing.T) {
	var r client.Redirect
	raw := `{"_id":"abc","locationId":"L","domain":"a.example","path":"/Old","path_lowercase":"/old","type":"Permanent","target":"https://b.example/new","action":"url","extra":{"x":1}}`
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatal(err)
	}
	if r.ID != "abc" || r.PathLowercase != "/old" || r.Target != "https://b.example/new" || r.Action != "url" || string(r.Raw) != raw {
		t.Fatalf("decoded %+v", r)
	}
	if r.OldURL() != "https://a.example/Old" {
		t.Fatalf("old URL %q", r.OldURL())
	}
	if err := json.Unmarshal([]byte(`[1]`), &r); err == nil {
		t.Fatal("an array decoded as a redirect")
	}
}

// TestRegexRedirects lists the pattern redirects.
func TestRegexRedirects(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	redirects, _, err := c.RegexRedirects(ctxT(t), "")
	if err != nil || len(redirects) == 0 || redirects[0].Regex == "" {
		t.Fatalf("redirects: %+v %v", redirects, err)
	}
}
