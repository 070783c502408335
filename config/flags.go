package config

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// Flags are the settings a command line can give. The first four are the global flags
// of DESIGN.md (Register); the rest only `funnels login` takes (RegisterLogin), because
// that is where a profile learns its app and endpoints. Empty means "not given".
type Flags struct {
	BaseURL, Token, Location, Profile string
	Debug                             bool // --debug: log every request to the debug log
	ReadOnly                          bool // --readonly: refuse every request that writes
	InsecureStorage                   bool // --insecure-storage: tokens in the 0600 file, never the OS keyring

	AuthURL, TokenURL      string
	ClientID, ClientSecret string
	RedirectPort           string // a number; kept as text so "0" (any free port) differs from "not given"
	Scopes                 string // space- or comma-separated
}

// Register adds --base-url, --token, --location, --profile, --debug, --readonly and
// --insecure-storage to fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.BaseURL, "base-url", f.BaseURL, "API base `URL` (env FUNNELS_BASE_URL; https unless loopback)")
	fs.StringVar(&f.Token, "token", f.Token, "use this access or private integration `token` (env FUNNELS_TOKEN)")
	fs.StringVar(&f.Location, "location", f.Location, "sub-account (location) `id` (env FUNNELS_LOCATION_ID)")
	fs.StringVar(&f.Profile, "profile", f.Profile, "profile `name` (env FUNNELS_PROFILE)")
	fs.BoolVar(&f.Debug, "debug", f.Debug, "log every request to $XDG_STATE_HOME/funnels/debug.log, Authorization redacted (env FUNNELS_DEBUG=1)")
	fs.BoolVar(&f.ReadOnly, "readonly", f.ReadOnly, "refuse every action and request that writes (env FUNNELS_READONLY=1)")
	fs.BoolVar(&f.InsecureStorage, "insecure-storage", f.InsecureStorage, "keep tokens in a 0600 file, not the OS keyring (env FUNNELS_INSECURE_STORAGE=1)")
}

// RegisterLogin adds the flags that describe the app and its endpoints to fs.
func (f *Flags) RegisterLogin(fs *flag.FlagSet) {
	fs.StringVar(&f.AuthURL, "auth-url", f.AuthURL, "authorization page `URL`")
	fs.StringVar(&f.TokenURL, "token-url", f.TokenURL, "token endpoint `URL` (default: base URL + /oauth/token)")
	fs.StringVar(&f.ClientID, "client-id", f.ClientID, "your app's client `id` (env FUNNELS_CLIENT_ID)")
	fs.StringVar(&f.ClientSecret, "client-secret", f.ClientSecret, "your app's client `secret` (env FUNNELS_CLIENT_SECRET)")
	fs.StringVar(&f.RedirectPort, "redirect-port", f.RedirectPort, fmt.Sprintf("loopback `port` for the redirect (default %d; 0 picks a free one)", DefaultRedirectPort))
	fs.StringVar(&f.Scopes, "scopes", f.Scopes, "space-separated `scopes` to ask for")
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
