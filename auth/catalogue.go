package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/config"
)

// Catalogue is the one place the accounts of this machine are known: the profiles,
// the sub-accounts each agency sign-in reaches (its listing, asked of the service
// once per catalogue and kept for later runs) and what each sub-account is called.
// The sets of sub-accounts, the browser's switcher, the MCP server, the team server
// and completion all read it, so a sub-account has one name wherever it is shown.
// It is safe for use by several goroutines.
type Catalogue struct {
	getenv func(string) string
	store  *Store
	opts   CatalogueOptions

	mu       sync.Mutex
	listings map[string]*listing // by agency profile, once asked
}

// CatalogueOptions say how a catalogue reaches what it lists.
type CatalogueOptions struct {
	// HTTP sends the agencies' listing requests (nil: a client with a 30-second
	// timeout).
	HTTP *http.Client
	// Load resolves a profile's configuration as the caller's run would (its flags
	// and environment, the profile's saved login as a layer).
	Load func(profile string) (*config.Config, error)
	// KeptAt is where an agency profile's listing is kept between runs (nil, or "":
	// nowhere).
	KeptAt func(cfg *config.Config) string
}

// listing is one agency's list of sub-accounts as this catalogue got it.
type listing struct {
	mu    sync.Mutex
	done  bool
	fresh bool // asked of the service by this catalogue, not read from the kept one
	subs  []SubAccount
	err   error
}

// NewCatalogue is the catalogue of the profiles in store and the configuration
// getenv names.
func NewCatalogue(getenv func(string) string, store *Store, opts CatalogueOptions) *Catalogue {
	if opts.HTTP == nil {
		opts.HTTP = &http.Client{Timeout: 30 * time.Second}
	}
	return &Catalogue{getenv: getenv, store: store, opts: opts, listings: map[string]*listing{}}
}

// Profiles lists every profile: the config file's and every signed-in one (see
// ListProfiles).
func (c *Catalogue) Profiles() ([]ProfileInfo, error) { return ListProfiles(c.getenv, c.store) }

// IsAgency reports whether profile is signed in as an agency (from its token file;
// nothing is asked).
func (c *Catalogue) IsAgency(profile string) bool {
	t, err := c.store.Load(profile)
	return err == nil && t.Agency()
}

// SubAccounts lists the sub-accounts agency profile reaches (where its app is
// installed), by name: the listing this catalogue already made, else the kept one
// when it is younger than maxAge (0: never), else the service's, kept for the next
// run. A profile that is no agency sign-in is an error saying how to make one.
func (c *Catalogue) SubAccounts(ctx context.Context, profile string, maxAge time.Duration) ([]SubAccount, error) {
	c.mu.Lock()
	l := c.listings[profile]
	if l == nil {
		l = &listing{}
		c.listings[profile] = l
	}
	c.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done && (l.fresh || l.err != nil || maxAge > 0) {
		return l.subs, l.err
	}
	subs, fresh, err := c.list(ctx, profile, maxAge)
	if ctx.Err() != nil && err != nil {
		return nil, err // given up by this caller: another may ask again
	}
	l.done, l.fresh, l.subs, l.err = true, fresh, subs, err
	return subs, err
}

// list is SubAccounts without the catalogue's memory; fresh says the service was
// asked.
func (c *Catalogue) list(ctx context.Context, profile string, maxAge time.Duration) (subs []SubAccount, fresh bool, err error) {
	if c.opts.Load == nil {
		return nil, false, errors.New("listing sub-accounts: no way to read the profile's configuration")
	}
	cfg, err := c.opts.Load(profile)
	if err != nil {
		return nil, false, err
	}
	path := ""
	if c.opts.KeptAt != nil {
		path = c.opts.KeptAt(cfg)
	}
	if subs, ok := readKeptListing(path, maxAge); ok {
		return subs, false, nil
	}
	subs, err = listSubAccounts(ctx, cfg, c.store, c.opts.HTTP)
	if err == nil {
		keepListing(path, subs)
	}
	return subs, true, err
}

// Name is what sub-account location of profile is called in its agency's listing
// (one under a day old serves); "" when profile is no agency sign-in, the listing
// fails or it does not hold location.
func (c *Catalogue) Name(ctx context.Context, profile, location string) string {
	if profile == "" || location == "" || !c.IsAgency(profile) {
		return ""
	}
	subs, err := c.SubAccounts(ctx, profile, KeptListingAge)
	if err != nil {
		return ""
	}
	for _, s := range subs {
		if s.ID == location {
			return s.Name
		}
	}
	return ""
}

// Accounts lists every profile and, under each signed-in agency profile, every
// sub-account where its app is installed (listed now: a switcher shows what is
// there). An agency that cannot be listed is left out and its error returned beside
// what could be listed.
func (c *Catalogue) Accounts(ctx context.Context) ([]Account, error) {
	profiles, err := c.Profiles()
	if err != nil {
		return nil, err
	}
	var out []Account
	var errs []error
	for _, p := range profiles {
		out = append(out, Account{Name: p.Name, Profile: p.Name, LocationID: p.LocationID, Kind: p.Kind, Expiry: p.Expiry,
			Default: p.Default, ReadOnly: p.ReadOnly})
		if p.Kind != ProfileAgency {
			continue
		}
		subs, err := c.SubAccounts(ctx, p.Name, 0)
		if err != nil {
			errs = append(errs, fmt.Errorf("profile %s: %w", p.Name, err))
			continue
		}
		for _, sub := range subs {
			out = append(out, Account{Name: AccountName(p.Name, sub.ID), Profile: p.Name, LocationID: sub.ID, LocationName: sub.Name,
				Kind: ProfileMinted, ReadOnly: p.ReadOnly, Expiry: c.store.MintedExpiry(p.Name, sub.ID)})
		}
	}
	return out, errors.Join(errs...)
}
