package cli

import (
	"context"
	"net/http"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/config"
)

// mcpLocationOf is the sub-account a session is about: its id, the name the sign-in
// is known by, and the sub-account's own name where the agency's listing gives it
// (a sub-account of an agency sign-in; the API has no read of a location's name for
// any other token). A listing that fails leaves the sign-in's name in its place.
func mcpLocationOf(ctx context.Context, sess *Session) mcpLocation {
	loc := mcpLocation{ID: sess.Client.LocationID(), Name: sess.Label, Profile: sess.Label}
	if sess.store == nil {
		return loc
	}
	if name := subAccountName(ctx, sess.Config, sess.store, sess.transport, loc.ID); name != "" {
		loc.Name = name
	}
	return loc
}

// subAccountName is the name the agency's listing gives the sub-account with this id,
// for an agency sign-in; "" for any other sign-in (the API has no read of a
// location's name for it), or when the listing fails.
func subAccountName(ctx context.Context, cfg *config.Config, store *auth.Store, transport http.RoundTripper, id string) string {
	if cfg.TokenOnly() {
		return ""
	}
	if t, err := store.Load(cfg.Profile.Name); err != nil || !t.Agency() {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	subs, err := auth.SubAccounts(ctx, cfg, store, &http.Client{Transport: transport})
	if err != nil {
		return ""
	}
	for _, sub := range subs {
		if sub.ID == id && sub.Name != "" {
			return sub.Name
		}
	}
	return ""
}
