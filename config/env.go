package config

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
