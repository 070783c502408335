package auth

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

func sourceFor(t *testing.T, r *sandbox.Running, store *Store, rt http.RoundTripper) TokenSource {
	t.Helper()
	src, err := Source(t.Context(), cfgFor(r), store, &http.Client{Transport: rt})
	if err != nil {
		t.Fatalf("Source: %v", err)
	}
	return src
}

func TestRefreshRotatesAndPersists(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	first := login(t, r, store)
	src := sourceFor(t, r, store, nil)

	tok, err := src.Token()
	if err != nil || tok.AccessToken != first.AccessToken {
		t.Fatalf("Token = %v, %v; want the stored one without a refresh", tok, err)
	}
	src.Invalidate(first.AccessToken)
	tok2, err := src.Token()
	if err != nil {
		t.Fatal(err)
	}
	if tok2.AccessToken == first.AccessToken {
		t.Fatal("Invalidate did not lead to a refresh")
	}
	if tok2.RefreshToken != "" {
		t.Error("the refresh token was handed to the API client")
	}
	stored, err := store.Load("sandbox")
	if err != nil {
		t.Fatal(err)
	}
	if stored.AccessToken != tok2.AccessToken || stored.RefreshToken == first.RefreshToken || stored.RefreshToken == "" {
		t.Fatalf("rotation not persisted: %v", stored)
	}
	if stored.LocationID != r.Server.LocationID() || stored.ClientID != r.Server.ClientID() {
		t.Errorf("refresh lost the profile's data: %v", stored)
	}
	// The old refresh token is dead, the saved one alive.
	form := url.Values{"grant_type": {"refresh_token"}, "client_id": {r.Server.ClientID()},
		"client_secret": {r.Server.ClientSecret()}, "user_type": {"Location"}}
	form.Set("refresh_token", first.RefreshToken)
	if got := postForm(t, r.URL+"/oauth/token", form); got != "invalid_grant" {
		t.Errorf("old refresh token: %q", got)
	}
	if got := apiStatus(t, r.URL, tok2.AccessToken); got != http.StatusOK {
		t.Errorf("API answered %d to the refreshed token", got)
	}
	// A stale 401 report (the old token) changes nothing.
	src.Invalidate(first.AccessToken)
	if tok3, _ := src.Token(); tok3.AccessToken != tok2.AccessToken {
		t.Error("a stale Invalidate caused another refresh")
	}
}

func TestRefreshSendsUserTypeAndHeaders(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	first := login(t, r, store)
	var seen http.Header
	var form url.Values
	rt := roundTripFunc(func(req *http.Request) (*http.Response, error) {
		seen = req.Header.Clone()
		body, _ := req.GetBody()
		buf := new(strings.Builder)
		_, _ = copyAll(buf, body)
		form, _ = url.ParseQuery(buf.String())
		return http.DefaultTransport.RoundTrip(req)
	})
	src := sourceFor(t, r, store, rt)
	src.Invalidate(first.AccessToken)
	if _, err := src.Token(); err != nil {
		t.Fatal(err)
	}
	if seen.Get("Version") != "2021-07-28" || seen.Get("User-Agent") == "" {
		t.Errorf("headers %v", seen)
	}
	if form.Get("user_type") != "Location" || form.Get("grant_type") != "refresh_token" {
		t.Errorf("refresh form lacks user_type=Location or grant_type=refresh_token")
	}
}

func TestExpiredAccessTokenRefreshedTransparently(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	login(t, r, store)
	src := sourceFor(t, r, store, nil)
	if got := callAPI(t, r.URL, src); got != http.StatusOK {
		t.Fatalf("first call: %d", got)
	}
	// The server expires every token mid-session: the next call still succeeds.
	resp, err := http.Post(r.URL+"/_sandbox/expire-tokens", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := callAPI(t, r.URL, src); got != http.StatusOK {
		t.Fatalf("call after expiry: %d", got)
	}

	// Expiry known locally: refreshed before it is sent, no 401 needed.
	rs := src.(*refreshing)
	before, _ := src.Token()
	rs.now = func() time.Time { return time.Now().Add(25 * time.Hour) }
	after, err := src.Token()
	if err != nil || after.AccessToken == before.AccessToken {
		t.Fatalf("locally expired token not refreshed: %v", err)
	}
	rs.now = time.Now
	if got := apiStatus(t, r.URL, after.AccessToken); got != http.StatusOK {
		t.Errorf("API answered %d", got)
	}
}

// Many goroutines, on one source, on several sources and on two stores of the same
// directory (standing in for separate processes): all see one 401, one refresh happens.
// The sandbox allows one refresh per minute, so a second would fail with 429.
func TestConcurrentRefreshSpendsOneRefreshToken(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{RefreshPerMinute: 1})
	dir := t.TempDir()
	storeA, storeB := NewStore(dir), NewStore(dir)
	first := login(t, r, storeA)
	count := &countingTransport{}
	shared := sourceFor(t, r, storeA, count)
	var sources []TokenSource
	for i := range 12 {
		switch i % 3 {
		case 0:
			sources = append(sources, shared)
		case 1:
			sources = append(sources, sourceFor(t, r, storeA, count))
		default:
			sources = append(sources, sourceFor(t, r, storeB, count))
		}
	}
	var wg sync.WaitGroup
	got := make([]string, len(sources))
	errs := make([]error, len(sources))
	start := make(chan struct{})
	for i, src := range sources {
		wg.Add(1)
		go func() {
			defer wg.Done()
			src.Invalidate(first.AccessToken)
			<-start
			tok, err := src.Token()
			errs[i] = err
			if err == nil {
				got[i] = tok.AccessToken
			}
		}()
	}
	close(start)
	wg.Wait()
	for i := range sources {
		if errs[i] != nil {
			t.Fatalf("source %d: %v", i, errs[i])
		}
		if got[i] != got[0] || got[i] == first.AccessToken {
			t.Fatalf("sources disagree or did not refresh")
		}
	}
	if n := count.refreshes.Load(); n != 1 {
		t.Errorf("%d refresh requests, want 1", n)
	}
}

func TestInvalidGrantEndsInLoginRequired(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	first := login(t, r, store)
	count := &countingTransport{}
	src := sourceFor(t, r, store, count)
	r.Server.RevokeRefreshTokens()
	src.Invalidate(first.AccessToken)
	_, err := src.Token()
	if !errors.Is(err, ErrLoginRequired) {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(err.Error(), "funnels login --profile sandbox") {
		t.Errorf("message %q does not say what to run", err)
	}
	// Asking again does not spend the dead refresh token again: no loop.
	for range 3 {
		if _, err := src.Token(); !errors.Is(err, ErrLoginRequired) {
			t.Fatalf("err = %v", err)
		}
	}
	if n := count.refreshes.Load(); n != 1 {
		t.Errorf("%d refresh requests, want 1", n)
	}
	// A new login (another terminal) heals the source without a restart.
	second := login(t, r, store)
	tok, err := src.Token()
	if err != nil || tok.AccessToken != second.AccessToken {
		t.Fatalf("after a new login: %v", err)
	}
}

func TestRefreshRateLimited(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{RefreshPerMinute: 100})
	store := NewStore(t.TempDir())
	login(t, r, store)
	src := sourceFor(t, r, store, nil)
	var err error
	n := 0
	for ; n < 6; n++ {
		var tok = mustToken(t, src)
		src.Invalidate(tok)
		if _, err = src.Token(); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrRefreshLimited) || n > 5 {
		t.Fatalf("after %d refreshes: %v", n, err)
	}
}

func TestStaticSources(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())

	// FUNNELS_TOKEN / --token: no login, nothing stored.
	cfg := cfgFor(r)
	cfg.Token = r.Server.DemoToken()
	src, err := Source(t.Context(), cfg, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := callAPI(t, r.URL, src); got != http.StatusOK {
		t.Errorf("FUNNELS_TOKEN call: %d", got)
	}

	// Nothing stored, nothing given.
	_, err = Source(t.Context(), cfgFor(r), store, nil)
	if !errors.Is(err, ErrLoginRequired) || !strings.Contains(err.Error(), "funnels login --profile sandbox") {
		t.Fatalf("err = %v", err)
	}
	tokenProfile := cfgFor(r)
	tokenProfile.Profile.AuthKind = config.AuthToken
	if _, err = Source(t.Context(), tokenProfile, store, nil); err == nil || !strings.Contains(err.Error(), "--with-token") {
		t.Fatalf("err = %v", err)
	}

	// A stored private integration token: static, Invalidate cannot change it.
	if _, err := SaveStaticToken(store, profileFor(r), r.Server.DemoToken()); err != nil {
		t.Fatal(err)
	}
	src, err = Source(t.Context(), cfgFor(r), store, nil)
	if err != nil {
		t.Fatal(err)
	}
	tok := mustToken(t, src)
	src.Invalidate(tok)
	if mustToken(t, src) != tok || tok != r.Server.DemoToken() {
		t.Error("static token changed")
	}
}

func TestSourceCompletesProfileFromLogin(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	dir := t.TempDir()
	store := NewStore(dir)
	login(t, r, store)
	getenv := func(k string) string { return map[string]string{"XDG_CONFIG_HOME": dir}[k] }
	cfg, err := config.LoadSignedIn(getenv, config.Flags{Profile: "sandbox"}, store)
	if err != nil {
		t.Fatal(err)
	}
	src, err := Source(t.Context(), cfg, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := cfg.Profile
	if p.BaseURL != r.URL || p.TokenURL != r.URL+"/oauth/token" || p.ClientID != r.Server.ClientID() || p.LocationID != r.Server.LocationID() {
		t.Fatalf("profile not completed from the login: %+v", p)
	}
	if got := callAPI(t, p.BaseURL, src); got != http.StatusOK {
		t.Errorf("API: %d", got)
	}
}

func TestSourceStopsWithContext(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	first := login(t, r, store)
	ctx, cancel := context.WithCancel(t.Context())
	src, err := Source(ctx, cfgFor(r), store, nil)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	src.Invalidate(first.AccessToken)
	if _, err := src.Token(); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func mustToken(t *testing.T, src TokenSource) string {
	t.Helper()
	tok, err := src.Token()
	if err != nil {
		t.Fatal(err)
	}
	return tok.AccessToken
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
