package cmdutil

import (
	"fmt"
	"net/http"
	"sync"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// ResolvedConfig is the configuration of this run completed with the saved login,
// as the commands that call the API see it.
func (f *Factory) ResolvedConfig() (*config.Config, error) {
	cfg, _, err := f.SignedInConfigAndStore()
	if err != nil {
		return nil, err
	}
	if cfg.SavedLoginErr != nil {
		f.Notice("funnels: ignoring the saved login of %q (%s)", cfg.Profile.Name, termtext.Line(cfg.SavedLoginErr.Error()))
	}
	return cfg, nil
}

// Factory is what every command gets instead of reaching for globals: the streams,
// the environment, the global flags as parsed, and the ways to the configuration, the
// token store and the API client built from them. Tests build one with their own
// streams and environment (NewFactory).
type Factory struct {
	IO      *IOStreams
	Getenv  func(string) string
	Version string // what --version prints

	// Flags are the global flags (--base-url, --token, --location, --profile,
	// --api-version, --debug, --readonly, --insecure-storage, --no-cache), filled by the parse; the login flags
	// are added to it by `funnels login`.
	Flags config.Flags

	// profile is the profile this run resolved (set by Config), for the hints of
	// its errors; "" before then.
	profile string

	// signedInWith is the kind of token the last client opened signs in with, for
	// advice after a refused scope.
	SignedInWith tokenKind

	// keyring, when set, is the OS keyring the token store uses instead of the
	// system's (tests give a fake one; nil: auth.SystemKeyring).
	Keyring auth.Keyring

	// held, when set, is the account every Session call hands out instead of
	// opening it again: a long-running server (funnels mcp) opens it once, so all
	// its calls share one client and its pacing.
	Held *Session

	// OwnSignIn keeps a run across a set to what the run's sign-in reaches (an
	// assistant's): a member under another profile fails with the reason, and no
	// other sign-in is used.
	OwnSignIn bool

	// Gate, when set, hands out the run's clients and indexes and refuses what the
	// person running was not granted: the team server's sessions (nil: a local run).
	Gate Gate

	// conns is the run's one HTTP transport, shared by a copy of the Factory too.
	conns *runTransport
}

// runTransport is a run's HTTP transport, made on first use, and why the authorities
// it was to trust besides the system's could not be read (trust.go).
type runTransport struct {
	once sync.Once
	t    *http.Transport
	err  error
}

// NewFactory is a Factory for a run with these streams and environment. version ""
// takes the one of the build (buildVersion).
func NewFactory(ios *IOStreams, getenv func(string) string, version string) *Factory {
	return &Factory{IO: ios, Getenv: getenv, Version: buildVersion(version), conns: &runTransport{}}
}

// UserAgent names the program to the API.
func (f *Factory) UserAgent() string {
	return "funnels/" + f.Version + " (+https://github.com/funnelsdev/funnels)"
}

// Config resolves the configuration of this run as given (file, environment, flags),
// without a saved login, and shows its warnings. A config file or setting that cannot
// be used is a usage error (exit 2).
func (f *Factory) Config() (*config.Config, error) { return f.loadConfig(nil) }

// loadConfig is Config with saved (nil: none) as the layer above the defaults.
func (f *Factory) loadConfig(saved config.SavedLogins) (*config.Config, error) {
	var cfg *config.Config
	var err error
	if saved != nil {
		cfg, err = config.LoadSignedIn(f.Getenv, f.Flags, saved)
	} else {
		cfg, err = config.Load(f.Getenv, f.Flags)
	}
	if err != nil {
		return nil, AsUsage(err)
	}
	for _, w := range cfg.Warnings {
		f.Notice("funnels: warning: %s", w)
	}
	f.profile = cfg.Profile.Name
	return cfg, nil
}

// Store is the token store under the XDG state home, with the OS keyring where there
// is one (--insecure-storage or FUNNELS_INSECURE_STORAGE: the file only).
func (f *Factory) Store() (*auth.Store, error) {
	open := auth.OpenStore
	if f.Keyring != nil {
		open = func(getenv func(string) string, preferFile bool) (*auth.Store, error) {
			return auth.OpenStoreWith(getenv, auth.StoreOptions{Keyring: f.Keyring, PreferFile: preferFile})
		}
	}
	store, err := open(f.Getenv, f.Flags.InsecureStorage)
	if err != nil {
		return nil, fmt.Errorf("token store: %w", err)
	}
	return store, nil
}

// ConfigAndStore is Config and Store together: for commands that work on the
// profile's files, not its sign-in.
func (f *Factory) ConfigAndStore() (*config.Config, *auth.Store, error) {
	cfg, err := f.Config()
	if err != nil {
		return nil, nil, err
	}
	store, err := f.Store()
	if err != nil {
		return nil, nil, err
	}
	return cfg, store, nil
}

// Transport is the HTTP transport of API and token calls: the run's (BaseTransport),
// or one that also writes the debug log (in stateDir) when --debug or FUNNELS_DEBUG
// asks.
func (f *Factory) Transport(stateDir string) (http.RoundTripper, error) {
	debug, err := DebugWanted(f.Getenv, f.Flags)
	if err != nil {
		return nil, err
	}
	base, err := f.runTransport()
	if err != nil {
		return nil, err
	}
	if !debug {
		return base, nil
	}
	file, err := openDebugLog(stateDir)
	if err != nil {
		return nil, err
	}
	f.Notice("funnels: writing a debug log to %s (Authorization redacted)", file.Name())
	return newDebugTransport(base, file), nil
}

// BaseTransport is the run's one HTTP transport (runTransport), for the demo, which
// talks to its own sandbox over plain HTTP: a file of authorities that cannot be read
// is said by Transport, not here.
func (f *Factory) BaseTransport() http.RoundTripper {
	t, _ := f.runTransport()
	return t
}

// runTransport is the run's one HTTP transport (client.NewTransport), made on first
// use: every client of the run keeps its connections in one pool, sized to a crawl.
// It trusts the authorities of the CA file the run names besides the system's
// (trustedCAs). A Factory not made by NewFactory has none and uses the default
// transport.
func (f *Factory) runTransport() (http.RoundTripper, error) {
	if f.conns == nil {
		return http.DefaultTransport, nil
	}
	f.conns.once.Do(func() {
		t := client.NewTransport()
		cas, err := f.trustedCAs()
		client.TrustCertificates(t, cas)
		f.conns.t, f.conns.err = t, err
	})
	return f.conns.t, f.conns.err
}
