package config

// TokenOnly reports a run with a token given by --token or FUNNELS_TOKEN and no
// profile named (no --profile, FUNNELS_PROFILE or default_profile): the token is
// nobody's profile, so the run is named by where the token came from (Label) and
// keeps nothing in the files of the profile called "default".
func (c *Config) TokenOnly() bool {
	return c.Token != "" && c.ProfileFrom == "default"
}

// Label names the run's sign-in for a person: the profile's name, or for a
// TokenOnly run where its token came from ("--token", "FUNNELS_TOKEN").
func (c *Config) Label() string {
	if c.TokenOnly() {
		return c.TokenFrom
	}
	return c.Profile.Name
}
