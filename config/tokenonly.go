package config

import "strings"

// TokenOnly reports a run with a token given by --token or FUNNELS_TOKEN and no
// profile named for it (no --profile or FUNNELS_PROFILE): the token is nobody's
// profile, so the run is named by where the token came from (Label) and keeps
// nothing in any profile's files. A default_profile in the config file does not
// make the token that profile's: it only chooses the profile of runs that bring no
// token of their own, whose settings the run still reads.
func (c *Config) TokenOnly() bool {
	return c.Token != "" && (c.ProfileFrom == "default" || strings.HasPrefix(c.ProfileFrom, "default_profile"))
}

// Label names the run's sign-in for a person: the profile's name, or for a
// TokenOnly run where its token came from ("--token", "FUNNELS_TOKEN").
func (c *Config) Label() string {
	if c.TokenOnly() {
		return c.TokenFrom
	}
	return c.Profile.Name
}
