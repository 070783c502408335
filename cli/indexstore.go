package cli

import (
	"context"
	"fmt"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// indexStore is the local index of the profile's location: its file under the XDG
// cache home, or, with --no-cache or a token given without a profile, one for this
// run only (Close removes it).
func (f *Factory) indexStore(cfg *config.Config) (*index.Store, error) {
	key := index.KeyOf(cfg.Profile.BaseURL, cfg.Profile.LocationID)
	if f.sessionIndex(cfg) {
		return index.OpenTemp(key)
	}
	dir, err := index.Dir(f.Getenv)
	if err != nil {
		return nil, withExitCode(ExitLocal, fmt.Errorf("local index: %w", err))
	}
	return index.Open(index.PathFor(dir, cfg.Profile.Name, cfg.Profile.BaseURL, cfg.Profile.LocationID), key), nil
}

// locationClient is Client(ctx, true) with the configuration it was built from: the
// index is kept per profile and location, so both are needed.
func (f *Factory) locationClient(ctx context.Context) (*client.Client, *config.Config, error) {
	return f.profileClient(ctx, true, nil)
}

// sessionIndex reports whether this run's index lives only as long as the run: with
// --no-cache, and for a token given without a profile (it is nobody's to keep).
func (f *Factory) sessionIndex(cfg *config.Config) bool {
	return f.Flags.NoCache || cfg.TokenOnly()
}
