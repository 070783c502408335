package cmdutil

import (
	"context"
	"net/http"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/config"
)

// SubAccountName is the name the agency's listing gives the sub-account with this id,
// for an agency sign-in; "" for any other sign-in (the API has no read of a
// location's name for it), or when the listing fails.
func SubAccountName(ctx context.Context, cfg *config.Config, store *auth.Store, transport http.RoundTripper, id string) string {
	if cfg.TokenOnly() {
		return ""
	}
	if t, err := store.Load(cfg.Profile.Name); err != nil || !t.Agency() {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	subs, err := auth.SubAccounts(ctx, cfg, store, &http.Client{Transport: transport})
	if err != nil {
		return ""
	}
	for _, sub := range subs {
		if sub.ID == id && sub.Name != "" {
			return sub.Name
		}
	}
	return ""
}
