package sandbox

import (
	"net/http"
	"sync"
)

// SignIn makes the sandbox answer sign-ins as the real service answers some of them.
type SignIn struct {
	// Suspended are sub-accounts (location ids) whose billing suspended them: their
	// API routes, a refresh of a Location token of theirs, and a location token
	// minted for them, answer 400 {"statusCode":400,"message":"Location is not
	// active"}. The refresh token is not spent. SetSuspended changes the set while
	// the sandbox runs.
	Suspended []string
	// CompanyLogin answers every authorization-code exchange with a Company
	// (agency) token, whatever user_type asked: what a bulk install hands out.
	CompanyLogin bool
	// MintRefreshTokens puts a refresh token in every /oauth/locationToken answer;
	// it refreshes with user_type Location and rotates like any other.
	MintRefreshTokens bool
}

// signInState is the set of suspended sub-accounts.
type signInState struct {
	mu        sync.Mutex
	suspended map[string]bool
}

// suspended is SignIn.Suspended, and the sub-account seeded suspended when
// Options.SubAccounts makes one.
func (o Options) suspended(subs []*subAccount) []string {
	out := append([]string{}, o.SignIn.Suspended...)
	if o.SubAccounts > suspendedPosition && len(subs) > suspendedPosition {
		out = append(out, subs[suspendedPosition].id)
	}
	return out
}

func newSignInState(suspended []string) *signInState {
	st := &signInState{suspended: map[string]bool{}}
	for _, id := range suspended {
		st.suspended[id] = true
	}
	return st
}

func (st *signInState) isSuspended(location string) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.suspended[location]
}

// SetSuspended suspends a sub-account (or makes it active again): its API routes,
// refreshes and mints answer 400 "Location is not active" while it is suspended.
func (s *Server) SetSuspended(location string, suspended bool) {
	s.signIn.mu.Lock()
	defer s.signIn.mu.Unlock()
	if suspended {
		s.signIn.suspended[location] = true
	} else {
		delete(s.signIn.suspended, location)
	}
}

// locationNotActive is the real service's answer for a suspended sub-account.
func locationNotActive() reply {
	return reply{status: http.StatusBadRequest, body: map[string]any{"statusCode": http.StatusBadRequest, "message": "Location is not active"}}
}

// locationOrSeed is the sub-account of a Location grant; grants kept by an older
// sandbox name none and are Lakeside Fit's.
func (g refreshGrant) locationOrSeed() string {
	if g.location == "" {
		return seedLocationID
	}
	return g.location
}
