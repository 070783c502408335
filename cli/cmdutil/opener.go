package cmdutil

import (
	"context"
	"net/http"
	"sync"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

// opener lists the accounts a browser can switch between and opens them by name: the
// profiles and agency sub-accounts of the configuration (profileOpener), or the
// sandbox's gyms for --demo (demoOpener). It is the browser's ui.Switcher; Close
// closes the indexes of what it opened.
type opener interface {
	ui.Switcher
	Close()
}

// OpenedAccounts hands an account opened once out again: its client keeps its own
// pacer and rate-limit state, its index stays open until Close.
type OpenedAccounts struct {
	mu     sync.Mutex
	byName map[string]ui.Opened
}

// Get is the account called name, opened by open the first time it is asked for.
func (a *OpenedAccounts) Get(name string, open func() (ui.Opened, error)) (ui.Opened, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if o, ok := a.byName[name]; ok {
		return o, nil
	}
	o, err := open()
	if err != nil {
		return ui.Opened{}, err
	}
	if a.byName == nil {
		a.byName = map[string]ui.Opened{}
	}
	a.byName[name] = o
	return o, nil
}

// Close closes the local indexes of the accounts opened (a session-only one is
// removed).
func (a *OpenedAccounts) Close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, o := range a.byName {
		if o.Index != nil {
			_ = o.Index.Close()
		}
	}
}

// ProfileOpener opens the profiles and the sub-accounts of agency profiles, each as
// `funnels --profile NAME [--location ID]` would, with the run's --readonly,
// --insecure-storage and --debug; all share the transport.
type ProfileOpener struct {
	f         *Factory
	flags     config.Flags // only the flags that hold for every account
	store     *auth.Store
	transport http.RoundTripper
	OpenedAccounts

	catMu sync.Mutex
	cat   *auth.Catalogue // the accounts as the last List found them: what Open names them by
}

func NewProfileOpener(f *Factory, store *auth.Store, transport http.RoundTripper) *ProfileOpener {
	flags := config.Flags{ReadOnly: f.Flags.ReadOnly, InsecureStorage: f.Flags.InsecureStorage, Debug: f.Flags.Debug}
	o := &ProfileOpener{f: f, flags: flags, store: store, transport: transport}
	o.cat = o.newCatalogue()
	return o
}

// newCatalogue is a catalogue of the accounts that lists the agencies afresh.
func (o *ProfileOpener) newCatalogue() *auth.Catalogue {
	return o.f.Catalogue(o.store, o.transport, o.flags)
}

// catalogue is the catalogue of the last List.
func (o *ProfileOpener) catalogue() *auth.Catalogue {
	o.catMu.Lock()
	defer o.catMu.Unlock()
	return o.cat
}

// load resolves an account's configuration with the run's flags and the account's
// saved login. Its warnings are not shown: the browser holds the terminal.
func (o *ProfileOpener) load(profile, location string) (*config.Config, error) {
	f := o.flags
	f.Profile, f.Location = profile, location
	return config.LoadSignedIn(o.f.Getenv, f, o.store)
}

// List lists the accounts as they are now: every agency is listed again.
func (o *ProfileOpener) List(ctx context.Context) ([]ui.Account, error) {
	cat := o.newCatalogue()
	accounts, err := cat.Accounts(ctx)
	o.catMu.Lock()
	o.cat = cat
	o.catMu.Unlock()
	out := make([]ui.Account, 0, len(accounts))
	for _, a := range accounts {
		out = append(out, ui.Account{Name: a.Name, Profile: a.Profile, Location: a.LocationID, LocationName: a.LocationName,
			Kind: a.Kind, Expiry: a.Expiry, ReadOnly: a.ReadOnly || o.flags.ReadOnly})
	}
	return out, err
}

func (o *ProfileOpener) Open(ctx context.Context, name string) (ui.Opened, error) {
	return o.Get(name, func() (ui.Opened, error) {
		profile, location := auth.SplitAccountName(name)
		cfg, err := o.load(profile, location)
		if err != nil {
			return ui.Opened{}, err
		}
		s, err := o.f.openSession(ctx, cfg, o.store, o.transport, nil)
		if err != nil {
			return ui.Opened{}, err
		}
		s.Label = o.Label(ctx, profile, location)
		return s.Opened()
	})
}

// Label names an account for the status bar: the profile, and for a sub-account of
// an agency sign-in "PROFILE / its name" (the catalogue's, as the last List found it).
func (o *ProfileOpener) Label(ctx context.Context, profile, location string) string {
	if n := o.catalogue().Name(ctx, profile, location); n != "" {
		return profile + " / " + n
	}
	return profile
}
