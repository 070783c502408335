package cmdutil

import (
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/config"
)

// RedirectsStateOf is where the bulk redirect commands keep their files for cfg's
// profile and location (the journals of applies under way and the saved versions),
// under the state home beside the token store.
func (f *Factory) RedirectsStateOf(cfg *config.Config) (redirectplan.State, error) {
	store, err := f.Store()
	if err != nil {
		return redirectplan.State{}, err
	}
	return redirectplan.StateOf(store.Dir(), IndexOwner(cfg), cfg.Profile.BaseURL, cfg.Profile.LocationID), nil
}
