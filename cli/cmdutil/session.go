package cmdutil

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

// Session is one account opened: its configuration (the saved login a layer of it),
// a client signed in to it, the name a person knows it by, and the way to its local
// index. Every command that calls the API, the browser and its switcher get theirs
// from openSession, so an account is assembled in one place.
type Session struct {
	Client *client.Client
	Config *config.Config
	// Label names the sign-in for a person: the profile, "PROFILE / sub-account"
	// in the switcher, or for a token given without a profile where it came from.
	Label string

	UserIDOf    func() string
	IndexOpener func() (*index.Store, error)
	// redirects is where the location's bulk redirect files live (nil: nowhere).
	Redirects func() (redirectplan.State, error)

	// store and transport are what a profile's session was opened through, for the
	// browser's opener of the other accounts (nil for the demo's).
	Store     *auth.Store
	Transport http.RoundTripper
}

// UserID is the user an OAuth sign-in was issued to ("" for a private token, a token
// given without a profile, or when unknown): new folders are created in its name.
func (s *Session) UserID() string {
	if s.UserIDOf == nil {
		return ""
	}
	return s.UserIDOf()
}

// OpenIndex opens the local index of the session's location (the caller closes it).
func (s *Session) OpenIndex() (*index.Store, error) { return s.IndexOpener() }

// Opened is the session as the browser holds an account, with its index when it has
// a location (an index is kept per location).
func (s *Session) Opened() (ui.Opened, error) {
	o := ui.Opened{Client: s.Client, Profile: s.Label, UserID: s.UserID()}
	if s.Client.LocationID() != "" {
		idx, err := s.OpenIndex()
		if err != nil {
			return ui.Opened{}, err
		}
		o.Index = idx
		if s.Redirects != nil {
			if o.Redirects, err = s.Redirects(); err != nil {
				return ui.Opened{}, err
			}
		}
	}
	return o, nil
}

// Session opens the account this run names (flags, environment, config file, saved
// login), signed in. needLocation refuses to go on without a location id, which every
// location-scoped operation needs.
func (f *Factory) Session(ctx context.Context, needLocation bool) (*Session, error) {
	return f.SessionWith(ctx, needLocation, nil)
}

// SessionWith is Session with the client's options adjusted by tune first (nil: none).
func (f *Factory) SessionWith(ctx context.Context, needLocation bool, tune func(*client.Options)) (*Session, error) {
	if f.Held != nil && tune == nil {
		return f.Held, nil // opened with its location checked
	}
	s, err := f.OpenRun(ctx, tune)
	if err != nil {
		return nil, err
	}
	cfg := s.Config
	loc := s.Client.LocationID()
	if needLocation && loc == "" {
		return nil, Usagef("no location: pass --location ID, set FUNNELS_LOCATION_ID, or sign in with '%s --location ID'", auth.LoginCommand(cfg.Profile.Name, false))
	}
	if loc != "" {
		if _, err := validate.ID("locationId", loc); err != nil {
			return nil, validate.Relabel(err, "location id")
		}
	}
	return s, nil
}

// OpenRun opens the account this run names, with no check of its location.
func (f *Factory) OpenRun(ctx context.Context, tune func(*client.Options)) (*Session, error) {
	cfg, store, err := f.SignedInConfigAndStore()
	if err != nil {
		return nil, err
	}
	transport, err := f.Transport(store.Dir())
	if err != nil {
		return nil, err
	}
	return f.openSession(ctx, cfg, store, transport, tune)
}

// openSession signs a client of cfg's profile (loaded with store's saved login) in
// through store, sending through transport; tune, when not nil, adjusts its options
// first.
func (f *Factory) openSession(ctx context.Context, cfg *config.Config, store *auth.Store, transport http.RoundTripper, tune func(*client.Options)) (*Session, error) {
	return f.openSessionVia(ctx, cfg, store, transport, transport, tune)
}

// openSessionVia is openSession with the token calls (refresh, mint) sent through
// tokenTransport: a set of sub-accounts paces them as one.
func (f *Factory) openSessionVia(ctx context.Context, cfg *config.Config, store *auth.Store, transport, tokenTransport http.RoundTripper, tune func(*client.Options)) (*Session, error) {
	s, err := f.newSession(ctx, cfg, store, transport, tokenTransport, tune)
	if err == nil {
		f.SignedInWith = tokenKindOf(cfg)
	}
	return s, err
}

// newSession is openSessionVia without noting the kind of sign-in on the factory,
// so that sessions can be opened side by side.
func (f *Factory) newSession(ctx context.Context, cfg *config.Config, store *auth.Store, transport, tokenTransport http.RoundTripper, tune func(*client.Options)) (*Session, error) {
	ts, err := auth.Source(ctx, cfg, store, &http.Client{Timeout: 30 * time.Second, Transport: tokenTransport})
	if err != nil {
		if errors.Is(err, auth.ErrLoginRequired) || IsDiskError(err) || errors.Is(err, auth.ErrNoSubAccount) {
			return nil, err
		}
		return nil, WithExitCode(ExitAuth, err)
	}
	if err := config.CheckBaseURL(cfg.Profile.BaseURL); err != nil {
		return nil, Usagef("%w", err)
	}
	opts := ClientOptions(cfg, ts, &http.Client{Transport: transport}, f.UserAgent())
	opts.AccessStore = accessStore(cfg, store)
	if tune != nil {
		tune(&opts)
	}
	c, err := f.newClient(cfg, opts)
	if err != nil {
		return nil, gateError(err)
	}
	if f.Gate != nil {
		f.Gate.LocationName(opts.LocationID, func() string { return f.locationName(ctx, cfg, store, transport, c) })
	}
	f.auditLocal(store.Dir(), c)
	s := &Session{Client: c, Config: cfg, Label: cfg.Label(), Store: store, Transport: transport,
		IndexOpener: func() (*index.Store, error) { return f.IndexStore(cfg) },
		Redirects:   func() (redirectplan.State, error) { return f.RedirectsStateOf(cfg) }}
	if !cfg.TokenOnly() {
		s.UserIDOf = func() string { return userOf(store, cfg.Profile.Name) }
	}
	return s, nil
}

// userOf is the user a profile's OAuth sign-in was issued to ("" when unknown).
func userOf(store *auth.Store, profile string) string {
	t, err := store.Load(profile)
	if err != nil {
		return ""
	}
	return t.UserID
}

// SignedInConfigAndStore is the configuration of this run with the saved login of
// its profile as a layer, and the token store that holds it. A configuration that
// cannot be used is reported before a token store that cannot be opened.
func (f *Factory) SignedInConfigAndStore() (*config.Config, *auth.Store, error) {
	store, storeErr := f.Store()
	var saved config.SavedLogins
	if storeErr == nil {
		saved = store
	}
	cfg, err := f.loadConfig(saved)
	if err != nil {
		return nil, nil, err
	}
	if storeErr != nil {
		return nil, nil, storeErr
	}
	return cfg, store, nil
}
