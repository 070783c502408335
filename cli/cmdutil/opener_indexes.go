package cmdutil

import (
	"context"
	"os"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

// The openers as ui.IndexFinder: where each account's local index is, for go to
// anything across sub-accounts. An account opened this run has its index at hand;
// another has one when its file is in the index directory (one file per profile,
// location and API: index.PathFor). Nothing is created.

// OpenedIndexes are the indexes of the accounts opened so far, by name.
func (a *OpenedAccounts) OpenedIndexes() map[string]*index.Store {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make(map[string]*index.Store, len(a.byName))
	for name, o := range a.byName {
		if o.Index != nil {
			out[name] = o.Index
		}
	}
	return out
}

// Indexes of profiles and agency sub-accounts: those opened this run, and every
// other one whose index file exists (none with --no-cache, whose indexes last a run).
func (o *ProfileOpener) Indexes(_ context.Context, accounts []ui.Account) map[string]*index.Store {
	out := o.OpenedIndexes()
	dir, err := index.Dir(o.f.Getenv)
	if err != nil || o.f.SessionIndex() {
		return out
	}
	profiles := map[string]*config.Config{} // each profile read once, for its API
	for _, a := range accounts {
		if out[a.Name] != nil {
			continue
		}
		profile, location := auth.SplitAccountName(a.Name)
		cfg, seen := profiles[profile]
		if !seen {
			cfg, _ = o.load(profile, "")
			profiles[profile] = cfg
		}
		if cfg == nil {
			continue
		}
		for _, l := range []string{a.Location, cfg.Profile.LocationID} {
			if location == "" {
				location = l
			}
		}
		path := index.PathFor(dir, profile, cfg.Profile.BaseURL, location)
		if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
			out[a.Name] = index.Open(path, index.KeyOf(cfg.Profile.BaseURL, location))
		}
	}
	return out
}
