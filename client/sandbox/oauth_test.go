package sandbox

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

const redirectURI = "http://127.0.0.1:53682/callback"

// oauthClient drives the OAuth endpoints without following redirects.
type oauthClient struct {
	t    *testing.T
	r    *Running
	hc   *http.Client
	form url.Values
}

func newOAuth(t *testing.T, r *Running) *oauthClient {
	return &oauthClient{t: t, r: r, hc: &http.Client{
		Timeout:       5 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// authorize calls chooselocation and returns the status and the Location (or body).
func (o *oauthClient) authorize(params url.Values) (int, string) {
	o.t.Helper()
	res, err := o.hc.Get(o.r.URL + "/oauth/chooselocation?" + params.Encode())
	if err != nil {
		o.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode == http.StatusFound {
		return res.StatusCode, res.Header.Get("Location")
	}
	return res.StatusCode, string(b)
}

func (o *oauthClient) code(challenge, state string) string {
	o.t.Helper()
	p := url.Values{"response_type": {"code"}, "client_id": {"sandbox-client"}, "redirect_uri": {redirectURI},
		"scope": {"funnels/funnel.readonly funnels/page.readonly"}, "state": {state}}
	if challenge != "" {
		p.Set("code_challenge", challenge)
		p.Set("code_challenge_method", "S256")
	}
	status, loc := o.authorize(p)
	if status != http.StatusFound {
		o.t.Fatalf("authorize: %d %s", status, loc)
	}
	u, err := url.Parse(loc)
	if err != nil || !strings.HasPrefix(loc, redirectURI+"?") {
		o.t.Fatalf("redirect to %q", loc)
	}
	if u.Query().Get("state") != state || u.Query().Get("code") == "" {
		o.t.Fatalf("redirect %q lacks code or state", loc)
	}
	return u.Query().Get("code")
}

// token posts the form (client credentials added unless set) and decodes the answer.
func (o *oauthClient) token(form url.Values) (int, map[string]any, http.Header) {
	o.t.Helper()
	if !form.Has("client_id") {
		form.Set("client_id", "sandbox-client")
	}
	if !form.Has("client_secret") {
		form.Set("client_secret", "sandbox-secret")
	}
	res, err := o.hc.PostForm(o.r.URL+"/oauth/token", form)
	if err != nil {
		o.t.Fatal(err)
	}
	defer res.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil {
		o.t.Fatalf("token answer is not JSON: %v", err)
	}
	return res.StatusCode, m, res.Header
}

func s256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func TestOAuthCodeFlow(t *testing.T) {
	clock := newFakeClock()
	r := startT(t, Options{AccessTokenTTL: time.Hour, Now: clock.Now})
	o := newOAuth(t, r)
	api := newTC(t, r)
	verifier := strings.Repeat("v3rifier-", 6)

	code := o.code(s256(verifier), "st4te")
	exchange := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI},
		"user_type": {"Location"}, "code_verifier": {"wrong-verifier-wrong-verifier-wrong-verifier"}}
	if status, m, _ := o.token(exchange); status != 400 || m["error"] != "invalid_grant" {
		t.Fatalf("bad verifier: %d %v", status, m)
	}
	exchange.Set("code_verifier", verifier)
	exchange.Set("redirect_uri", "http://127.0.0.1:1/other")
	if status, m, _ := o.token(exchange); status != 400 || m["error"] != "invalid_grant" {
		t.Fatalf("other redirect_uri: %d %v", status, m)
	}
	exchange.Set("redirect_uri", redirectURI)
	exchange.Del("user_type")
	if status, m, _ := o.token(exchange); status != 400 || m["error"] != "invalid_request" {
		t.Fatalf("no user_type: %d %v", status, m)
	}
	exchange.Set("user_type", "Location")
	status, tok, hdr := o.token(exchange)
	if status != 200 {
		t.Fatalf("exchange: %d %v", status, tok)
	}
	if tok["token_type"] != "Bearer" || tok["expires_in"] != float64(3600) || tok["userType"] != "Location" ||
		tok["locationId"] != r.Server.LocationID() || tok["companyId"] != r.Server.CompanyID() || tok["userId"] != r.Server.UserID() ||
		tok["scope"] != "funnels/funnel.readonly funnels/page.readonly" || hdr.Get("Cache-Control") != "no-store" {
		t.Fatalf("token answer: %v", tok)
	}
	access, refresh := tok["access_token"].(string), tok["refresh_token"].(string)
	if strings.HasPrefix(access, "pit-") || access == "" || refresh == "" {
		t.Fatalf("tokens %q %q", access, refresh)
	}
	// Codes are single use.
	if status, m, _ := o.token(exchange); status != 400 || m["error"] != "invalid_grant" {
		t.Fatalf("code reused: %d %v", status, m)
	}
	// The access token works, with full scope, and expires after the TTL.
	api.as(access).post("/funnels/funnel/folder/create", map[string]any{"name": "OAuth folder", "type": "funnel"}).hasStatus(t, 201)
	clock.Add(time.Hour)
	api.as(access).get("/funnels/funnel/list").wantError(t, 401, "Token expired")

	// Refresh rotates: the new refresh token works, the old one is dead at once.
	refreshForm := func(rt string) url.Values {
		return url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "user_type": {"Location"}}
	}
	status, tok2, _ := o.token(refreshForm(refresh))
	if status != 200 || tok2["refresh_token"] == refresh || tok2["access_token"] == access {
		t.Fatalf("refresh: %d %v", status, tok2)
	}
	if status, m, _ := o.token(refreshForm(refresh)); status != 400 || m["error"] != "invalid_grant" {
		t.Fatalf("old refresh token still works: %d %v", status, m)
	}
	api.as(tok2["access_token"].(string)).get("/funnels/funnel/list").hasStatus(t, 200)

	// Revocation kills every refresh token.
	r.Server.RevokeRefreshTokens()
	if status, m, _ := o.token(refreshForm(tok2["refresh_token"].(string))); status != 400 || m["error"] != "invalid_grant" {
		t.Fatalf("revoked refresh token works: %d %v", status, m)
	}
	// ExpireAccessTokens (here via the control API) ends access tokens early.
	api.post("/_sandbox/expire-tokens", nil).hasStatus(t, 200)
	api.as(tok2["access_token"].(string)).get("/funnels/funnel/list").wantError(t, 401, "Token expired")
}

func TestOAuthErrors(t *testing.T) {
	clock := newFakeClock()
	r := startT(t, Options{Now: clock.Now})
	o := newOAuth(t, r)

	good := url.Values{"response_type": {"code"}, "client_id": {"sandbox-client"}, "redirect_uri": {redirectURI}}
	for name, mutate := range map[string]func(url.Values){
		"unknown client":      func(v url.Values) { v.Set("client_id", "other") },
		"https redirect":      func(v url.Values) { v.Set("redirect_uri", "https://127.0.0.1/cb") },
		"remote redirect":     func(v url.Values) { v.Set("redirect_uri", "http://evil.example.com/cb") },
		"no redirect":         func(v url.Values) { v.Del("redirect_uri") },
		"plain PKCE":          func(v url.Values) { v.Set("code_challenge", "abc"); v.Set("code_challenge_method", "plain") },
		"token response type": func(v url.Values) { v.Set("response_type", "token") },
	} {
		v := url.Values{}
		for k, x := range good {
			v[k] = x
		}
		mutate(v)
		if status, body := o.authorize(v); status != 400 || !strings.HasPrefix(body, "400 Bad Request") {
			t.Errorf("%s: %d %q", name, status, body)
		}
	}
	// Without PKCE a code exchanges without a verifier; "localhost" redirects are fine.
	v := url.Values{"response_type": {"code"}, "client_id": {"sandbox-client"}, "redirect_uri": {"http://localhost:9/cb"}}
	status, loc := o.authorize(v)
	if status != 302 {
		t.Fatalf("authorize: %d %s", status, loc)
	}
	u, _ := url.Parse(loc)
	code := u.Query().Get("code")

	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {"http://localhost:9/cb"}, "user_type": {"Company"}}
	bad := url.Values{"client_secret": {"nope"}}
	for k, x := range form {
		bad[k] = x
	}
	if status, m, _ := o.token(bad); status != 401 || m["error"] != "invalid_client" {
		t.Fatalf("bad secret: %d %v", status, m)
	}
	if status, m, _ := o.token(url.Values{"grant_type": {"password"}, "user_type": {"Location"}}); status != 400 || m["error"] != "unsupported_grant_type" {
		t.Fatalf("password grant: %d %v", status, m)
	}
	// Codes live 10 minutes.
	clock.Add(11 * time.Minute)
	if status, m, _ := o.token(form); status != 400 || m["error"] != "invalid_grant" {
		t.Fatalf("expired code: %d %v", status, m)
	}
	// A fresh code for a Company token: no locationId in the answer.
	status, loc = o.authorize(v)
	u, _ = url.Parse(loc)
	form.Set("code", u.Query().Get("code"))
	status, m, _ := o.token(form)
	if status != 200 || m["userType"] != "Company" || m["locationId"] != nil || m["scope"] != defaultScope {
		t.Fatalf("company token: %d %v", status, m)
	}
	// The request log shows the form without its secrets.
	for _, req := range r.Server.Requests() {
		if strings.Contains(req.Body, "sandbox-secret") || strings.Contains(req.Body, code) {
			t.Fatalf("secret in the log: %+v", req)
		}
	}
}

func TestOAuthRefreshLimit(t *testing.T) {
	clock := newFakeClock()
	r := startT(t, Options{RefreshPerMinute: 2, Now: clock.Now})
	o := newOAuth(t, r)
	code := o.code("", "s")
	_, tok, _ := o.token(url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI}, "user_type": {"Location"}})
	rt := tok["refresh_token"].(string)
	refresh := func() (int, map[string]any, http.Header) {
		return o.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "user_type": {"Location"}})
	}
	for i := 0; i < 2; i++ {
		status, m, _ := refresh()
		if status != 200 {
			t.Fatalf("refresh %d: %d %v", i, status, m)
		}
		rt = m["refresh_token"].(string)
		clock.Add(10 * time.Second)
	}
	status, m, hdr := refresh()
	if status != 429 || m["error"] != "rate_limited" || hdr.Get("Retry-After") != "40" {
		t.Fatalf("third refresh in a minute: %d %v %v", status, m, hdr)
	}
	clock.Add(40 * time.Second)
	if status, m, _ := refresh(); status != 200 {
		t.Fatalf("after the minute: %d %v", status, m)
	}
}
