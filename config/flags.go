package config

import (
	"fmt"
	"strconv"
	"strings"
)

// Flags are the settings a command line can give. The first ten are the global flags
// every command takes; the rest only `funnels login` takes, because that is where a
// profile learns its app and endpoints (package cli defines the flags). Empty means
// "not given".
type Flags struct {
	BaseURL, Token, Location, Profile string
	APIVersion                        string // --api-version: the Version header of API requests
	Debug                             bool   // --debug: log every request to the debug log
	NoCache                           bool   // --no-cache: neither read nor write the local index
	ReadOnly                          bool   // --readonly: refuse every request that writes
	InsecureStorage                   bool   // --insecure-storage: tokens in the 0600 file, never the OS keyring
	TrustBaseURL                      bool   // --trust-base-url: send a stored token to a base URL it was not stored for

	AuthURL, TokenURL      string
	ClientID, ClientSecret string
	RedirectPort           string // a number; kept as text so "0" (any free port) differs from "not given"
	Scopes                 string // space- or comma-separated
}

// layer turns the given flags into settings.
func (f Flags) layer() (layer, error) {
	var l layer
	l = l.add(KeyBaseURL, "--base-url", f.BaseURL)
	l = l.add(KeyLocationID, "--location", f.Location)
	l = l.add(KeyAuthURL, "--auth-url", f.AuthURL)
	l = l.add(KeyTokenURL, "--token-url", f.TokenURL)
	l = l.add(KeyClientID, "--client-id", f.ClientID)
	l = l.add(KeyClientSecret, "--client-secret", f.ClientSecret)
	if s := strings.TrimSpace(f.RedirectPort); s != "" {
		port, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("--redirect-port: %q is not a number", f.RedirectPort)
		}
		l = append(l, setting{key: KeyRedirectPort, from: "--redirect-port", port: port})
	}
	if s := strings.TrimSpace(f.Scopes); s != "" {
		l = append(l, setting{key: KeyScopes, from: "--scopes", scopes: SplitScopes(s)})
	}
	return l, nil
}
