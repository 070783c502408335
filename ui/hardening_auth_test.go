package ui

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

// signedIn signs in to the sandbox through the real OAuth flow (the address pasted
// back, as over SSH) and returns a client on the refreshing token source the browser
// gets from `funnels`.
func signedIn(t *testing.T, sb *sandbox.Running) *client.Client {
	t.Helper()
	c, _, _ := signedInVia(t, sb, nil)
	return c
}

// signedInVia is signedIn with the token source making its token calls through hc
// (nil: a default); it also returns the store and the profile.
func signedInVia(t *testing.T, sb *sandbox.Running, hc *http.Client) (*client.Client, *auth.Store, config.Profile) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	profile := config.Profile{
		Name: "sandbox", BaseURL: sb.URL, LocationID: sb.Server.LocationID(),
		AuthURL: sb.URL + "/oauth/chooselocation", TokenURL: sb.URL + "/oauth/token",
		AuthKind: config.AuthOAuth, ClientID: sb.Server.ClientID(), ClientSecret: sb.Server.ClientSecret(),
		Scopes: config.DefaultScopes(),
	}
	store := auth.NewStore(t.TempDir())
	pasteR, pasteW := io.Pipe()
	outR, outW := io.Pipe()
	t.Cleanup(func() { pasteW.Close(); outW.Close() })
	go func() {
		// Read the printed address, open it without following the redirect, paste
		// where the browser was sent.
		authURL := regexp.MustCompile(`http://\S+/oauth/chooselocation\S+`)
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			if u := authURL.FindString(sc.Text()); u != "" {
				go func() { // keep reading what login prints while the paste waits for it
					c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
					if resp, err := c.Get(u); err == nil {
						resp.Body.Close()
						io.WriteString(pasteW, resp.Header.Get("Location")+"\n")
					}
				}()
			}
		}
	}()
	if _, err := auth.Login(ctx, auth.LoginOptions{Profile: profile, Store: store, Paste: pasteR, Out: outW}); err != nil {
		t.Fatalf("login: %v", err)
	}
	ts, err := auth.Source(ctx, &config.Config{Profile: profile}, store, hc)
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), TokenSource: ts, RetryBase: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c, store, profile
}

// TestAccessTokenExpiringMidSession: the server stops taking the access token while
// the browser runs; the next load refreshes it and goes on, and nothing is shown.
func TestAccessTokenExpiringMidSession(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	c := signedIn(t, sb)
	h := newHarness(t, Options{Client: c, Profile: "sandbox", LocationID: sb.Server.LocationID()}, 120, 40)
	h.waitFor("Spring Sale 2026")

	sb.Server.ResetLog()
	sb.Server.ExpireAccessTokens()
	h.press("r")
	h.waitUntil("the reload answered", func(v string) bool {
		for _, r := range sb.Server.Requests() {
			if r.Path == "/funnels/funnel/folder/entities" && r.Status == 200 {
				return strings.Contains(statusLine(v), "idle")
			}
		}
		return false
	})
	if st := statusLine(h.view()); strings.Contains(st, "401") || strings.Contains(st, "sign") {
		t.Fatalf("the user noticed the refresh: %q", st)
	}
	var sawRefused, sawRefresh, sawRetry bool
	for _, r := range sb.Server.Requests() {
		switch {
		case r.Path == "/funnels/funnel/folder/entities" && r.Status == 401:
			sawRefused = true
		case r.Path == "/oauth/token" && r.Status == 200:
			sawRefresh = true
		case r.Path == "/funnels/funnel/folder/entities" && r.Status == 200 && sawRefresh:
			sawRetry = true
		}
	}
	if !sawRefused || !sawRefresh || !sawRetry {
		t.Errorf("want a 401, a refresh, then the request again: refused=%v refreshed=%v retried=%v", sawRefused, sawRefresh, sawRetry)
	}
}

// TestRevokedRefreshTokenSaysSignInAgain: with the access token expired and the refresh
// token revoked, the browser says to sign in again (once, not in a loop) and stays
// usable: what it loaded can still be browsed, help opens, q quits.
func TestRevokedRefreshTokenSaysSignInAgain(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{})
	c := signedIn(t, sb)
	h := newHarness(t, Options{Client: c, Profile: "sandbox", LocationID: sb.Server.LocationID()}, 120, 40)
	h.waitFor("Spring Sale 2026")

	sb.Server.ResetLog()
	sb.Server.RevokeRefreshTokens()
	sb.Server.ExpireAccessTokens()
	h.press("r")
	v := h.waitUntil("a clear message to sign in again", func(v string) bool {
		return strings.Contains(statusLine(v), "sign in again: run `funnels login --profile sandbox`")
	})
	if !strings.Contains(v, "press r to retry") {
		t.Errorf("the pane does not say how to retry:\n%s", v)
	}
	refreshes := 0
	for _, r := range sb.Server.Requests() {
		if r.Path == "/oauth/token" {
			refreshes++
		}
	}
	if refreshes != 1 {
		t.Errorf("%d refresh attempts, want exactly 1 (no loop)", refreshes)
	}
	// Still usable: the rows loaded before are there, the cursor moves, help opens.
	h.press("G")
	// The token source remembers the refused refresh token: moving over a funnel
	// (which loads its pages) fails at once, without another refresh.
	if !strings.Contains(h.view(), "▸ Spring Sale 2026") {
		t.Errorf("the cursor does not move over the loaded rows:\n%s", h.view())
	}
	h.waitUntil("the pages' load failing too", func(v string) bool { return strings.Count(v, "press r to retry") >= 2 })
	n := 0
	for _, r := range sb.Server.Requests() {
		if r.Path == "/oauth/token" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d refresh attempts after moving on, want still 1", n)
	}
	h.press("?")
	h.waitFor("Navigation")
	h.press("esc")
	h.press("q")
	if !h.quit {
		t.Errorf("q does not quit after the sign-in failed")
	}
}
