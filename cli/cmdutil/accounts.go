package cmdutil

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// Catalogue is the accounts catalogue (auth.Catalogue) of a run: the profiles of
// store, and the sub-accounts of its agency sign-ins listed through transport (nil:
// the default), each profile read with flags as the run's own (flags.Profile and
// flags.Location set to the profile's). An agency's listing is kept beside the
// indexes of its sub-accounts.
func (f *Factory) Catalogue(store *auth.Store, transport http.RoundTripper, flags config.Flags) *auth.Catalogue {
	return auth.NewCatalogue(f.Getenv, store, auth.CatalogueOptions{
		HTTP: &http.Client{Timeout: 30 * time.Second, Transport: transport},
		Load: func(profile string) (*config.Config, error) {
			fl := flags
			fl.Profile, fl.Location = profile, ""
			return config.LoadSignedIn(f.Getenv, fl, store)
		},
		KeptAt: func(cfg *config.Config) string { return keptListingPath(f.Getenv, cfg) },
	})
}

// keptListingPath is where the listing of cfg's agency is kept: beside the indexes
// of its sub-accounts; "" when there is no cache directory.
func keptListingPath(getenv func(string) string, cfg *config.Config) string {
	dir, err := index.Dir(getenv)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(index.PathFor(dir, cfg.Profile.Name, cfg.Profile.BaseURL, "agency"), ".db") + ".sub-accounts.json"
}

// LocationName is the sub-account's own name, for a person or an assistant: the one
// its agency's listing gives (a sub-account of an agency sign-in), else the one the
// locations API gives where the sign-in may read it; "" where neither does (a name
// is never made up from the profile or where a token came from).
func (f *Factory) LocationName(ctx context.Context, s *Session) string {
	return f.locationName(ctx, s.Config, s.Store, s.Transport, s.Client)
}

// locationName is LocationName from the parts of a session.
func (f *Factory) locationName(ctx context.Context, cfg *config.Config, store *auth.Store, transport http.RoundTripper, c *client.Client) string {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	loc := c.LocationID()
	if store != nil && !cfg.TokenOnly() {
		if name := f.Catalogue(store, transport, f.Flags).Name(ctx, cfg.Profile.Name, loc); name != "" {
			return name
		}
	}
	if l, _, err := c.GetLocation(ctx); err == nil {
		return termtext.CutEnd(strings.TrimSpace(termtext.Line(l.Name)), maxLocationName)
	}
	return ""
}

// maxLocationName bounds a name the locations API gives, in columns: a name is a
// label, and one of megabytes would be a server's mistake.
const maxLocationName = 200

// ProfileOf is the profile cfg's sign-in is: "" for a token given without a profile,
// which belongs to none (where it came from is Label's, never a profile's name).
func ProfileOf(cfg *config.Config) string {
	if cfg.TokenOnly() {
		return ""
	}
	return cfg.Profile.Name
}

// SignInWords names cfg's sign-in in a sentence: "profile clinic", or "the token
// from FUNNELS_TOKEN" for a token given without a profile.
func SignInWords(cfg *config.Config) string {
	if cfg.TokenOnly() {
		return "the token from " + cfg.TokenFrom
	}
	return "profile " + cfg.Profile.Name
}
