package client_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestAPIVersionSent: each accepted Version value goes out on every request, reads
// and writes, with and without a token; "" sends the default; the sandbox serves all.
func TestAPIVersionSent(t *testing.T) {
	sbx := sandbox.New(sandbox.Options{})
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Version"))
		mu.Unlock()
		sbx.ServeHTTP(w, r)
	}))
	defer srv.Close()
	for _, tc := range []struct{ set, want string }{
		{"", "2021-07-28"}, {"2021-07-28", "2021-07-28"}, {"2021-04-15", "2021-04-15"}, {"2023-02-21", "2023-02-21"}, {"v3", "v3"},
	} {
		mu.Lock()
		seen = nil
		mu.Unlock()
		c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: sbx.LocationID(), APIVersion: tc.set,
			TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sbx.DemoToken()})})
		if err != nil {
			t.Fatal(err)
		}
		if c.APIVersion() != tc.want {
			t.Errorf("%q: APIVersion() = %q", tc.set, c.APIVersion())
		}
		ctx := ctxT(t)
		if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{}); err != nil {
			t.Fatalf("%q: %v", tc.set, err)
		}
		if _, _, err := c.CreateFolder(ctx, client.CreateFolderRequest{Name: "V " + tc.want, Type: "funnel"}); err != nil {
			t.Fatalf("%q: %v", tc.set, err)
		}
		if _, _, err := c.SendConversion(ctx, client.ConversionRequest{EventName: "Lead"}); err != nil {
			t.Fatalf("%q: %v", tc.set, err)
		}
		mu.Lock()
		if len(seen) != 3 {
			t.Errorf("%q: %d requests", tc.set, len(seen))
		}
		for _, v := range seen {
			if v != tc.want {
				t.Errorf("%q: sent Version %q, want %q", tc.set, v, tc.want)
			}
		}
		mu.Unlock()
	}
}

// TestAPIVersionRefused: any other value is refused before a request, naming the four.
func TestAPIVersionRefused(t *testing.T) {
	for _, v := range []string{"2021-07-29", "V3", "latest"} {
		_, err := client.New(client.Options{BaseURL: "http://127.0.0.1:1", APIVersion: v})
		if err == nil || !strings.Contains(err.Error(), "is not one of 2021-07-28, 2021-04-15, 2023-02-21, v3") {
			t.Errorf("%q: %v", v, err)
		}
	}
}

// TestV3ErrorEnvelope: under v3 the funnels routes answer errors in the old shape
// (their v3 contract documents it), read as under any version, and a missing scope
// is told apart (the envelope itself: TestV3EnvelopeRead).
func TestV3ErrorEnvelope(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{}, func(o *client.Options) { o.APIVersion = "v3" })
	_, _, err := c.Page(ctxT(t), "NoSuchPage0000000001")
	var api *client.APIError
	if !errors.As(err, &api) || !errors.Is(err, client.ErrNotFound) || api.Summary() != "404 Page not found" || api.Code != "" {
		t.Fatalf("err %v", err)
	}

	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	narrow, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), APIVersion: "v3",
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.IssueScopedToken(0, "funnels/funnel.readonly")})})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = narrow.CountPages(ctxT(t), "", "someFunnel")
	if !errors.Is(err, client.ErrScope) || errors.Is(err, client.ErrUnauthorized) || !errors.As(err, &api) {
		t.Errorf("scope refusal under v3: %v", err)
	}
}

// TestWrongLocation: a token that holds the scope but not the location is told
// apart: its own sentinel, a message naming the location, no refresh, and nothing
// recorded about the route, which is open.
func TestWrongLocation(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{Surface: sandbox.SurfacePublic},
		func(o *client.Options) { o.LocationID = "RiversideBoxingLoc03" })
	_, _, err := c.ListFunnels(ctxT(t), client.ListFunnelsParams{})
	var api *client.APIError
	if !errors.Is(err, client.ErrWrongLocation) || !errors.Is(err, client.ErrForbidden) || !errors.As(err, &api) {
		t.Fatalf("err %v", err)
	}
	if errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrScope) || errors.Is(err, client.ErrRouteUnavailable) {
		t.Errorf("classified as a refusal of the token or route: %v", err)
	}
	want := "403 this token does not have access to location RiversideBoxingLoc03 — sign in for that sub-account or check --location"
	if api.Summary() != want {
		t.Errorf("Summary\n got %q\nwant %q", api.Summary(), want)
	}
	if len(c.Access()) != 0 {
		t.Errorf("access record %+v, want nothing", c.Access())
	}
	// The body's location is the one named when the query has none.
	_, _, err = c.CreateRedirect(ctxT(t), client.CreateRedirectRequest{LocationID: "SummitStrengthLoc002",
		Domain: "offers.lakesidefit.com", Path: "/x", Target: "https://example.com/", Action: "url"})
	if !errors.As(err, &api) || !strings.Contains(api.Message(), "location SummitStrengthLoc002 ") {
		t.Errorf("write: %v", err)
	}
	if n, _ := countRequests(sb, http.MethodGet, "/funnels/funnel/list"); n != 1 {
		t.Errorf("%d list requests, want 1 (a 403 is not retried)", n)
	}
}

// TestVersionRefusedNamesTheHeader: a server that takes fewer versions than the
// service documents refuses the one sent and says why; the error names the Version
// header the request carried, beside the server's words.
func TestVersionRefusedNamesTheHeader(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{Versions: []string{"2021-07-28"}}, func(o *client.Options) { o.APIVersion = "2023-02-21" })
	_, _, err := c.ListFunnels(ctxT(t), client.ListFunnelsParams{})
	var api *client.APIError
	if !errors.As(err, &api) || !api.VersionBlamed || api.Version != "2023-02-21" {
		t.Fatalf("err %v", err)
	}
	want := "400 Version header is missing or invalid; use one of 2021-07-28 — the request carried Version: 2023-02-21 " +
		"(--api-version, FUNNELS_API_VERSION; the contract's is 2021-07-28)"
	if api.Summary() != want {
		t.Errorf("Summary\n got %q\nwant %q", api.Summary(), want)
	}
	// The same server answers the version it takes, with nothing added to its errors.
	ok, _ := newTestClient(t, sandbox.Options{Versions: []string{"2021-07-28"}})
	if _, _, err := ok.ListFunnels(ctxT(t), client.ListFunnelsParams{}); err != nil {
		t.Fatal(err)
	}
	_, _, err = ok.Page(ctxT(t), "NoSuchPage0000000001")
	if !errors.As(err, &api) || api.VersionBlamed || api.Summary() != "404 Page not found" {
		t.Errorf("another error: %v", err)
	}
}
