package auth

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/funnelsdev/funnels/config"
)

// ErrUntrustedBaseURL is behind a stored token that would go to a server other than
// the one it was stored for. Test with errors.Is; the concrete error is an
// *UntrustedBaseURLError.
var ErrUntrustedBaseURL = errors.New("the stored token is not sent to this base URL")

// UntrustedBaseURLError is a stored sign-in asked to send its token elsewhere: a
// --base-url, FUNNELS_BASE_URL or config file naming another server than the one the
// sign-in was made for, or a token URL on another server than the sign-in's.
type UntrustedBaseURLError struct {
	Profile    string
	StoredHost string // where the token may go: host[:port]
	Given      string // the address asked for: host[:port]
	What       string // "base_url" or "token_url"
	From       string // where that setting came from ("FUNNELS_BASE_URL", "--base-url", …)
	Assumed    bool   // the sign-in predates recorded base URLs: StoredHost was assumed
}

func (e *UntrustedBaseURLError) Error() string {
	msg := fmt.Sprintf("the stored token of profile %q is only sent to %s, and %s (from %s) names %s: pass --token or FUNNELS_TOKEN with a token for that server, or --trust-base-url (FUNNELS_TRUST_BASE_URL=1) to send the stored token there",
		e.Profile, e.StoredHost, e.What, e.From, e.Given)
	if e.Assumed {
		msg += fmt.Sprintf(" (the sign-in was stored without its base URL, so it is taken as the profile's configured one, %s; sign in again to record it)", e.StoredHost)
	}
	return msg
}

func (e *UntrustedBaseURLError) Is(target error) bool { return target == ErrUntrustedBaseURL }

// checkDestination refuses to hand out t, a stored sign-in, when cfg sends requests
// (or, for a token that refreshes, the refresh) to a server other than the one t was
// stored for, unless cfg.TrustBaseURL. A sign-in stored without its base URL is taken
// to be for the profile's configured one (config.Config.ConfiguredBaseURL).
func checkDestination(cfg *config.Config, t *Token) error {
	if cfg.TrustBaseURL {
		return nil
	}
	stored, assumed := t.BaseURL, false
	if strings.TrimSpace(stored) == "" {
		stored, assumed = cfg.ConfiguredBaseURL(), true
	}
	home := origin(stored)
	bad := func(what, key, given string) error {
		return &UntrustedBaseURLError{Profile: cfg.Profile.Name, StoredHost: hostPort(stored), Given: hostPort(given),
			What: what, From: cfg.Origin(key), Assumed: assumed}
	}
	if origin(cfg.Profile.BaseURL) != home {
		return bad("base_url", config.KeyBaseURL, cfg.Profile.BaseURL)
	}
	if t.Kind == KindPIT {
		return nil // never refreshed: no token URL is called
	}
	tokenURL := cfg.Profile.TokenURL
	if tokenURL == "" {
		tokenURL = t.TokenURL
	}
	if tokenURL != "" && origin(tokenURL) != home && (t.TokenURL == "" || origin(tokenURL) != origin(t.TokenURL)) {
		return bad("token_url", config.KeyTokenURL, tokenURL)
	}
	return nil
}

// origin is the scheme, host and port of a URL, in one spelling ("" when it is no
// URL): two addresses with one origin reach the same server.
func origin(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"https": "443", "http": "80"}[scheme]
	}
	return scheme + "://" + strings.ToLower(strings.TrimSuffix(u.Hostname(), ".")) + ":" + port
}

// hostPort is the host[:port] of a URL for a message, or the text itself when it has none.
func hostPort(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return u.Host
	}
	return raw
}
