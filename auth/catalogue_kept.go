package auth

import (
	"encoding/json"
	"github.com/funnelsdev/funnels/config/atomicfile"
	"os"
	"path/filepath"
	"time"
)

// An agency's listing of its sub-accounts, as the service last gave it, is kept in a
// file (the ids and names, no token; where is the caller's: CatalogueOptions.KeptAt):
// a run that may name its sub-accounts from a listing under a day old (find across
// --all-sub-accounts, the name of one sub-account) does so without a request or a
// sign-in. Every listing asked of the service replaces it.

// KeptListingAge is how old a kept listing may be for a name or a set read from it.
const KeptListingAge = 24 * time.Hour

// keptListing is the kept file.
type keptListing struct {
	Listed      time.Time        `json:"listed"`
	SubAccounts []keptSubAccount `json:"subAccounts"`
}

type keptSubAccount struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// readKeptListing is the listing kept at path when it is younger than maxAge and
// every id in it is a location id (none can name a path).
func readKeptListing(path string, maxAge time.Duration) ([]SubAccount, bool) {
	if path == "" || maxAge <= 0 {
		return nil, false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	var kept keptListing
	if json.Unmarshal(b, &kept) != nil {
		return nil, false
	}
	if age := time.Since(kept.Listed); age < 0 || age > maxAge || len(kept.SubAccounts) == 0 {
		return nil, false
	}
	out := make([]SubAccount, 0, len(kept.SubAccounts))
	for _, s := range kept.SubAccounts {
		if checkLocation(s.ID) != nil {
			return nil, false
		}
		out = append(out, SubAccount{ID: s.ID, Name: clean(s.Name)})
	}
	return out, true
}

// keepListing keeps subs at path (best effort: without it the next run lists the
// sub-accounts again), written whole or not at all.
func keepListing(path string, subs []SubAccount) {
	if path == "" {
		return
	}
	kept := keptListing{Listed: time.Now().UTC()}
	for _, s := range subs {
		kept.SubAccounts = append(kept.SubAccounts, keptSubAccount{ID: s.ID, Name: s.Name})
	}
	b, err := json.Marshal(kept)
	if err != nil || os.MkdirAll(filepath.Dir(path), 0o700) != nil {
		return
	}
	_ = atomicfile.Write(path, b, 0o600)
}
