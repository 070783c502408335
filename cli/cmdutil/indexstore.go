package cmdutil

import (
	"fmt"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// CacheConfig is the configuration of the profile in use, completed with what its
// sign-in remembers (its location), without asking for a token.
func (f *Factory) CacheConfig() (*config.Config, error) {
	cfg, _, err := f.SignedInConfigAndStore() // a broken sign-in still names its profile's index
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// TokenOnlyIndexDir names the index directory of runs with a token given without a
// profile (--token, FUNNELS_TOKEN): no profile can be called so (a name starting
// with "-" would read as a flag), so their index never lands in a profile's files,
// while `funnels index` followed by `funnels find` with the same token and location
// still share one.
const TokenOnlyIndexDir = "-token"

// IndexStore is the local index of the profile's location: its file under the XDG
// cache home (for a token given without a profile, under tokenOnlyIndexDir), or,
// with --no-cache, one for this run only (Close removes it).
func (f *Factory) IndexStore(cfg *config.Config) (*index.Store, error) {
	key := index.KeyOf(cfg.Profile.BaseURL, cfg.Profile.LocationID)
	if f.SessionIndex() {
		return index.OpenTemp(key)
	}
	dir, err := index.Dir(f.Getenv)
	if err != nil {
		return nil, WithExitCode(ExitLocal, fmt.Errorf("local index: %w", err))
	}
	owner := cfg.Profile.Name
	if cfg.TokenOnly() {
		owner = TokenOnlyIndexDir
	}
	path := index.PathFor(dir, owner, cfg.Profile.BaseURL, cfg.Profile.LocationID)
	if f.Gate != nil {
		return f.Gate.Index(cfg, func() (*index.Store, error) { return index.Open(path, key), nil })
	}
	return index.Open(path, key), nil
}

// SessionIndex reports whether this run's index lives only as long as the run: with
// --no-cache.
func (f *Factory) SessionIndex() bool {
	return f.Flags.NoCache
}
