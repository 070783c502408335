package client_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

// oauthSource signs in to the sandbox with the OAuth code flow, asking for scope,
// and returns the refreshing token source the command line would use (a token file
// in a temporary state directory).
func oauthSource(t *testing.T, sb *sandbox.Running, scope string) auth.TokenSource {
	t.Helper()
	const redirect = "http://127.0.0.1:9/callback"
	hc := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
	q := url.Values{"response_type": {"code"}, "client_id": {sb.Server.ClientID()}, "redirect_uri": {redirect},
		"scope": {scope}, "state": {"s"}}
	res, err := hc.Get(sb.URL + "/oauth/chooselocation?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil || loc.Query().Get("code") == "" {
		t.Fatalf("authorize: %s %q", res.Status, res.Header.Get("Location"))
	}
	res, err = hc.PostForm(sb.URL+"/oauth/token", url.Values{"grant_type": {"authorization_code"},
		"code": {loc.Query().Get("code")}, "redirect_uri": {redirect}, "user_type": {"Location"},
		"client_id": {sb.Server.ClientID()}, "client_secret": {sb.Server.ClientSecret()}})
	if err != nil {
		t.Fatal(err)
	}
	var tr struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
		ExpiresIn    int    `json:"expires_in"`
	}
	err = json.NewDecoder(res.Body).Decode(&tr)
	res.Body.Close()
	if err != nil || tr.AccessToken == "" {
		t.Fatalf("token: %s %v", res.Status, err)
	}
	p := config.Profile{Name: "p", BaseURL: sb.URL, LocationID: sb.Server.LocationID(), AuthKind: config.AuthOAuth,
		TokenURL: sb.URL + "/oauth/token", ClientID: sb.Server.ClientID(), ClientSecret: sb.Server.ClientSecret()}
	store := auth.NewStore(t.TempDir())
	now := time.Now()
	if err := store.Save(p.Name, &auth.Token{Kind: auth.KindOAuth, AccessToken: tr.AccessToken, RefreshToken: tr.RefreshToken,
		TokenType: "Bearer", Expiry: now.Add(time.Duration(tr.ExpiresIn) * time.Second), Obtained: now,
		BaseURL: sb.URL, LocationID: p.LocationID, TokenURL: p.TokenURL, ClientID: p.ClientID, ClientSecret: p.ClientSecret,
		UserType: "Location"}); err != nil {
		t.Fatal(err)
	}
	src, err := auth.Source(ctxT(t), &config.Config{Profile: p}, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func clientWith(t *testing.T, sb *sandbox.Running, ts oauth2.TokenSource, store client.AccessStore) *client.Client {
	t.Helper()
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), TokenSource: ts,
		RetryBase: 20 * time.Millisecond, AccessStore: store})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const allScopes = "funnels/funnel.readonly funnels/page.readonly funnels/pagecount.readonly funnels/redirect.readonly funnels/redirect.write"

// TestRefusalsAreNotExpiredTokens: per class of error over loopback — the IAM refusal
// as 403 and as 401, a missing scope as 401 — the client neither refreshes (the token
// endpoint is never called), nor retries, nor matches ErrUnauthorized; each error
// says what access the route needs.
func TestRefusalsAreNotExpiredTokens(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	ctx := ctxT(t)
	wide := clientWith(t, sb, oauthSource(t, sb, allScopes), nil)
	narrow := clientWith(t, sb, oauthSource(t, sb, "funnels/funnel.readonly"), nil)
	funnels, _, err := wide.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil || len(funnels) == 0 {
		t.Fatalf("funnel list: %d, %v", len(funnels), err)
	}
	for _, tc := range []struct {
		name    string
		call    func() error
		path    string
		status  int
		is      error
		family  client.Family
		needs   string
		refusal client.Refusal
	}{
		{"IAM 403", func() error { _, _, err := wide.FolderEntities(ctx, "", "", ""); return err },
			"/funnels/funnel/folder/entities", 403, client.ErrRouteUnavailable, client.FamilyFolders, "web-app access", client.RefusedRoute},
		{"IAM 401", func() error { _, _, err := wide.GeoLocation(ctx); return err },
			"/funnels/funnel/geo-location", 401, client.ErrRouteUnavailable, client.FamilyGeoLocation, "web-app access", client.RefusedRoute},
		{"scope 401", func() error { _, _, err := narrow.CountPages(ctx, "", funnels[0].ID); return err },
			"/funnels/page/count", 401, client.ErrScope, client.FamilyPageCount, "scope funnels/pagecount.readonly", client.RefusedScope},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sb.Server.ResetLog()
			err := tc.call()
			var api *client.APIError
			if !errors.As(err, &api) || api.StatusCode != tc.status || !errors.Is(err, tc.is) {
				t.Fatalf("got %v, want %d matching %v", err, tc.status, tc.is)
			}
			if errors.Is(err, client.ErrUnauthorized) {
				t.Errorf("a refusal matches ErrUnauthorized (a person would be told to sign in again): %v", err)
			}
			other := client.ErrScope
			if tc.is == client.ErrScope {
				other = client.ErrRouteUnavailable
			}
			if errors.Is(err, other) {
				t.Errorf("%v matches both refusals", err)
			}
			if api.Refusal != tc.refusal || api.Family != tc.family || !strings.Contains(err.Error(), tc.needs) ||
				!strings.Contains(api.Explain(), tc.needs) {
				t.Errorf("refusal %v family %q, error %q, explain %q; want %q named", api.Refusal, api.Family, err, api.Explain(), tc.needs)
			}
			if n, _ := countRequests(sb, "POST", "/oauth/token"); n != 0 {
				t.Errorf("the token endpoint was called %d times for a refusal", n)
			}
			if n, _ := countRequests(sb, "GET", tc.path); n != 1 {
				t.Errorf("%s was sent %d times, want once", tc.path, n)
			}
		})
	}
	if _, ok := narrow.Access().Refused(client.FamilyPageCount); !ok {
		t.Errorf("the scope refusal is not in the access record: %v", narrow.Access())
	}
}

// TestAnExpiredTokenRefreshesOnce: an expired OAuth token still refreshes, exactly
// once, and the request goes through.
func TestAnExpiredTokenRefreshesOnce(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	ctx := ctxT(t)
	c := clientWith(t, sb, oauthSource(t, sb, allScopes), nil)
	if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	sb.Server.ExpireAccessTokens()
	sb.Server.ResetLog()
	if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 1}); err != nil {
		t.Fatalf("after expiry: %v", err)
	}
	if n, _ := countRequests(sb, "POST", "/oauth/token"); n != 1 {
		t.Errorf("%d refreshes, want exactly one", n)
	}
	if _, statuses := countRequests(sb, "GET", "/funnels/funnel/list"); len(statuses) != 2 || statuses[0] != 401 || statuses[1] != 200 {
		t.Errorf("funnel list answers %v, want [401 200]", statuses)
	}
	// An expired token on a refused route: one refresh, then the refusal, not a loop.
	sb.Server.ExpireAccessTokens()
	sb.Server.ResetLog()
	if _, _, err := c.FolderEntities(ctx, "", "", ""); !errors.Is(err, client.ErrRouteUnavailable) {
		t.Fatalf("got %v", err)
	}
	if n, _ := countRequests(sb, "POST", "/oauth/token"); n != 1 {
		t.Errorf("%d refreshes, want exactly one", n)
	}
}

// TestAccessRecordLearnsAndForgets: refusals are learned from answers, told to
// subscribers, kept in the store and read back by the next client; a refused family
// that answers is open again; ForgetAccess empties the record and the file.
func TestAccessRecordLearnsAndForgets(t *testing.T) {
	pub := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	ctx := ctxT(t)
	file := client.AccessFile{Path: filepath.Join(t.TempDir(), "state", "p.access.json"), Key: pub.URL}
	token := oauth2.StaticTokenSource(&oauth2.Token{AccessToken: pub.Server.DemoToken()})
	c := clientWith(t, pub, token, file)
	ev := collect(c)
	if len(c.Access()) != 0 {
		t.Fatalf("a new record holds %v", c.Access())
	}
	if _, _, err := c.FolderEntities(ctx, "", "", ""); !errors.Is(err, client.ErrRouteUnavailable) {
		t.Fatal(err)
	}
	if _, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	got := c.Access()
	if fa, ok := got.Refused(client.FamilyFolders); !ok || fa.Status != 403 || !strings.Contains(fa.Message, "IAM") {
		t.Fatalf("folder entities: %+v", got[client.FamilyFolders])
	}
	if got[client.FamilyFunnelList].Answer != client.AnswerOpen {
		t.Fatalf("funnel list: %+v", got[client.FamilyFunnelList])
	}
	if r := got.Reason(client.FamilyFolders); !strings.Contains(r, "403") || !strings.Contains(r, "web-app access") {
		t.Errorf("reason %q", r)
	}
	isAccess := func(e client.Event) bool { _, ok := e.(client.AccessEvent); return ok }
	accessEvents := ev.count(isAccess)
	if accessEvents != 2 {
		t.Errorf("%d access events, want one per change (2)", accessEvents)
	}
	info, err := os.Stat(file.Path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("record file: %v %v", info, err)
	}

	// The next session starts from the record: browsing goes straight to the funnel list.
	next := clientWith(t, pub, token, file)
	if _, ok := next.Access().Refused(client.FamilyFolders); !ok {
		t.Fatalf("the record was not read back: %v", next.Access())
	}
	pub.Server.ResetLog()
	l, _, err := next.BrowseFolder(ctx, "")
	if err != nil || l.Via != client.FamilyFunnelList {
		t.Fatalf("browse: %+v %v", l, err)
	}
	if n, _ := countRequests(pub, "GET", "/funnels/funnel/folder/entities"); n != 0 {
		t.Errorf("folder entities asked %d times though the record says they are refused", n)
	}
	// A record for another API is not this sign-in's.
	other := clientWith(t, pub, token, client.AccessFile{Path: file.Path, Key: "http://elsewhere"})
	if len(other.Access()) != 0 {
		t.Errorf("a record learned against another API was used: %v", other.Access())
	}

	// A refused family that answers is open again: the seed answers page by id.
	seed := sandboxtest.Start(t, sandbox.Options{})
	seedFile := client.AccessFile{Path: filepath.Join(t.TempDir(), "seed.json"), Key: seed.URL}
	if err := seedFile.SaveAccess(client.Access{client.FamilyPageByID: {Answer: client.AnswerRouteRefused, Status: 401,
		Message: "This route is not yet supported by the IAM Service. Please update your IAM config."}}); err != nil {
		t.Fatal(err)
	}
	sc := clientWith(t, seed, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: seed.Server.DemoToken()}), seedFile)
	pages, _, err := sc.ListPages(ctx, client.ListPagesParams{FunnelID: firstFunnelID(t, sc)})
	if err != nil || len(pages) == 0 {
		t.Fatalf("pages: %v", err)
	}
	if _, _, err := sc.Page(ctx, pages[0].ID); err != nil {
		t.Fatal(err)
	}
	if _, refused := sc.Access().Refused(client.FamilyPageByID); refused {
		t.Errorf("page by id answered but is still refused: %v", sc.Access())
	}
	if back, _ := seedFile.LoadAccess(); back[client.FamilyPageByID].Answer != client.AnswerOpen {
		t.Errorf("the file still says %+v", back[client.FamilyPageByID])
	}

	// Forgetting empties the record, tells subscribers, and removes the file.
	c.ForgetAccess()
	if len(c.Access()) != 0 {
		t.Errorf("after forgetting: %v", c.Access())
	}
	if _, err := os.Stat(file.Path); !os.IsNotExist(err) {
		t.Errorf("the record file is still there: %v", err)
	}
	if n := ev.count(func(e client.Event) bool { ae, ok := e.(client.AccessEvent); return ok && len(ae.Access) == 0 }); n != 1 {
		t.Errorf("%d empty AccessEvents after forgetting, want 1", n)
	}
}

func firstFunnelID(t *testing.T, c *client.Client) string {
	t.Helper()
	l, _, err := c.ListFunnels(ctxT(t), client.ListFunnelsParams{Limit: 1})
	if err != nil || len(l.Funnels) == 0 {
		t.Fatalf("funnel list: %v", err)
	}
	return l.Funnels[0].ID
}
