package auth

import (
	"context"

	"golang.org/x/oauth2"
)

// Shared is src made to outlive the run that opened it: a source Source made waits
// for its locks, refreshes and mints under ctx — the life of whatever shares it, such
// as a team server's pool of clients — instead of under the ctx of the run that
// opened it, whose end would otherwise stop every later renewal with "context
// canceled". Each renewal keeps a timeout of its own. What it held (the token in
// hand, a token the API refused, a refresh token found dead) carries over; src itself
// is left as it is. A source of another kind, and nil, come back unchanged.
func Shared(ctx context.Context, src oauth2.TokenSource) oauth2.TokenSource {
	switch s := src.(type) {
	case *refreshing:
		return s.under(ctx)
	case *minted:
		return s.under(ctx)
	}
	return src
}

// under is a copy of s that works under ctx.
func (s *refreshing) under(ctx context.Context) *refreshing {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &refreshing{ctx: ctx, store: s.store, profile: s.profile, hc: s.hc, now: s.now,
		cur: s.cur, rejected: s.rejected, dirty: s.dirty, dead: s.dead}
}

// under is a copy of m, its agency's own token source included, that works under ctx.
func (m *minted) under(ctx context.Context) *minted {
	a := *m.agency
	a.src = m.agency.src.under(ctx)
	m.mu.Lock()
	defer m.mu.Unlock()
	return &minted{ctx: ctx, store: m.store, agency: &a, profile: m.profile, location: m.location, entry: m.entry, now: m.now,
		cur: m.cur, rejected: m.rejected}
}
