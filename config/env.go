package config

import "strings"

// envLayer reads the profile settings the environment may give. FUNNELS_PROFILE and
// FUNNELS_TOKEN are read by Load itself: one picks the profile, the other is no setting
// of a profile but a credential.
func envLayer(getenv func(string) string) layer {
	var l layer
	l = l.add(KeyBaseURL, "FUNNELS_BASE_URL", getenv("FUNNELS_BASE_URL"))
	l = l.add(KeyLocationID, "FUNNELS_LOCATION_ID", getenv("FUNNELS_LOCATION_ID"))
	l = l.add(KeyClientID, "FUNNELS_CLIENT_ID", getenv("FUNNELS_CLIENT_ID"))
	l = l.add(KeyClientSecret, "FUNNELS_CLIENT_SECRET", getenv("FUNNELS_CLIENT_SECRET"))
	return l
}

// applySwitches sets the switches flags and environment turn on (they cannot turn off
// what the file turned on: read-only stays read-only).
func (c *Config) applySwitches(getenv func(string) string, flags Flags) {
	switch {
	case flags.ReadOnly:
		c.ReadOnly, c.ReadOnlyFrom = true, "--readonly"
	case truthy(getenv("FUNNELS_READONLY")):
		c.ReadOnly, c.ReadOnlyFrom = true, "FUNNELS_READONLY"
	}
	if c.ReadOnly {
		c.setOrigin(KeyReadOnly, c.ReadOnlyFrom)
	}
	c.InsecureStorage = flags.InsecureStorage || truthy(getenv("FUNNELS_INSECURE_STORAGE"))
}

// truthy reads an on/off environment variable: 1, true, yes, on (any case).
func truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// applyAPIVersion sets the Version header from the environment or the flag, which
// beat the file's [api] version.
func (c *Config) applyAPIVersion(getenv func(string) string, flags Flags) {
	switch {
	case flags.APIVersion != "":
		c.APIVersion = flags.APIVersion
		c.setOrigin(KeyAPIVersion, "--api-version")
	case getenv("FUNNELS_API_VERSION") != "":
		c.APIVersion = getenv("FUNNELS_API_VERSION")
		c.setOrigin(KeyAPIVersion, "FUNNELS_API_VERSION")
	}
}
