package cli

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

// The browser's switchers (ui.Switcher): the profiles and agency sub-accounts of the
// configuration, and the sandbox's gyms for --demo.

// profileSwitcher lets the browser switch between the profiles and the sub-accounts
// of agency profiles. It lists them through auth and opens each as `funnels --profile
// NAME [--location ID]` would, with the session's --readonly, --insecure-storage and
// --debug. A client opened once is handed out again: it keeps its own pacer and
// rate-limit state; all share the transport.
type profileSwitcher struct {
	f         *Factory
	session   config.Flags // only the flags that hold for every account
	store     *auth.Store
	transport http.RoundTripper

	mu     sync.Mutex
	opened map[string]ui.Opened
	names  map[string]string // sub-account names from the last list, by account name
}

// closeIndexes closes the local indexes opened for the accounts (a session-only one,
// with --no-cache, is removed).
func (s *profileSwitcher) closeIndexes() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, o := range s.opened {
		if o.Index != nil {
			_ = o.Index.Close()
		}
	}
}

func newProfileSwitcher(f *Factory, store *auth.Store, transport http.RoundTripper) *profileSwitcher {
	session := config.Flags{ReadOnly: f.Flags.ReadOnly, InsecureStorage: f.Flags.InsecureStorage, Debug: f.Flags.Debug}
	return &profileSwitcher{f: f, session: session, store: store, transport: transport,
		opened: map[string]ui.Opened{}, names: map[string]string{}}
}

// keep remembers the client the browser starts with.
func (s *profileSwitcher) keep(name string, o ui.Opened) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.opened[name] = o
}

func (s *profileSwitcher) httpClient() *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: s.transport}
}

// load resolves a profile's configuration with the session's flags.
func (s *profileSwitcher) load(profile, location string) (*config.Config, error) {
	f := s.session
	f.Profile, f.Location = profile, location
	return config.Load(s.f.Getenv, f)
}

func (s *profileSwitcher) List(ctx context.Context) ([]ui.Account, error) {
	accounts, err := auth.Accounts(ctx, s.f.Getenv, s.store, s.httpClient(), func(p string) (*config.Config, error) { return s.load(p, "") })
	out := make([]ui.Account, 0, len(accounts))
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range accounts {
		out = append(out, ui.Account{Name: a.Name, Profile: a.Profile, Location: a.LocationID, LocationName: a.LocationName,
			Kind: a.Kind, Expiry: a.Expiry, ReadOnly: a.ReadOnly || s.session.ReadOnly})
		if a.LocationName != "" {
			s.names[a.Name] = a.LocationName
		}
	}
	return out, err
}

func (s *profileSwitcher) Open(ctx context.Context, name string) (ui.Opened, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.opened[name]; ok {
		return o, nil
	}
	profile, location := auth.SplitAccountName(name)
	cfg, err := s.load(profile, location)
	if err != nil {
		return ui.Opened{}, err
	}
	c, err := s.f.openClient(ctx, cfg, s.store, s.transport, nil)
	if err != nil {
		return ui.Opened{}, err
	}
	label := profile
	if n := s.names[name]; n != "" {
		label = profile + " / " + n
	}
	o := ui.Opened{Client: c, Profile: label, UserID: userOf(s.store, profile)}
	if cfg.Profile.LocationID != "" {
		if o.Index, err = s.f.indexStore(cfg); err != nil {
			return ui.Opened{}, err
		}
	}
	s.opened[name] = o
	return o, nil
}

// userOf is the user a profile's OAuth sign-in was issued to ("" when unknown).
func userOf(store *auth.Store, profile string) string {
	t, err := store.Load(profile)
	if err != nil {
		return ""
	}
	return t.UserID
}

// demoSwitcher switches between the sub-accounts of the embedded sandbox's agency,
// each with its own static token and client, for `funnels --demo`.
type demoSwitcher struct {
	sb        *sandbox.Running
	transport http.RoundTripper
	readOnly  bool
	userAgent string
	version   string // the Version header

	mu      sync.Mutex
	opened  map[string]*client.Client
	indexes map[string]*index.Store // each gym's session index
}

// closeIndexes removes the gyms' session indexes.
func (s *demoSwitcher) closeIndexes() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, idx := range s.indexes {
		_ = idx.Close()
	}
}

// demoAccount names a sub-account of the demo in the switcher.
func demoAccount(id string) string { return "demo/" + id }

func (s *demoSwitcher) List(context.Context) ([]ui.Account, error) {
	var out []ui.Account
	for _, sub := range s.sb.Server.SubAccounts() {
		if sub.Installed {
			out = append(out, ui.Account{Name: demoAccount(sub.ID), Profile: "demo", Location: sub.ID, LocationName: sub.Name,
				Kind: "demo", ReadOnly: s.readOnly})
		}
	}
	return out, nil
}

func (s *demoSwitcher) Open(_ context.Context, name string) (ui.Opened, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sub := range s.sb.Server.SubAccounts() {
		if demoAccount(sub.ID) != name || !sub.Installed {
			continue
		}
		c := s.opened[name]
		if c == nil {
			var err error
			c, err = client.New(client.Options{
				BaseURL: s.sb.URL, LocationID: sub.ID, UserAgent: s.userAgent, ReadOnly: s.readOnly, APIVersion: s.version,
				TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sub.DemoToken}),
				HTTPClient:  &http.Client{Transport: s.transport},
			})
			if err != nil {
				return ui.Opened{}, err
			}
			s.opened[name] = c
		}
		idx := s.indexes[name]
		if idx == nil {
			var err error
			if idx, err = index.OpenTemp(index.KeyOf(s.sb.URL, sub.ID)); err != nil {
				return ui.Opened{}, err
			}
			s.indexes[name] = idx
		}
		return ui.Opened{Client: c, Profile: "demo / " + sub.Name, UserID: s.sb.Server.UserID(), Index: idx}, nil
	}
	return ui.Opened{}, fmt.Errorf("the demo has no sub-account %q", name)
}
