package cmdutil

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
)

// ClientOptions are the options of a client of cfg's profile: the one place settings
// become client.Options (base URL, location, API version, read-only, list limits).
// ts signs it in (nil: no token); hc sends its requests. Callers add what is theirs
// alone (an access record, fewer retries).
func ClientOptions(cfg *config.Config, ts oauth2.TokenSource, hc *http.Client, userAgent string) client.Options {
	return client.Options{
		BaseURL:     cfg.Profile.BaseURL,
		LocationID:  cfg.Profile.LocationID,
		TokenSource: ts,
		UserAgent:   userAgent,
		APIVersion:  cfg.APIVersion,
		HTTPClient:  hc,
		ReadOnly:    cfg.ReadOnly,

		MaxListItems:    cfg.MaxListItems,
		MaxListRequests: cfg.MaxListRequests,
	}
}

// AnonymousClient is a client with no token, for the conversion event: it works with
// no sign-in at all. The base URL still comes from flags, environment, config file and
// a saved login, in that order.
func (f *Factory) AnonymousClient() (*client.Client, error) {
	cfg, store, err := f.SignedInConfigAndStore() // a broken saved login is no obstacle here
	if err != nil {
		return nil, err
	}
	if err := config.CheckBaseURL(cfg.Profile.BaseURL); err != nil {
		return nil, Usagef("%w", err)
	}
	transport, err := f.Transport(store.Dir())
	if err != nil {
		return nil, err
	}
	c, err := f.newClient(cfg, ClientOptions(cfg, nil, &http.Client{Timeout: 30 * time.Second, Transport: transport}, f.UserAgent()))
	if err != nil {
		return nil, gateError(err)
	}
	f.auditLocal(store.Dir(), c)
	return c, nil
}

// accessStore keeps the access record of the profile; a token given without a
// profile keeps it for the run only (nil), never in the files of "default".
func accessStore(cfg *config.Config, store *auth.Store) client.AccessStore {
	if cfg.TokenOnly() {
		return nil
	}
	return AccessFile(cfg, store)
}

// AccessFile is where the profile's access record is kept: beside its token, tied to
// the API, the location and, for a token given by flag or environment, that token (by
// a short hash), so a record never outlives what it was learned with.
func AccessFile(cfg *config.Config, store *auth.Store) client.AccessFile {
	key := cfg.Profile.BaseURL + " " + cfg.Profile.LocationID
	if cfg.Token != "" {
		sum := sha256.Sum256([]byte(cfg.Token))
		key += " token:" + hex.EncodeToString(sum[:4])
	}
	return client.AccessFile{Path: store.AccessPath(cfg.Profile.Name), Key: key}
}
