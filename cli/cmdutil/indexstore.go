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

// tokenOnlyIndexDir names the index directory of runs with a token given without a
// profile (--token, FUNNELS_TOKEN): no profile can be called so (a name starting
// with "-" would read as a flag), so their index never lands in a profile's files,
// while `funnels index` followed by `funnels find` with the same token and location
// still share one.
const tokenOnlyIndexDir = "-token"

// IndexOwner is whose files cfg's local index and bulk-redirect state are kept
// among: the profile's, or for a token given without a profile tokenOnlyIndexDir.
// Every way to an index file names its owner here.
func IndexOwner(cfg *config.Config) string {
	if cfg.TokenOnly() {
		return tokenOnlyIndexDir
	}
	return cfg.Profile.Name
}

// IndexPath is the file of cfg's local index in the index directory dir.
func IndexPath(dir string, cfg *config.Config) string {
	return index.PathFor(dir, IndexOwner(cfg), cfg.Profile.BaseURL, cfg.Profile.LocationID)
}

// IndexStore is the local index of the profile's location: its file under the XDG
// cache home (IndexPath), or,
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
	path := IndexPath(dir, cfg)
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
