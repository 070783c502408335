package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"

	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/config"
)

// redirectsState is where the bulk redirect commands keep their files, per profile
// and location, under the state home beside the token store: the journals of
// applies under way and the saved versions.
type redirectsState struct{ dir string }

// redirectsStateOf is the state directory of cfg's profile and location.
func (f *Factory) redirectsStateOf(cfg *config.Config) (redirectsState, error) {
	store, err := f.Store()
	if err != nil {
		return redirectsState{}, err
	}
	owner := cfg.Profile.Name
	if cfg.TokenOnly() {
		owner = tokenOnlyIndexDir
	}
	sum := sha256.Sum256([]byte(cfg.Profile.BaseURL + " " + cfg.Profile.LocationID))
	loc := cfg.Profile.LocationID + "-" + hex.EncodeToString(sum[:4])
	return redirectsState{dir: filepath.Join(store.Dir(), "redirects", owner, loc)}, nil
}

// journal is the path of the journal of the input named fingerprint.
func (s redirectsState) journal(fingerprint string) string {
	return filepath.Join(s.dir, "journal-"+fingerprint+".jsonl")
}

// versions are the location's saved versions.
func (s redirectsState) versions() redirectplan.Versions {
	return redirectplan.Versions{Dir: filepath.Join(s.dir, "versions")}
}
