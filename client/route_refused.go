package client

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"
)

// A 401 or 403 says that this token may not do this, and whether the token or the
// route is refused is what decides what helps: signing in again, or asking for a
// scope or for web-app access. The service's words tell the two refusals seen so far
// (refusalOf), and an expired token is refreshed and the request sent again before
// anything is decided. A refusal in words not seen before is left to what the server
// does: when the funnel list (documented, open to every token that may read the
// location) answers the same token at the same location, the token is good and the
// route is what is refused; when it is refused too, the token is. One request, and
// only for a refusal the words do not explain, and none within vouchedFor of the
// funnel list's last answer to the same token and location (the doctor's routes, a
// browser's first screen); a location the token does not reach ("does not
// have access to this location") is told by its own words and is not asked about.

// settleRefusal decides a 401 or 403 that no words explained (see above): the route's
// refusal when the funnel list answers this token at the request's location.
func (c *Client) settleRefusal(ctx context.Context, cl call, e *APIError) {
	if e.StatusCode != http.StatusUnauthorized && e.StatusCode != http.StatusForbidden ||
		e.Refusal != NotRefused || e.WrongLocation || cl.noAuth || c.ts == nil {
		return
	}
	rf, ok := familyOf(cl.method, cl.path)
	if !ok || rf.Family == FamilyFunnelList {
		return // the funnel list itself refused: nothing else vouches for the token
	}
	loc := c.requestLocation(cl)
	token, err := c.ts.Token()
	if err != nil {
		return
	}
	if !c.vouched.holds(token.AccessToken, loc, c.now()) {
		if _, _, err := c.ListFunnels(ctx, ListFunnelsParams{Limit: 1, LocationID: loc}); err != nil {
			return
		}
	}
	e.Refusal, e.Family, e.Scope, e.Unworded = RefusedRoute, rf.Family, rf.Scope, true
}

// vouchFor records that the funnel list answered token, when cl is the funnel list.
// It runs on every answer, so it compares cl with the funnel list's one route (it has
// no parameters in its path) rather than matching cl against every route.
func (c *Client) vouchFor(cl call, token string) {
	rf, _ := FamilyInfo(FamilyFunnelList)
	for _, r := range rf.Routes {
		if m, path, _ := strings.Cut(r, " "); cl.method == m && cl.path == path {
			c.vouched.set(token, c.requestLocation(cl), c.now())
		}
	}
}

// vouchedFor is how long the funnel list's answer to a token vouches for it.
const vouchedFor = 30 * time.Second

// vouched is the token and location the funnel list last answered, and when.
type vouched struct {
	mu       sync.Mutex
	token    string
	location string
	at       time.Time
}

// holds reports whether the funnel list answered token at location within vouchedFor.
func (v *vouched) holds(token, location string, now time.Time) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.token != "" && v.token == token && v.location == location && now.Sub(v.at) < vouchedFor && !now.Before(v.at)
}

// set records that the funnel list answered token at location at now.
func (v *vouched) set(token, location string, now time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.token, v.location, v.at = token, location, now
}
