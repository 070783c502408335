package cli

import (
	"fmt"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// tokenOnlyIndexDir names the index directory of runs with a token given without a
// profile (--token, FUNNELS_TOKEN): no profile can be called so (a name starting
// with "-" would read as a flag), so their index never lands in a profile's files,
// while `funnels index` followed by `funnels find` with the same token and location
// still share one.
const tokenOnlyIndexDir = "-token"

// indexStore is the local index of the profile's location: its file under the XDG
// cache home (for a token given without a profile, under tokenOnlyIndexDir), or,
// with --no-cache, one for this run only (Close removes it).
func (f *Factory) indexStore(cfg *config.Config) (*index.Store, error) {
	key := index.KeyOf(cfg.Profile.BaseURL, cfg.Profile.LocationID)
	if f.sessionIndex() {
		return index.OpenTemp(key)
	}
	dir, err := index.Dir(f.Getenv)
	if err != nil {
		return nil, withExitCode(ExitLocal, fmt.Errorf("local index: %w", err))
	}
	owner := cfg.Profile.Name
	if cfg.TokenOnly() {
		owner = tokenOnlyIndexDir
	}
	path := index.PathFor(dir, owner, cfg.Profile.BaseURL, cfg.Profile.LocationID)
	if f.Gate != nil {
		return f.Gate.Index(cfg, func() (*index.Store, error) { return index.Open(path, key), nil })
	}
	return index.Open(path, key), nil
}

// sessionIndex reports whether this run's index lives only as long as the run: with
// --no-cache.
func (f *Factory) sessionIndex() bool {
	return f.Flags.NoCache
}
