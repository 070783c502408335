package client

import (
	"context"
	"crypto/sha256"
	"errors"
	"net/http"
	"sync"
	"time"
)

// A 401 or 403 says that this token may not do this, and whether the token or the
// route is refused is what decides what helps: signing in again, or asking for a
// scope or for web-app access. The service's words tell the two refusals seen so far
// (refusalOf), and an expired token is refreshed and the request sent again before
// anything is decided. A refusal in words not seen before is left to what the server
// does: when another route answered the same token at the same location within
// vouchedFor (the doctor's routes, a browser's first screen, a token with redirect
// scopes only listing its redirects), or the funnel list (documented, open to every
// token that may read the location) answers it when asked or refuses it for a scope
// (the service knew the token), the token is good and the route is what is refused;
// when the funnel list refuses it otherwise, the token is. At most one request, and
// only for a refusal the words do not explain; a location the token does not reach
// ("does not have access to this location") is told by its own words and is not
// asked about.

// settleRefusal decides a 401 or 403 that no words explained (see above): the route's
// refusal when another route answered this token at the request's location a moment
// ago, or the funnel list answers it now.
func (c *Client) settleRefusal(ctx context.Context, cl call, e *APIError) {
	if e.StatusCode != http.StatusUnauthorized && e.StatusCode != http.StatusForbidden ||
		e.Refusal != NotRefused || e.WrongLocation || cl.noAuth || c.ts == nil {
		return
	}
	rf, ok := familyOf(cl.method, cl.path)
	if !ok {
		return
	}
	loc := c.requestLocation(cl)
	token, err := c.ts.Token()
	if err != nil {
		return
	}
	if !c.vouched.holds(token.AccessToken, loc, c.now()) {
		if rf.Family == FamilyFunnelList {
			return // the funnel list itself refused: asking it again tells nothing
		}
		// Answered, or refused for a scope the token lacks: either way the service
		// knew the token.
		if _, _, err := c.ListFunnels(ctx, ListFunnelsParams{Limit: 1, LocationID: loc}); err != nil && !errors.Is(err, ErrScope) {
			return
		}
	}
	e.Refusal, e.Family, e.Scope, e.Unworded = RefusedRoute, rf.Family, rf.Scope, true
}

// vouchFor records that a route answered token at cl's location. It runs on every
// answer with a token, so it costs one hash of the token and a lock.
func (c *Client) vouchFor(cl call, token string) {
	c.vouched.set(token, c.requestLocation(cl), c.now())
}

// vouchedFor is how long an answer to a token vouches for it.
const vouchedFor = 30 * time.Second

// vouched is the token (its hash: the client keeps no copy of a token that may have
// been refreshed away since) and location a route last answered, and when.
type vouched struct {
	mu       sync.Mutex
	token    [sha256.Size]byte
	location string
	at       time.Time
}

// holds reports whether a route answered token at location within vouchedFor.
func (v *vouched) holds(token, location string, now time.Time) bool {
	h := sha256.Sum256([]byte(token))
	v.mu.Lock()
	defer v.mu.Unlock()
	return !v.at.IsZero() && v.token == h && v.location == location && now.Sub(v.at) < vouchedFor && !now.Before(v.at)
}

// set records that a route answered token at location at now.
func (v *vouched) set(token, location string, now time.Time) {
	h := sha256.Sum256([]byte(token))
	v.mu.Lock()
	defer v.mu.Unlock()
	v.token, v.location, v.at = h, location, now
}
