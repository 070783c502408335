package auth

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
	"github.com/funnelsdev/funnels/config"
)

// TestCatalogueListsAnAgencyOnce: a catalogue asks the service for an agency's
// sub-accounts once, names each from that listing and keeps it; a later catalogue
// that may use a listing under a day old names them with no request, one that may
// not asks again; a profile that is no agency is named by nobody, without a request.
func TestCatalogueListsAnAgencyOnce(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	store := NewStore(t.TempDir())
	agencyLogin(t, r, store)
	kept := filepath.Join(t.TempDir(), "agency.sub-accounts.json")
	getenv := func(k string) string { return map[string]string{"XDG_CONFIG_HOME": t.TempDir()}[k] }
	newCat := func() *Catalogue {
		return NewCatalogue(getenv, store, CatalogueOptions{
			Load:   func(string) (*config.Config, error) { return &config.Config{Profile: agencyProfile(r, "")}, nil },
			KeptAt: func(*config.Config) string { return kept },
		})
	}
	const listing = "/oauth/installedLocations"
	cat := newCat()
	subs, err := cat.SubAccounts(t.Context(), "sandbox", 0)
	if err != nil || len(subs) != 3 {
		t.Fatalf("the listing: %v, %v", subs, err)
	}
	if name := cat.Name(t.Context(), "sandbox", summitID); name != "Summit Strength" {
		t.Errorf("Summit's name: %q", name)
	}
	if _, err := cat.SubAccounts(t.Context(), "sandbox", 0); err != nil || countPath(r, listing) != 1 {
		t.Errorf("one catalogue listed %d times (%v), want once", countPath(r, listing), err)
	}

	if name := newCat().Name(t.Context(), "sandbox", riversideID); name != "Riverside Boxing Club" || countPath(r, listing) != 1 {
		t.Errorf("from the kept listing: %q after %d listings, want no new one", name, countPath(r, listing))
	}
	if _, err := newCat().SubAccounts(t.Context(), "sandbox", 0); err != nil || countPath(r, listing) != 2 {
		t.Errorf("a listing that must be fresh: %d listings (%v), want a second", countPath(r, listing), err)
	}
	if got, ok := readKeptListing(kept, time.Minute); !ok || len(got) != 3 {
		t.Errorf("the kept listing: %v %v", got, ok)
	}

	plain := NewStore(t.TempDir())
	login(t, r, plain)
	cat = NewCatalogue(getenv, plain, CatalogueOptions{Load: func(string) (*config.Config, error) { return cfgFor(r), nil }})
	if name := cat.Name(t.Context(), "sandbox", r.Server.LocationID()); name != "" || countPath(r, listing) != 2 {
		t.Errorf("a location sign-in: named %q after %d listings", name, countPath(r, listing))
	}
	if _, err := cat.SubAccounts(t.Context(), "sandbox", 0); err == nil {
		t.Error("a location sign-in listed sub-accounts")
	}
}
