package cli

import (
	"context"
	"net/http"
	"time"

	"github.com/funnelsdev/funnels/auth"
)

// mcpLocationOf is the sub-account a session is about: its id, the name the sign-in
// is known by, and the sub-account's own name where the agency's listing gives it
// (a sub-account of an agency sign-in; the API has no read of a location's name for
// any other token). A listing that fails leaves the sign-in's name in its place.
func mcpLocationOf(ctx context.Context, sess *Session) mcpLocation {
	loc := mcpLocation{ID: sess.Client.LocationID(), Name: sess.Label, Profile: sess.Label}
	if sess.store == nil || sess.Config.TokenOnly() {
		return loc
	}
	if t, err := sess.store.Load(sess.Config.Profile.Name); err != nil || !t.Agency() {
		return loc
	}
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	subs, err := auth.SubAccounts(ctx, sess.Config, sess.store, &http.Client{Transport: sess.transport})
	if err != nil {
		return loc
	}
	for _, sub := range subs {
		if sub.ID == loc.ID && sub.Name != "" {
			loc.Name = sub.Name
		}
	}
	return loc
}
