package sandbox

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The agency routes: an agency (Company) token lists the sub-accounts where the app
// is installed and mints a location token for one of them. Both take the Version
// header and the agency token as bearer, and count against the agency's own
// rate-limit bucket; their errors have the API's shape.

// locationRecord is one entry of installedLocations.
type locationRecord struct {
	ID          string `json:"_id"`
	Name        string `json:"name"`
	Address     string `json:"address"`
	IsInstalled bool   `json:"isInstalled"`
}

// agencyRoute checks what both agency routes need (Version, an agency token, on the
// public surface its scope, the rate limit) and hands the token's record to h.
func (s *Server) agencyRoute(ex *exchange, scope string, h func(ex *exchange, rec tokenRecord) reply) {
	r := ex.r
	if !s.versionAccepted(r) {
		s.send(ex, s.badVersion())
		return
	}
	token, has := bearer(r.Header.Get("Authorization"))
	if !has {
		s.send(ex, errReply(http.StatusUnauthorized, "Invalid JWT"))
		return
	}
	rec, state := s.tokens.check(token, s.now())
	switch {
	case state == tokenUnknown:
		s.send(ex, errReply(http.StatusUnauthorized, "Invalid JWT"))
		return
	case state == tokenExpired:
		s.send(ex, errReply(http.StatusUnauthorized, "Token expired"))
		return
	case !rec.agency:
		s.send(ex, errReply(http.StatusUnauthorized, "This route needs an agency (Company) token; a location token or a private integration token cannot call it."))
		return
	case s.public() && !rec.hasScope(scope):
		s.send(ex, errReply(http.StatusUnauthorized, scopeRefusal))
		return
	}
	rl := s.limiter.take(rec.key(token), s.now(), s.dailyLimit())
	rl.apply(ex.w.Header())
	if !rl.admitted {
		s.send(ex, rl.tooMany())
		return
	}
	if ex.tooLarge {
		s.send(ex, errReply(http.StatusRequestEntityTooLarge, "request entity too large"))
		return
	}
	s.send(ex, h(ex, rec))
}

// installedLocations answers GET /oauth/installedLocations?companyId=&appId=
// [&isInstalled=true|false][&skip=][&limit=][&query=]: the agency's sub-accounts by
// name, filtered by installation and by a case-insensitive query on name or address.
func (s *Server) installedLocations(ex *exchange, _ tokenRecord) reply {
	q := ex.r.URL.Query()
	var msgs []string
	if q.Get("companyId") == "" {
		msgs = append(msgs, "companyId should not be empty")
	}
	if q.Get("appId") == "" {
		msgs = append(msgs, "appId should not be empty")
	}
	skip, badSkip := intParam(q, "skip", 0)
	limit, badLimit := intParam(q, "limit", 20)
	if badSkip || skip < 0 {
		msgs = append(msgs, "skip must not be less than 0")
	}
	if badLimit || limit < 1 || limit > 500 {
		msgs = append(msgs, "limit must be a number from 1 to 500")
	}
	if inst := q.Get("isInstalled"); inst != "" && inst != "true" && inst != "false" {
		msgs = append(msgs, "isInstalled must be a boolean value")
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	if q.Get("companyId") != seedCompanyID {
		return errReply(http.StatusForbidden, "token does not have access to this company")
	}
	if !s.isApp(q.Get("appId")) {
		return errReply(http.StatusNotFound, "app not found")
	}
	query := strings.ToLower(strings.TrimSpace(q.Get("query")))
	var all []locationRecord
	for _, sub := range s.subs {
		if inst := q.Get("isInstalled"); inst != "" && (inst == "true") != sub.installed {
			continue
		}
		if query != "" && !strings.Contains(strings.ToLower(sub.name), query) && !strings.Contains(strings.ToLower(sub.address), query) {
			continue
		}
		all = append(all, locationRecord{ID: sub.id, Name: sub.name, Address: sub.address, IsInstalled: sub.installed})
	}
	slices.SortFunc(all, func(a, b locationRecord) int { return lessByName(a.Name, a.ID, b.Name, b.ID) })
	page := []locationRecord{}
	if skip < len(all) {
		page = all[skip:min(len(all), skip+limit)]
	}
	return ok(http.StatusOK, map[string]any{"locations": page, "count": len(all), "installToFutureLocations": false})
}

// locationToken answers POST /oauth/locationToken (form: companyId, locationId): a
// location token minted from the agency token, with no refresh token unless
// Options.SignIn.MintRefreshTokens asks for one.
func (s *Server) locationToken(ex *exchange, agency tokenRecord) reply {
	mt, _, _ := strings.Cut(ex.r.Header.Get("Content-Type"), ";")
	if !strings.EqualFold(strings.TrimSpace(mt), "application/x-www-form-urlencoded") {
		return errReply(http.StatusBadRequest, "the body must be application/x-www-form-urlencoded")
	}
	form, err := url.ParseQuery(string(ex.body))
	if err != nil {
		return errReply(http.StatusBadRequest, "the body is not a valid form")
	}
	var msgs []string
	if form.Get("companyId") == "" {
		msgs = append(msgs, "companyId should not be empty")
	}
	if form.Get("locationId") == "" {
		msgs = append(msgs, "locationId should not be empty")
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	if form.Get("companyId") != seedCompanyID {
		return errReply(http.StatusForbidden, "token does not have access to this company")
	}
	sub := s.subByID[form.Get("locationId")]
	switch {
	case sub == nil:
		return errReply(http.StatusNotFound, "location not found")
	case !sub.installed:
		return errReply(http.StatusForbidden, "the app is not installed in this location")
	case s.signIn.isSuspended(sub.id):
		return locationNotActive()
	}
	now := s.now()
	ttl := s.opts.AccessTokenTTL
	access := newAccessToken()
	s.tokens.add(access, tokenRecord{write: true, expires: now.Add(ttl), location: sub.id, scopes: agency.scopes, app: agency.app})
	body := map[string]any{
		"access_token": access, "token_type": "Bearer", "expires_in": int(ttl / time.Second),
		"scope": strings.Join(agency.scopes, " "), "userType": "Location", "locationId": sub.id, "companyId": seedCompanyID,
		"userId": seedUserID, "planId": "sandbox-plan",
	}
	if s.opts.SignIn.MintRefreshTokens {
		rt := newRefreshToken()
		s.oauth.mu.Lock()
		s.oauth.refresh[rt] = refreshGrant{clientID: agency.app, scope: strings.Join(agency.scopes, " "), userType: "Location", location: sub.id}
		s.oauth.mu.Unlock()
		body["refresh_token"] = rt
	}
	s.keep() // a minted token outlives a restart, as the service's do
	return ok(http.StatusOK, body).with("Cache-Control", "no-store")
}

// isApp accepts the app's id: the client id, or its part before the first "-" (the
// service's client ids are the app id and a suffix).
func (s *Server) isApp(appID string) bool {
	id := s.opts.ClientID
	before, _, _ := strings.Cut(id, "-")
	return appID == id || appID == before
}

// installedIDs lists the sub-accounts where the app is installed.
func (s *Server) installedIDs() []string {
	var out []string
	for _, sub := range s.subs {
		if sub.installed {
			out = append(out, sub.id)
		}
	}
	return out
}

// intParam reads a whole number; bad reports one that is not.
func intParam(q url.Values, name string, def int) (n int, bad bool) {
	v := q.Get(name)
	if v == "" {
		return def, false
	}
	n, err := strconv.Atoi(v)
	return n, err != nil
}
