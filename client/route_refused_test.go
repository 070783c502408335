package client_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestARefusalInOtherWordsIsToldByWhatTheServerDoes: where the service words its
// refusal of a web-app route otherwise than the IAM message, the refusal is still the
// route's and not an expired token, because the funnel list answers the same token:
// folder entities (403) and geo-location (401) match ErrRouteUnavailable and never
// ErrUnauthorized, say how it was told and what to ask for, go into the access
// record, and browsing falls back to the funnel list as it does for the IAM words;
// the funnel list is asked once for the token, not for every refusal after it. A
// token refused everywhere in words no refusal has is the token's: ErrUnauthorized,
// after the one funnel-list request that told it.
func TestARefusalInOtherWordsIsToldByWhatTheServerDoes(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic, RefusalWords: "Route blocked for this app type."})
	ctx := ctxT(t)
	c := clientWith(t, sb, oauthSource(t, sb, allScopes), nil)
	for _, tc := range []struct {
		name      string
		call      func() error
		status    int
		family    client.Family
		refreshes int // a 401 the words do not explain is first taken for an expired token
	}{
		{"403", func() error { _, _, err := c.FolderEntities(ctx, "", "", ""); return err }, 403, client.FamilyFolders, 0},
		{"401", func() error { _, _, err := c.GeoLocation(ctx); return err }, 401, client.FamilyGeoLocation, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sb.Server.ResetLog()
			err := tc.call()
			var api *client.APIError
			if !errors.As(err, &api) || api.StatusCode != tc.status || !errors.Is(err, client.ErrRouteUnavailable) {
				t.Fatalf("got %v, want %d matching ErrRouteUnavailable", err, tc.status)
			}
			if errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrScope) {
				t.Errorf("%v: a refusal of the route taken for the token's, or for a scope", err)
			}
			if !api.Unworded || api.Family != tc.family || !strings.Contains(api.Explain(), "refused to a token the service knows") ||
				!strings.Contains(api.Explain(), "web-app access") {
				t.Errorf("unworded %v, family %q, explain %q", api.Unworded, api.Family, api.Explain())
			}
			if n, _ := countRequests(sb, "GET", "/funnels/funnel/list"); n != 1 {
				t.Errorf("the funnel list was asked %d times, want once", n)
			}
			if n, _ := countRequests(sb, "POST", "/oauth/token"); n != tc.refreshes {
				t.Errorf("%d refreshes, want %d", n, tc.refreshes)
			}
			if fa, ok := c.Access().Refused(tc.family); !ok || fa.Answer != client.AnswerRouteRefused || !fa.Unworded {
				t.Errorf("access record of %q: %+v, %v", tc.family, fa, ok)
			}
		})
	}

	// The next refusal of the same token soon after asks nothing more: the funnel
	// list's answer vouches for the token a while.
	sb.Server.ResetLog()
	if _, _, err := c.RegexRedirects(ctx, "offers.lakesidefit.com"); !errors.Is(err, client.ErrRouteUnavailable) {
		t.Errorf("regex redirects: %v", err)
	}
	if n, _ := countRequests(sb, "GET", "/funnels/funnel/list"); n != 0 {
		t.Errorf("the funnel list was asked %d times for a token it answered a moment ago", n)
	}

	sb.Server.ResetLog()
	l, _, err := c.BrowseFolder(ctx, "")
	if err != nil || l.Via != client.FamilyFunnelList || !strings.Contains(l.Note(), "403 (refused to a token the service knows)") {
		t.Fatalf("browsing the root: %+v, %v", l, err)
	}
	if n, _ := countRequests(sb, "GET", "/funnels/funnel/folder/entities"); n != 0 {
		t.Errorf("folder entities asked again %d times after the refusal was recorded", n)
	}

	// The funnel list a client asked for itself vouches for its token as well.
	demo := clientWith(t, sb, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}), nil)
	if _, _, err := demo.ListFunnels(ctx, client.ListFunnelsParams{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	sb.Server.ResetLog()
	if _, _, err := demo.FolderEntities(ctx, "", "", ""); !errors.Is(err, client.ErrRouteUnavailable) {
		t.Errorf("folder entities after the funnel list answered: %v", err)
	}
	if n, _ := countRequests(sb, "GET", "/funnels/funnel/list"); n != 0 {
		t.Errorf("the funnel list was asked %d times right after it answered the same token", n)
	}

	bad, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "pit-revoked"})})
	if err != nil {
		t.Fatal(err)
	}
	sb.Server.ResetLog()
	_, _, err = bad.GeoLocation(ctx)
	if !errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrRouteUnavailable) {
		t.Errorf("a token the server does not know: %v, want ErrUnauthorized alone", err)
	}
	if n, _ := countRequests(sb, "GET", "/funnels/funnel/list"); n != 1 {
		t.Errorf("the funnel list was asked %d times, want once", n)
	}
	if _, ok := bad.Access().Refused(client.FamilyGeoLocation); ok {
		t.Errorf("a bad token recorded geo-location as refused: %v", bad.Access())
	}
}

// TestARefusalToldByBehaviourStandsADay: a refusal told by the funnel list answering
// stands a day, then the route is asked again; one told by the service's words
// stands until the route answers.
func TestARefusalToldByBehaviourStandsADay(t *testing.T) {
	now := time.Now()
	a := client.Access{
		client.FamilyFolders:     {Answer: client.AnswerRouteRefused, Status: 403, Unworded: true, At: now.Add(-time.Hour)},
		client.FamilyGeoLocation: {Answer: client.AnswerRouteRefused, Status: 401, Unworded: true, At: now.Add(-25 * time.Hour)},
		client.FamilyPageByID:    {Answer: client.AnswerRouteRefused, Status: 401, At: now.Add(-30 * 24 * time.Hour)},
	}
	for f, want := range map[client.Family]bool{client.FamilyFolders: true, client.FamilyGeoLocation: false, client.FamilyPageByID: true} {
		if _, refused := a.Refused(f); refused != want {
			t.Errorf("%s: refused %v, want %v", f, refused, want)
		}
	}

	// Over loopback: a day-old refusal kept for the sign-in lets browsing ask folder
	// entities again; refused again, it is kept anew, and the next browse asks nothing.
	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic, RefusalWords: "Route blocked for this app type."})
	file := client.AccessFile{Path: filepath.Join(t.TempDir(), "p.access.json"), Key: sb.URL}
	old := client.Access{client.FamilyFolders: {Answer: client.AnswerRouteRefused, Status: 403, Message: "Route blocked for this app type.",
		Unworded: true, At: now.Add(-25 * time.Hour)}}
	if err := file.SaveAccess(old); err != nil {
		t.Fatal(err)
	}
	c := clientWith(t, sb, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}), file)
	for round, asks := range []int{1, 0} {
		sb.Server.ResetLog()
		if l, _, err := c.BrowseFolder(ctxT(t), ""); err != nil || l.Via != client.FamilyFunnelList {
			t.Fatalf("round %d: %+v, %v", round, l, err)
		}
		if n, _ := countRequests(sb, "GET", "/funnels/funnel/folder/entities"); n != asks {
			t.Errorf("round %d: folder entities asked %d times, want %d", round, n, asks)
		}
	}
	if kept, err := file.LoadAccess(); err != nil || time.Since(kept[client.FamilyFolders].At) > time.Minute {
		t.Errorf("the refusal kept: %+v, %v; want it told anew", kept[client.FamilyFolders], err)
	}
}

// TestARedirectOnlyTokenIsNotToldToSignInAgain: a token with redirect scopes only
// cannot read the funnel list, so the funnel list cannot vouch for it. A refusal of a
// web-app route in words no refusal has is still the route's: the redirects the token
// listed a moment ago vouch for it, and without that, the funnel list refusing it for
// a scope says the service knew the token.
func TestARedirectOnlyTokenIsNotToldToSignInAgain(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic, RefusalWords: "Route blocked for this app type."})
	ctx := ctxT(t)
	const redirectsOnly = "funnels/redirect.readonly funnels/redirect.write"
	for _, tc := range []struct {
		name        string
		listFirst   bool
		funnelAsked int
	}{
		{"after listing redirects", true, 0},
		{"first of all", false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := clientWith(t, sb, oauthSource(t, sb, redirectsOnly), nil)
			if tc.listFirst {
				if _, _, err := c.ListRedirects(ctx, client.ListRedirectsParams{}); err != nil {
					t.Fatal(err)
				}
			}
			sb.Server.ResetLog()
			_, _, err := c.FolderEntities(ctx, "", "", "")
			var api *client.APIError
			if !errors.Is(err, client.ErrRouteUnavailable) || errors.Is(err, client.ErrUnauthorized) || !errors.As(err, &api) {
				t.Fatalf("folder entities: %v, want the route's refusal, not the token's", err)
			}
			if !strings.Contains(api.Explain(), "refused to a token the service knows") {
				t.Errorf("explained as %q", api.Explain())
			}
			if n, _ := countRequests(sb, "GET", "/funnels/funnel/list"); n != tc.funnelAsked {
				t.Errorf("the funnel list was asked %d times, want %d", n, tc.funnelAsked)
			}
			if fa, ok := c.Access().Refused(client.FamilyFolders); !ok || !fa.Unworded {
				t.Errorf("access record of folders: %+v, %v", fa, ok)
			}
		})
	}
}
