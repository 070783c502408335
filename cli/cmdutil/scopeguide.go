package cmdutil

import (
	"github.com/funnelsdev/funnels/config"
)

// tokenKind is what a run knows of the token it signed in with, for advice that
// differs between a private integration token and an OAuth app.
type tokenKind int

const (
	tokenKindUnknown tokenKind = iota // given by --token or FUNNELS_TOKEN: either kind
	tokenKindPIT                      // a private integration token saved by login --with-token
	TokenKindApp                      // an OAuth app's sign-in (a sub-account or an agency)
)

// tokenKindOf says which kind of token cfg's profile signs in with; cfg is complete
// (the saved login read).
func tokenKindOf(cfg *config.Config) tokenKind {
	switch {
	case cfg.Token != "":
		return tokenKindUnknown
	case cfg.Profile.AuthKind == config.AuthToken:
		return tokenKindPIT
	case cfg.Profile.AuthKind == config.AuthOAuth, cfg.Profile.AuthKind == config.AuthAgency:
		return TokenKindApp
	}
	return tokenKindUnknown
}

// ScopeGuidance says where a missing scope is granted, in lines that each stand
// alone: in the integration's settings for a private integration token (whose
// scopes are fixed when it is made), in the app's scopes for an OAuth app.
func ScopeGuidance(scope string, kind tokenKind) []string {
	pit := "Settings → Private Integrations → edit the integration → tick " + scope + " (a new token may be needed)"
	app := "add " + scope + " to the app's scopes and sign in again"
	switch kind {
	case tokenKindPIT:
		return []string{"to grant it: " + pit}
	case TokenKindApp:
		return []string{"to grant it: " + app}
	}
	return []string{
		"to grant it to a private integration token: " + pit,
		"to an OAuth app: " + app,
	}
}
