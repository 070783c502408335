package sandbox

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// defaultScope is granted when the authorize request names none.
const defaultScope = "funnels/funnel.readonly funnels/page.readonly funnels/pagecount.readonly funnels/redirect.readonly funnels/redirect.write"

// authCode is an authorization code waiting for its exchange.
type authCode struct {
	clientID, redirectURI, challenge, scope string
	expires                                 time.Time
}

// refreshGrant is what a live refresh token stands for.
type refreshGrant struct {
	clientID, scope, userType string
	location                  string // the sub-account of a Location grant ("": Lakeside Fit)
}

// oauthState holds codes, refresh tokens and the refresh rate limit.
type oauthState struct {
	mu        sync.Mutex
	codes     map[string]authCode
	refresh   map[string]refreshGrant
	refreshes map[string]*fixedWindow // per client id
}

func newOAuthState() *oauthState {
	return &oauthState{codes: map[string]authCode{}, refresh: map[string]refreshGrant{}, refreshes: map[string]*fixedWindow{}}
}

func (o *oauthState) revokeAll() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.refresh = map[string]refreshGrant{}
}

func newAccessToken() string  { return "at-" + randomHex(24) }
func newRefreshToken() string { return "rt-" + randomHex(24) }

// serveOAuth answers /oauth/*. These routes take no Version header, no bearer token,
// no rate limit and no random faults; a FailNext naming their path does apply.
func (s *Server) serveOAuth(ex *exchange) {
	if status, hit := s.faults.take(ex.r.URL.Path, false); hit {
		s.send(ex, oneShotReply(status))
		return
	}
	switch ex.r.URL.Path {
	case "/oauth/chooselocation":
		if ex.r.Method != http.MethodGet {
			s.send(ex, errReply(http.StatusMethodNotAllowed, "Cannot "+ex.r.Method+" "+ex.r.URL.Path).with("Allow", http.MethodGet))
			return
		}
		s.authorize(ex)
	case "/oauth/token":
		if ex.r.Method != http.MethodPost {
			s.send(ex, errReply(http.StatusMethodNotAllowed, "Cannot "+ex.r.Method+" "+ex.r.URL.Path).with("Allow", http.MethodPost))
			return
		}
		s.token(ex)
	case "/oauth/installedLocations":
		if ex.r.Method != http.MethodGet {
			s.send(ex, errReply(http.StatusMethodNotAllowed, "Cannot "+ex.r.Method+" "+ex.r.URL.Path).with("Allow", http.MethodGet))
			return
		}
		s.agencyRoute(ex, "oauth.readonly", s.installedLocations)
	case "/oauth/locationToken":
		if ex.r.Method != http.MethodPost {
			s.send(ex, errReply(http.StatusMethodNotAllowed, "Cannot "+ex.r.Method+" "+ex.r.URL.Path).with("Allow", http.MethodPost))
			return
		}
		s.agencyRoute(ex, "oauth.write", s.locationToken)
	default:
		s.send(ex, errReply(http.StatusNotFound, "Cannot "+ex.r.Method+" "+ex.r.URL.Path))
	}
}

// authorize consents at once for the sandbox location and redirects with a code.
// Problems that make a redirect unsafe answer a plain 400 page instead.
func (s *Server) authorize(ex *exchange) {
	q := ex.r.URL.Query()
	fail := func(msg string) {
		ex.write(http.StatusBadRequest, "text/plain; charset=utf-8", []byte("400 Bad Request: "+msg+"\n"))
	}
	if q.Get("client_id") != s.opts.ClientID {
		fail("unknown client_id")
		return
	}
	redirect, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || redirect.Scheme != "http" || !isLoopbackHost(redirect.Hostname()) || redirect.Fragment != "" {
		fail("redirect_uri must be an http URL on a loopback host (127.0.0.1, [::1] or localhost)")
		return
	}
	if q.Get("response_type") != "code" {
		fail("response_type must be code")
		return
	}
	challenge, method := q.Get("code_challenge"), q.Get("code_challenge_method")
	if challenge != "" && method != "S256" {
		fail("code_challenge_method must be S256")
		return
	}
	scope := q.Get("scope")
	if scope == "" {
		scope = defaultScope
	}
	code := randomHex(16)
	s.oauth.mu.Lock()
	s.oauth.codes[code] = authCode{clientID: s.opts.ClientID, redirectURI: q.Get("redirect_uri"), challenge: challenge,
		scope: scope, expires: s.now().Add(codeLifetime)}
	s.oauth.mu.Unlock()

	back := redirect.Query()
	back.Set("code", code)
	if q.Has("state") {
		back.Set("state", q.Get("state"))
	}
	redirect.RawQuery = back.Encode()
	ex.w.Header().Set("Location", redirect.String())
	ex.w.Header().Set("Cache-Control", "no-store")
	ex.record(http.StatusFound)
	ex.w.WriteHeader(http.StatusFound)
}

// oauthError is the error shape of the token endpoint.
func oauthError(status int, code, description string) reply {
	body := map[string]any{"error": code}
	if description != "" {
		body["error_description"] = description
	}
	return reply{status: status, body: body}
}

// token is the token endpoint: authorization_code and refresh_token grants.
func (s *Server) token(ex *exchange) {
	rep := s.tokenReply(ex)
	if rep.status == http.StatusOK {
		s.keep() // a token issued (and a refresh token used up) outlives a restart
	}
	rep = rep.with("Cache-Control", "no-store")
	s.send(ex, rep)
}

func (s *Server) tokenReply(ex *exchange) reply {
	if ex.tooLarge {
		return oauthError(http.StatusRequestEntityTooLarge, "invalid_request", "request body too large")
	}
	mt, _, _ := strings.Cut(ex.r.Header.Get("Content-Type"), ";")
	if !strings.EqualFold(strings.TrimSpace(mt), "application/x-www-form-urlencoded") {
		return oauthError(http.StatusBadRequest, "invalid_request", "the body must be application/x-www-form-urlencoded")
	}
	form, err := url.ParseQuery(string(ex.body))
	if err != nil {
		return oauthError(http.StatusBadRequest, "invalid_request", "the body is not a valid form")
	}
	id, secret := form.Get("client_id"), form.Get("client_secret")
	if u, p, basic := ex.r.BasicAuth(); basic && id == "" {
		id, secret = u, p
	}
	if !equalSecret(id, s.opts.ClientID) || !equalSecret(secret, s.opts.ClientSecret) {
		return oauthError(http.StatusUnauthorized, "invalid_client", "")
	}
	grant := form.Get("grant_type")
	if grant != "authorization_code" && grant != "refresh_token" {
		return oauthError(http.StatusBadRequest, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
	}
	userType := form.Get("user_type")
	if userType != "Location" && userType != "Company" {
		return oauthError(http.StatusBadRequest, "invalid_request", "user_type must be Location or Company")
	}
	now := s.now()
	o := s.oauth
	o.mu.Lock()
	defer o.mu.Unlock()
	var scope, location string
	if grant == "authorization_code" {
		code := form.Get("code")
		c, found := o.codes[code]
		switch {
		case code == "" || !found:
			return oauthError(http.StatusBadRequest, "invalid_grant", "unknown or already used authorization code")
		case !now.Before(c.expires):
			delete(o.codes, code)
			return oauthError(http.StatusBadRequest, "invalid_grant", "the authorization code has expired")
		case c.clientID != id:
			return oauthError(http.StatusBadRequest, "invalid_grant", "the authorization code belongs to another client")
		case form.Get("redirect_uri") != c.redirectURI:
			return oauthError(http.StatusBadRequest, "invalid_grant", "redirect_uri does not match the authorize request")
		case c.challenge != "" && !pkceMatches(form.Get("code_verifier"), c.challenge):
			return oauthError(http.StatusBadRequest, "invalid_grant", "code_verifier does not match the code_challenge")
		}
		delete(o.codes, code)
		scope = c.scope
	} else {
		w := o.refreshes[id]
		if w == nil {
			w = &fixedWindow{}
			o.refreshes[id] = w
		}
		if admitted, _, resetIn := w.take(now, s.opts.RefreshPerMinute, refreshWindow); !admitted {
			n := strconv.Itoa(ceilSeconds(resetIn))
			return oauthError(http.StatusTooManyRequests, "rate_limited", "too many token refreshes; retry after "+n+" seconds").
				with("Retry-After", n)
		}
		rt := form.Get("refresh_token")
		g, found := o.refresh[rt]
		switch {
		case rt == "" || !found:
			return oauthError(http.StatusBadRequest, "invalid_grant", "unknown, used or revoked refresh token")
		case g.clientID != id:
			return oauthError(http.StatusBadRequest, "invalid_grant", "the refresh token belongs to another client")
		case g.userType != userType:
			return oauthError(http.StatusBadRequest, "invalid_request", "user_type does not match the refresh token's ("+g.userType+")")
		case g.userType == "Location" && s.signIn.isSuspended(g.locationOrSeed()):
			return locationNotActive() // the refresh token stays good for when it is active again
		}
		delete(o.refresh, rt) // rotation: the old refresh token dies now
		scope, location = g.scope, g.location
	}
	if grant == "authorization_code" && s.opts.SignIn.CompanyLogin {
		userType = "Company" // a bulk install answers a sub-account's sign-in at agency level
	}
	access, refresh := newAccessToken(), newRefreshToken()
	ttl := s.opts.AccessTokenTTL
	rec := tokenRecord{write: true, expires: now.Add(ttl), scopes: strings.Fields(scope), app: id}
	if location == "" {
		location = seedLocationID
	}
	if userType == "Company" {
		rec.agency = true
	} else {
		rec.location = location
	}
	s.tokens.add(access, rec)
	o.refresh[refresh] = refreshGrant{clientID: id, scope: scope, userType: userType, location: rec.location}
	body := map[string]any{
		"access_token": access, "token_type": "Bearer", "expires_in": int(ttl / time.Second),
		"refresh_token": refresh, "scope": scope, "userType": userType,
		"companyId": seedCompanyID, "userId": seedUserID,
	}
	if userType == "Location" {
		body["locationId"] = location
	} else if grant == "authorization_code" {
		body["approvedLocations"] = s.installedIDs()
		body["isBulkInstallation"] = true
	}
	return ok(http.StatusOK, body)
}

func pkceMatches(verifier, challenge string) bool {
	if verifier == "" {
		return false
	}
	sum := sha256.Sum256([]byte(verifier))
	return equalSecret(base64.RawURLEncoding.EncodeToString(sum[:]), challenge)
}

func equalSecret(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// isLoopbackHost accepts localhost and loopback IP addresses.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
