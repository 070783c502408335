package client_test

import (
	"errors"
	"net/http"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestGetLocationNamesTheSubAccount: the locations API names the client's own
// sub-account; where the token may not read it (another sub-account's id, a token
// without locations.readonly on the public surface, a server with only the funnels
// routes) the read fails with the status, nothing is retried or refreshed, and the
// access record learns nothing.
func TestGetLocationNamesTheSubAccount(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	loc, _, err := c.GetLocation(ctxT(t))
	if err != nil || loc.ID != sb.Server.LocationID() || loc.Name != "Lakeside Fit" || loc.CompanyID == "" {
		t.Fatalf("the seed's sub-account: %+v, %v", loc, err)
	}
	summit := sb.Server.SubAccounts()[1]
	other, err := client.New(client.Options{BaseURL: sb.URL, LocationID: summit.ID, UserAgent: "funnels-test",
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: summit.DemoToken})})
	if err != nil {
		t.Fatal(err)
	}
	if loc, _, err := other.GetLocation(ctxT(t)); err != nil || loc.Name != summit.Name {
		t.Errorf("Summit Strength with its own token: %+v, %v", loc, err)
	}
	wrong, err := client.New(client.Options{BaseURL: sb.URL, LocationID: summit.ID, UserAgent: "funnels-test",
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	var api *client.APIError
	if _, _, err := wrong.GetLocation(ctxT(t)); !errors.As(err, &api) || api.StatusCode != http.StatusForbidden {
		t.Errorf("another sub-account's id: want 403, got %v", err)
	}

	cases := []struct {
		name   string
		opts   sandbox.Options
		token  func(*sandbox.Server) string
		status int
	}{
		{"public, a token without locations.readonly", sandbox.Options{Surface: sandbox.SurfacePublic},
			func(s *sandbox.Server) string { return s.IssueScopedToken(0, "funnels/funnel.readonly") }, http.StatusUnauthorized},
		{"public, the demo token", sandbox.Options{Surface: sandbox.SurfacePublic},
			func(s *sandbox.Server) string { return s.DemoToken() }, http.StatusOK},
		{"documented: the funnels routes only", sandbox.Options{Surface: sandbox.SurfaceDocumented},
			func(s *sandbox.Server) string { return s.DemoToken() }, http.StatusNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sb := sandboxtest.Start(t, tc.opts)
			c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), UserAgent: "funnels-test",
				TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: tc.token(sb.Server)})})
			if err != nil {
				t.Fatal(err)
			}
			loc, _, err := c.GetLocation(ctxT(t))
			if tc.status == http.StatusOK {
				if err != nil || loc.Name != "Lakeside Fit" {
					t.Fatalf("want the name, got %+v, %v", loc, err)
				}
				return
			}
			var api *client.APIError
			if !errors.As(err, &api) || api.StatusCode != tc.status {
				t.Fatalf("want %d, got %v", tc.status, err)
			}
			if n, _ := countRequests(sb, http.MethodGet, "/locations/"+sb.Server.LocationID()); n != 1 {
				t.Errorf("asked %d times, want once", n)
			}
			if len(c.Access()) != 0 {
				t.Errorf("the access record learned %+v", c.Access())
			}
		})
	}
}
