package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Server is the sandbox funnels API. It implements http.Handler; Start serves it on
// loopback. All state is in memory and every method is safe for concurrent use.
type Server struct {
	opts    Options
	subs    []*subAccount          // the agency's sub-accounts, the first one first
	subByID map[string]*subAccount // the same, by location id
	tokens  *tokenBook
	limiter *rateLimiter
	faults  *faultBox
	log     *requestLog
	oauth   *oauthState
	routes  []route
	traces  atomic.Uint64 // numbers the trace ids, so a run's ids are the same every time
	keeper  *keeper       // writes the tokens to Options.StateDir; nil keeps nothing
	signIn  *signInState  // suspended sub-accounts
	sites   *sites        // the public pages (Options.Sites); nil when not served
	silent  silentSet     // sub-accounts that never answer
}

// New builds a sandbox with freshly seeded data.
func New(opts Options) *Server {
	opts = opts.withDefaults()
	specs := seedSubAccounts()
	if opts.SubAccounts > 0 {
		specs = agencySpecs(opts.SubAccounts)
	}
	subs, byID := newSubAccounts(specs, opts.DemoToken, opts.SubAccountTokens)
	subs[0].store.d = withBulk(subs[0].store.d, opts.Bulk) // the first gym's made-up funnels, if any
	if opts.Sites.Enabled && !opts.Sites.PagesOnly {
		addSiteFaults(subs[0].store.d)
	}
	s := &Server{
		opts:    opts,
		subs:    subs,
		subByID: byID,
		tokens:  newTokenBook(),
		limiter: newRateLimiter(opts.Limit, opts.Window),
		faults:  &faultBox{faults: opts.Faults},
		log:     &requestLog{},
		oauth:   newOAuthState(),
		signIn:  newSignInState(opts.suspended(subs)),
	}
	// The read-only token goes in first so that a demo token equal to it stays full-scope.
	s.tokens.add(opts.ReadOnlyToken, tokenRecord{static: true, scopes: readOnlyScopes, location: seedLocationID})
	for _, sub := range subs {
		if sub.demoToken != "" {
			s.tokens.add(sub.demoToken, tokenRecord{static: true, write: true, scopes: allScopes, location: sub.id})
		}
	}
	s.routes = s.apiRoutes()
	if opts.Sites.Enabled {
		s.sites = newSites(s, opts.Sites)
	}
	return s
}

func (s *Server) now() time.Time { return s.opts.Now() }

// nextTraceID is the trace id of the next answer: derived from a counter, so the same
// requests get the same ids on every run (the demo is screencast material), yet they
// look like the service's 32 hex digits.
func (s *Server) nextTraceID() string {
	sum := sha256.Sum256([]byte("funnels-sandbox-trace-" + strconv.FormatUint(s.traces.Add(1), 10)))
	return hex.EncodeToString(sum[:16])
}

// DemoToken is the full-scope static token.
func (s *Server) DemoToken() string { return s.opts.DemoToken }

// ReadOnlyToken is a static token that may call read routes only (writes answer 403).
func (s *Server) ReadOnlyToken() string { return s.opts.ReadOnlyToken }

// Surface is the service the sandbox plays (SurfaceSeed, SurfacePublic or SurfaceDocumented).
func (s *Server) Surface() Surface { return s.opts.Surface }

// LocationID is the id of the first seeded sub-account, the one every token but a
// minted location token (and the other sub-accounts' demo tokens) acts for.
func (s *Server) LocationID() string { return seedLocationID }

// CompanyID is the agency the sub-accounts belong to.
func (s *Server) CompanyID() string { return seedCompanyID }

// UserID is the user OAuth tokens are issued to.
func (s *Server) UserID() string { return seedUserID }

// ClientID is the OAuth app's client id.
func (s *Server) ClientID() string { return s.opts.ClientID }

// ClientSecret is the OAuth app's client secret.
func (s *Server) ClientSecret() string { return s.opts.ClientSecret }

// SetFaults replaces the random faults (the zero value turns them off).
func (s *Server) SetFaults(f Faults) { s.faults.set(f) }

// Faults returns the random faults in force.
func (s *Server) Faults() Faults { return s.faults.get() }

// FailNext makes the next count API requests whose path starts with pathPrefix (any
// API path when "") answer status (400..599) with a JSON error body. It comes before
// every other check. OAuth paths fail only when pathPrefix names them ("/oauth/token").
func (s *Server) FailNext(status, count int, pathPrefix string) {
	s.faults.queue(status, count, pathPrefix)
}

// Requests returns a copy of the request log in the order the requests were answered.
func (s *Server) Requests() []Request { return s.log.list() }

// ResetLog empties the request log.
func (s *Server) ResetLog() { s.log.reset() }

// ExpireAccessTokens makes every OAuth (and IssueToken) access token issued so far
// expired; the static demo and read-only tokens are not affected.
func (s *Server) ExpireAccessTokens() {
	s.tokens.expireAll(s.now())
	s.keep()
}

// RevokeRefreshTokens kills every refresh token issued so far.
func (s *Server) RevokeRefreshTokens() {
	s.oauth.revokeAll()
	s.keep()
}

// IssueToken returns a new full-scope access token valid for ttl (0 → the access
// token lifetime; a negative ttl gives an already expired token).
func (s *Server) IssueToken(ttl time.Duration) string {
	if ttl == 0 {
		ttl = s.opts.AccessTokenTTL
	}
	token := newAccessToken()
	s.tokens.add(token, tokenRecord{write: true, expires: s.now().Add(ttl), location: seedLocationID})
	s.keep()
	return token
}

// IssueScopedToken returns a new access token of Lakeside Fit valid for ttl (0 → the
// access token lifetime) that holds only the published scopes given: on the public surface every
// documented route outside them answers the scope refusal. It may write when it
// holds funnels/redirect.write.
func (s *Server) IssueScopedToken(ttl time.Duration, scopes ...string) string {
	if ttl == 0 {
		ttl = s.opts.AccessTokenTTL
	}
	token := newAccessToken()
	s.tokens.add(token, tokenRecord{write: slices.Contains(scopes, scopeRedirectWrite), expires: s.now().Add(ttl),
		scopes: append([]string{}, scopes...), location: seedLocationID})
	s.keep()
	return token
}

// exchange is one request in flight and what is known of its answer.
type exchange struct {
	s        *Server
	w        http.ResponseWriter
	r        *http.Request
	at       time.Time
	body     []byte
	tooLarge bool
	truncate bool
	oauth    bool // OAuth answers keep their shape whatever the dialect
	logged   bool
}

// ServeHTTP answers one request: the control API, the OAuth endpoints or an API route.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/_sandbox" || strings.HasPrefix(r.URL.Path, "/_sandbox/") {
		s.serveControl(w, r)
		return
	}
	ex := &exchange{s: s, w: w, r: r, at: s.now(), oauth: strings.HasPrefix(r.URL.Path, "/oauth/")}
	ex.body, ex.tooLarge = readBody(w, r)
	defer ex.record(0) // no answer written (client gone): still logged
	if ex.oauth {
		s.serveOAuth(ex)
		return
	}
	s.serveAPI(ex)
}

// record adds the request to the log, once. It runs before the answer is written,
// so a client that has its answer always finds the request in the log.
func (ex *exchange) record(status int) {
	if ex.logged {
		return
	}
	ex.logged = true
	r := ex.r
	auth := "none"
	if _, ok := bearer(r.Header.Get("Authorization")); ok {
		auth = "bearer"
	}
	body := ex.body
	if ex.oauth {
		body = redactForm(body)
	}
	if len(body) > maxLoggedBody {
		body = body[:maxLoggedBody]
	}
	ex.s.log.add(Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Status: status,
		Auth: auth, At: ex.at, Body: string(body)})
}

// write logs the request and writes a complete answer (or half of it when a fault
// asked for truncation).
func (ex *exchange) write(status int, contentType string, body []byte) {
	ex.record(status)
	writeRaw(ex.w, status, contentType, body, ex.truncate)
}

// serveAPI runs the checks of the contract, in order.
func (s *Server) serveAPI(ex *exchange) {
	r := ex.r
	// 1. route
	rt, params, allowed := s.match(r.Method, r.URL.Path)
	if missing := s.notServed(r, rt); missing != nil {
		s.send(ex, *missing)
		return
	}
	if rt == nil {
		if len(allowed) > 0 {
			s.send(ex, errReply(http.StatusMethodNotAllowed, "Cannot "+r.Method+" "+r.URL.Path).
				with("Allow", strings.Join(allowed, ", ")))
			return
		}
		s.send(ex, s.routeNotFound(r))
		return
	}
	// 2. faults
	if s.applyFaults(ex) {
		return
	}
	// 3. Version
	if !s.versionAccepted(r) {
		s.send(ex, s.badVersion())
		return
	}
	// 4. auth
	key, sub, deny := s.authenticate(r, rt)
	if deny != nil {
		s.send(ex, *deny)
		return
	}
	// 5. rate limit; its headers go on every answer from here on
	rl := s.limiter.take(key, s.now(), s.dailyLimit())
	rl.apply(ex.w.Header())
	if !rl.admitted {
		s.send(ex, rl.tooMany())
		return
	}
	// 6. handler
	if ex.tooLarge {
		s.send(ex, errReply(http.StatusRequestEntityTooLarge, "request entity too large"))
		return
	}
	q := r.URL.Query()
	if q.Has("locationId") && q.Get("locationId") != sub.id {
		s.send(ex, forbiddenLocation())
		return
	}
	if rt.jsonBody && len(strings.TrimSpace(string(ex.body))) > 0 && !isJSONContentType(r.Header.Get("Content-Type")) {
		s.send(ex, errReply(http.StatusBadRequest, "Content-Type must be application/json"))
		return
	}
	if loc, ok := bodyLocation(ex.body); ok && loc != sub.id {
		s.send(ex, forbiddenLocation())
		return
	}
	s.send(ex, rt.handle(&call{s: s, r: r, q: q, params: params, body: ex.body, loc: sub.id, st: sub.store}))
}

// send encodes and writes a reply; truncation applies when a fault asked for it.
func (s *Server) send(ex *exchange, rep reply) {
	dialect := s.opts.Dialect
	if ex.oauth {
		dialect = Dialect{}
	}
	if ex.oauth && ex.r.Header.Get("Version") == versionV3 {
		rep = v3Errors(rep)
	}
	trace := s.nextTraceID()
	b, err := encode(rep, dialect, trace)
	if err != nil {
		rep = errReply(http.StatusInternalServerError, "Internal server error")
		b, _ = encode(rep, Dialect{}, trace)
	}
	for k, v := range rep.header {
		ex.w.Header().Set(k, v)
	}
	contentType := jsonContentType
	if rep.raw != nil {
		contentType = rep.raw.contentType
	}
	ex.write(rep.status, contentType, b)
}

// drop closes the connection without answering (logged with status 0).
func (ex *exchange) drop() {
	ex.record(0)
	if hj, ok := ex.w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
			return
		}
	}
	// Not hijackable (HTTP/2): net/http's documented way to abort a response.
	panic(http.ErrAbortHandler)
}

func forbiddenLocation() reply {
	return errReply(http.StatusForbidden, "The token does not have access to this location.")
}

func isJSONContentType(ct string) bool {
	mt, _, _ := strings.Cut(ct, ";")
	return strings.EqualFold(strings.TrimSpace(mt), jsonContentType)
}

// readBody reads the request body up to maxBodyBytes; tooLarge reports a longer body.
func readBody(w http.ResponseWriter, r *http.Request) (body []byte, tooLarge bool) {
	if r.Body == nil {
		return nil, false
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	var mbe *http.MaxBytesError
	return b, errors.As(err, &mbe)
}

// redactForm hides the secrets of an OAuth form body (for the request log).
func redactForm(body []byte) []byte {
	if len(body) == 0 {
		return body
	}
	v, err := url.ParseQuery(string(body))
	if err != nil {
		return []byte("[unreadable form]")
	}
	for _, k := range []string{"client_secret", "code", "refresh_token", "code_verifier"} {
		if v.Has(k) {
			v.Set(k, "[redacted]")
		}
	}
	return []byte(v.Encode())
}
