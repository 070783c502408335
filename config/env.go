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
// what the file turned on: read-only stays read-only). FUNNELS_READONLY that is no
// switch turns read-only on, with a warning; the other variables refuse such a value.
func (c *Config) applySwitches(getenv func(string) string, flags Flags) error {
	envReadOnly := false
	if v := getenv("FUNNELS_READONLY"); strings.TrimSpace(v) != "" {
		on, warning := readOnlySwitch("FUNNELS_READONLY", v)
		if warning != "" {
			c.Warnings = append(c.Warnings, warning)
		}
		envReadOnly = on
	}
	switch {
	case flags.ReadOnly:
		c.ReadOnly, c.ReadOnlyFrom = true, "--readonly"
	case envReadOnly:
		c.ReadOnly, c.ReadOnlyFrom = true, "FUNNELS_READONLY"
	}
	if c.ReadOnly {
		c.setOrigin(KeyReadOnly, c.ReadOnlyFrom)
	}
	insecure, err := envSwitch(getenv, "FUNNELS_INSECURE_STORAGE")
	if err != nil {
		return err
	}
	c.InsecureStorage = flags.InsecureStorage || insecure
	trust, err := envSwitch(getenv, "FUNNELS_TRUST_BASE_URL")
	if err != nil {
		return err
	}
	c.TrustBaseURL = flags.TrustBaseURL || trust
	return nil
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
