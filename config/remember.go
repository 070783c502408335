package config

import (
	"errors"
	"io/fs"
)

// Remembered is what `funnels login` stored for a profile (next to its token, in the
// private state file) so that later runs need no flags: `funnels --profile sandbox`.
type Remembered struct {
	BaseURL, LocationID, AuthURL, TokenURL, ClientID, ClientSecret, AuthKind string
}

// SavedLogins is where loading finds what `funnels login` saved for a profile: the
// layer just above the defaults. The token store implements it; config never reads a
// token itself.
type SavedLogins interface {
	// SavedLogin is what was saved for profile; an error that wraps fs.ErrNotExist
	// means nothing was (no layer, no problem).
	SavedLogin(profile string) (Remembered, error)
}

// OriginLogin names settings that came from a saved login.
const OriginLogin = "saved login"

// FillSaved fills the settings that no file, environment variable or flag gave with
// the saved login of the profile (Remember). A saved login that cannot be read or
// used is kept in SavedLoginErr, not returned: a token given by flag or environment
// does without it, and the caller that needs it says why it cannot go on. The loader
// calls it (LoadSignedIn); so may a caller that builds a Config by hand.
func (c *Config) FillSaved(saved SavedLogins) {
	r, err := saved.SavedLogin(c.Profile.Name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		c.SavedLoginErr = nil
	case err != nil:
		c.SavedLoginErr = err
	default:
		c.SavedLoginErr = c.Remember(r)
	}
}

// Remember fills the settings that no file, environment variable or flag gave with
// what login saved, and checks them again. It ranks just above the defaults.
func (c *Config) Remember(r Remembered) error {
	if c.origin == nil {
		given := map[string]string{}
		for _, key := range []string{KeyBaseURL, KeyLocationID, KeyAuthURL, KeyTokenURL, KeyClientID, KeyClientSecret, KeyAuthKind} {
			if !c.unset(key) {
				given[key] = "caller"
			}
		}
		c.origin = given
	}
	var l layer
	for _, s := range []struct{ key, val string }{
		{KeyBaseURL, r.BaseURL}, {KeyLocationID, r.LocationID}, {KeyAuthURL, r.AuthURL},
		{KeyTokenURL, r.TokenURL}, {KeyClientID, r.ClientID}, {KeyClientSecret, r.ClientSecret},
		{KeyAuthKind, r.AuthKind},
	} {
		if c.unset(s.key) {
			l = l.add(s.key, OriginLogin, s.val)
		}
	}
	c.apply(l)
	c.fillEmpty()
	c.deriveTokenURL()
	return c.validateProfile()
}

// fillEmpty gives a hand-built Config the defaults it left out.
func (c *Config) fillEmpty() {
	d, p := defaults(c.Profile.Name), &c.Profile
	if p.BaseURL == "" {
		p.BaseURL = d.BaseURL
	}
	if p.AuthURL == "" {
		p.AuthURL = d.AuthURL
	}
	if p.AuthKind == "" {
		p.AuthKind = d.AuthKind
	}
}

// unset reports whether a setting is still at its default. A Config built by hand
// (no origins recorded) counts empty fields as unset.
func (c *Config) unset(key string) bool {
	if c.origin != nil {
		return c.origin[key] == ""
	}
	p := c.Profile
	switch key {
	case KeyBaseURL:
		return p.BaseURL == "" || p.BaseURL == DefaultBaseURL
	case KeyLocationID:
		return p.LocationID == ""
	case KeyAuthURL:
		return p.AuthURL == "" || p.AuthURL == DefaultAuthURL
	case KeyTokenURL:
		return p.TokenURL == ""
	case KeyClientID:
		return p.ClientID == ""
	case KeyClientSecret:
		return p.ClientSecret == ""
	case KeyAuthKind:
		return p.AuthKind == ""
	}
	return false
}
