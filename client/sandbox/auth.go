package sandbox

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"
)

// tokenRecord is what the sandbox knows about one bearer token.
type tokenRecord struct {
	write   bool      // may call write routes
	scopes  []string  // the published scopes it holds (checked on the public surface); nil = all
	static  bool      // a private integration token: never expires, untouched by ExpireAccessTokens
	expires time.Time // zero for static tokens

	location string // the sub-account it acts for; "" for an agency token
	agency   bool   // an agency (Company) token: only the /oauth/ agency routes take it
	// app is the OAuth client id the token was issued to ("" for the static and
	// IssueToken tokens). The limit is per app and sub-account: every OAuth token of
	// one app for one location (or for the agency) shares a bucket; any other token
	// has one of its own.
	app string
}

// appBucket is the rate-limit key of an OAuth app's tokens for one sub-account or,
// with location "", for the agency.
func appBucket(clientID, location string) string {
	if location == "" {
		return "app:" + clientID + "|agency"
	}
	return "app:" + clientID + "|" + location
}

type tokenState int

const (
	tokenUnknown tokenState = iota
	tokenExpired
	tokenValid
)

// tokenBook holds every bearer token the sandbox accepts.
type tokenBook struct {
	mu     sync.Mutex
	tokens map[string]tokenRecord
}

func newTokenBook() *tokenBook { return &tokenBook{tokens: map[string]tokenRecord{}} }

func (b *tokenBook) add(token string, rec tokenRecord) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tokens[token] = rec
}

func (b *tokenBook) check(token string, now time.Time) (tokenRecord, tokenState) {
	b.mu.Lock()
	defer b.mu.Unlock()
	rec, ok := b.tokens[token]
	switch {
	case !ok:
		return rec, tokenUnknown
	case !rec.static && !now.Before(rec.expires):
		return rec, tokenExpired
	}
	return rec, tokenValid
}

// expireAll makes every access token issued so far expired as of now.
func (b *tokenBook) expireAll(now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for k, rec := range b.tokens {
		if !rec.static && rec.expires.After(now) {
			rec.expires = now
			b.tokens[k] = rec
		}
	}
}

// bearer extracts the token of an "Authorization: Bearer <token>" header.
func bearer(h string) (string, bool) {
	scheme, token, found := strings.Cut(strings.TrimSpace(h), " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// authenticate applies step 4 of the checks. It returns the rate-limit key of the
// caller (the token's bucket, or "anonymous" for the tokenless conversion route) and
// the sub-account the call acts for.
func (s *Server) authenticate(r *http.Request, rt *route) (key string, sub *subAccount, rep *reply) {
	token, has := bearer(r.Header.Get("Authorization"))
	var rec tokenRecord
	state := tokenUnknown
	if has {
		rec, state = s.tokens.check(token, s.now())
	}
	if rt.public {
		// The conversion route needs no token; a valid one only picks the rate bucket.
		if state == tokenValid && !rec.agency {
			return rec.key(token), s.subFor(rec), nil
		}
		return "anonymous", s.primary(), nil
	}
	switch state {
	case tokenUnknown:
		e := errReply(http.StatusUnauthorized, "Invalid JWT")
		return "", nil, &e
	case tokenExpired:
		e := errReply(http.StatusUnauthorized, "Token expired")
		return "", nil, &e
	}
	if rec.agency {
		e := errReply(http.StatusForbidden, "An agency token cannot act for a location: mint a location token with POST /oauth/locationToken.")
		return "", nil, &e
	}
	if deny := s.iamRefused(rt); deny != nil {
		return "", nil, deny
	}
	if deny := s.scopeDenied(rt, rec); deny != nil {
		return "", nil, deny
	}
	sub = s.subFor(rec)
	if s.silent.has(sub.id) {
		<-r.Context().Done() // never answered: the client leaves first
		e := errReply(http.StatusGatewayTimeout, "No answer")
		return "", nil, &e
	}
	if s.signIn.isSuspended(sub.id) {
		e := locationNotActive()
		return "", nil, &e
	}
	return rec.key(token), sub, nil
}

// key is the token's rate-limit key.
func (rec tokenRecord) key(token string) string {
	if rec.app != "" {
		return appBucket(rec.app, rec.location)
	}
	return token
}

// subFor is the sub-account a location token acts for.
func (s *Server) subFor(rec tokenRecord) *subAccount {
	if sub := s.subByID[rec.location]; sub != nil {
		return sub
	}
	return s.primary()
}

// randomHex returns n random bytes from crypto/rand as hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (Go 1.24+)
	return hex.EncodeToString(b)
}

// newPIT returns a random private-integration-style token: "pit-" and a UUID.
func newPIT() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return "pit-" + formatUUID(b)
}
