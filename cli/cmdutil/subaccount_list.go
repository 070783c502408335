package cmdutil

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/config"
)

// The agency's list of sub-accounts, as its last listing gave it, is kept beside the
// indexes of its sub-accounts (the ids and names, no token): find across
// --all-sub-accounts names its set from it without a request or a sign-in while it
// is younger than savedListAge. Every listing of a set replaces it.

// SavedListAge is how old a kept list may be for find to name its set from it.
const SavedListAge = 24 * time.Hour

// savedSubAccounts is the kept list's file.
type savedSubAccounts struct {
	Listed      time.Time         `json:"listed"`
	SubAccounts []savedSubAccount `json:"subAccounts"`
}

type savedSubAccount struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// subAccountListPath is where the list of profile cfg's agency is kept; "" when
// there is no cache directory.
func subAccountListPath(getenv func(string) string, cfg *config.Config) string {
	dir, err := index.Dir(getenv)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(index.PathFor(dir, cfg.Profile.Name, cfg.Profile.BaseURL, "agency"), ".db") + ".sub-accounts.json"
}

// LoadSubAccountList is the kept list when it is younger than maxAge.
func LoadSubAccountList(path string, maxAge time.Duration) ([]auth.SubAccount, bool) {
	if path == "" || maxAge <= 0 {
		return nil, false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	var saved savedSubAccounts
	if json.Unmarshal(b, &saved) != nil {
		return nil, false
	}
	if age := time.Since(saved.Listed); age < 0 || age > maxAge || len(saved.SubAccounts) == 0 {
		return nil, false
	}
	out := make([]auth.SubAccount, 0, len(saved.SubAccounts))
	for _, s := range saved.SubAccounts {
		if s.ID == "" || strings.ContainsAny(s.ID, "/\\") {
			return nil, false
		}
		out = append(out, auth.SubAccount{ID: s.ID, Name: s.Name})
	}
	return out, true
}

// saveSubAccountList keeps subs at path (best effort: without it the next find lists
// the sub-accounts again), written whole or not at all.
func saveSubAccountList(path string, subs []auth.SubAccount) {
	if path == "" {
		return
	}
	saved := savedSubAccounts{Listed: time.Now().UTC()}
	for _, s := range subs {
		saved.SubAccounts = append(saved.SubAccounts, savedSubAccount{ID: s.ID, Name: s.Name})
	}
	b, err := json.Marshal(saved)
	if err != nil || os.MkdirAll(filepath.Dir(path), 0o700) != nil {
		return
	}
	tmp := path + "." + strconv.Itoa(os.Getpid())
	if os.WriteFile(tmp, b, 0o600) != nil || os.Rename(tmp, path) != nil {
		_ = os.Remove(tmp)
	}
}
