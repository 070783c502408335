package mcp

import (
	"context"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// locationOf is the sub-account a session is about: its id, the name the sign-in
// is known by, and the sub-account's own name where the agency's listing gives it
// (a sub-account of an agency sign-in; the API has no read of a location's name for
// any other token). A listing that fails leaves the sign-in's name in its place.
func locationOf(ctx context.Context, sess *cmdutil.Session) location {
	loc := location{ID: sess.Client.LocationID(), Name: sess.Label, Profile: sess.Label}
	if sess.Store == nil {
		return loc
	}
	if name := cmdutil.SubAccountName(ctx, sess.Config, sess.Store, sess.Transport, loc.ID); name != "" {
		loc.Name = name
	}
	return loc
}
