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
// caller: the token, or "anonymous" for the tokenless conversion route.
func (s *Server) authenticate(r *http.Request, rt *route) (key string, rep *reply) {
	token, has := bearer(r.Header.Get("Authorization"))
	var rec tokenRecord
	state := tokenUnknown
	if has {
		rec, state = s.tokens.check(token, s.now())
	}
	if rt.public {
		// The conversion route needs no token; a valid one only picks the rate bucket.
		if state == tokenValid {
			return token, nil
		}
		return "anonymous", nil
	}
	switch state {
	case tokenUnknown:
		e := errReply(http.StatusUnauthorized, "Invalid JWT")
		return "", &e
	case tokenExpired:
		e := errReply(http.StatusUnauthorized, "Token expired")
		return "", &e
	}
	if deny := s.iamRefused(rt); deny != nil {
		return "", deny
	}
	if deny := s.scopeDenied(rt, rec); deny != nil {
		return "", deny
	}
	return token, nil
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
