package mcp

import (
	"context"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// location is the sub-account every result is about: its id, its own name where the
// API gives it (the agency's listing, the locations API; absent otherwise) and the
// profile it is opened through (absent for a token given without a profile). Neither
// is ever a stand-in: an assistant told a name can say it to a person.
type location struct {
	ID      string `json:"id"`
	Name    string `json:"name,omitempty"`
	Profile string `json:"profile,omitempty"`
	signIn  string // the sign-in in words, for the banner
}

// locationOf is the sub-account a session is about.
func locationOf(ctx context.Context, f *cmdutil.Factory, sess *cmdutil.Session) location {
	return location{ID: sess.Client.LocationID(), Name: f.LocationName(ctx, sess), Profile: cmdutil.ProfileOf(sess.Config),
		signIn: cmdutil.SignInWords(sess.Config)}
}

// words names the sub-account for the banner: "Lakeside Fit (LOCATION, profile
// clinic)", or by its id where its name is not known (the caller cleans it for the
// terminal).
func (l location) words() string {
	if l.Name == "" {
		return "location " + l.ID + " (" + l.signIn + ")"
	}
	return l.Name + " (" + l.ID + ", " + l.signIn + ")"
}
