package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/config"
)

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
	signedInWith tokenKind

	// keyring, when set, is the OS keyring the token store uses instead of the
	// system's (tests give a fake one; nil: auth.SystemKeyring).
	keyring auth.Keyring
}

// NewFactory is a Factory for a run with these streams and environment. version ""
// takes the one of the build (buildVersion).
func NewFactory(ios *IOStreams, getenv func(string) string, version string) *Factory {
	return &Factory{IO: ios, Getenv: getenv, Version: buildVersion(version)}
}

// UserAgent names the program to the API.
func (f *Factory) UserAgent() string {
	return "funnels/" + f.Version + " (+https://github.com/funnelsdev/funnels)"
}

// Config resolves the configuration of this run and shows its warnings. A config file
// or setting that cannot be used is a usage error (exit 2).
func (f *Factory) Config() (*config.Config, error) {
	cfg, err := config.Load(f.Getenv, f.Flags)
	if err != nil {
		return nil, &usageError{msg: err.Error()}
	}
	for _, w := range cfg.Warnings {
		fmt.Fprintf(f.IO.ErrOut, "funnels: warning: %s\n", w)
	}
	f.profile = cfg.Profile.Name
	return cfg, nil
}

// Store is the token store under the XDG state home, with the OS keyring where there
// is one (--insecure-storage or FUNNELS_INSECURE_STORAGE: the file only).
func (f *Factory) Store() (*auth.Store, error) {
	open := auth.OpenStore
	if f.keyring != nil {
		open = func(getenv func(string) string, preferFile bool) (*auth.Store, error) {
			return auth.OpenStoreWith(getenv, auth.StoreOptions{Keyring: f.keyring, PreferFile: preferFile})
		}
	}
	store, err := open(f.Getenv, f.Flags.InsecureStorage)
	if err != nil {
		return nil, fmt.Errorf("token store: %w", err)
	}
	return store, nil
}

// configAndStore is Config and Store together.
func (f *Factory) configAndStore() (*config.Config, *auth.Store, error) {
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

// Client is the API client of the configured profile, signed in. needLocation refuses
// to go on without a location id, which every location-scoped operation needs.
func (f *Factory) Client(ctx context.Context, needLocation bool) (*client.Client, error) {
	c, _, err := f.profileClient(ctx, needLocation, nil)
	return c, err
}

// profileClient is Client and the configuration it was built from; tune, when not
// nil, adjusts the client's options first.
func (f *Factory) profileClient(ctx context.Context, needLocation bool, tune func(*client.Options)) (*client.Client, *config.Config, error) {
	c, cfg, err := f.tunedClient(ctx, tune)
	if err != nil {
		return nil, nil, err
	}
	loc := c.LocationID()
	if needLocation && loc == "" {
		return nil, nil, usagef("no location: pass --location ID, set FUNNELS_LOCATION_ID, or sign in with '%s --location ID'", auth.LoginCommand(cfg.Profile.Name, false))
	}
	if loc != "" {
		if _, err := validate.ID("locationId", loc); err != nil {
			return nil, nil, validate.Relabel(err, "location id")
		}
	}
	return c, cfg, nil
}

// tunedClient builds the API client of the configured profile (settings → token
// source → client), its options adjusted by tune (nil: none).
func (f *Factory) tunedClient(ctx context.Context, tune func(*client.Options)) (*client.Client, *config.Config, error) {
	cfg, store, err := f.configAndStore()
	if err != nil {
		return nil, nil, err
	}
	transport, err := f.transport(store.Dir())
	if err != nil {
		return nil, nil, err
	}
	c, err := f.openClient(ctx, cfg, store, transport, tune)
	if err != nil {
		return nil, nil, err
	}
	return c, cfg, nil
}

// openClient signs a client of cfg's profile in through store, sending through
// transport; tune, when not nil, adjusts its options first.
func (f *Factory) openClient(ctx context.Context, cfg *config.Config, store *auth.Store, transport http.RoundTripper, tune func(*client.Options)) (*client.Client, error) {
	ts, err := auth.Source(ctx, cfg, store, &http.Client{Timeout: 30 * time.Second, Transport: transport})
	if err != nil {
		if errors.Is(err, auth.ErrLoginRequired) || isDiskError(err) || errors.Is(err, auth.ErrNoSubAccount) {
			return nil, err
		}
		return nil, withExitCode(ExitAuth, err)
	}
	if err := config.CheckBaseURL(cfg.Profile.BaseURL); err != nil {
		return nil, usagef("%v", err)
	}
	f.signedInWith = tokenKindOf(cfg)
	opts := client.Options{
		BaseURL:     cfg.Profile.BaseURL,
		LocationID:  cfg.Profile.LocationID,
		TokenSource: ts,
		UserAgent:   f.UserAgent(),
		APIVersion:  cfg.APIVersion,
		HTTPClient:  &http.Client{Transport: transport},
		AccessStore: accessStore(cfg, store),
		ReadOnly:    cfg.ReadOnly,

		MaxListItems:    cfg.MaxListItems,
		MaxListRequests: cfg.MaxListRequests,
	}
	if tune != nil {
		tune(&opts)
	}
	c, err := client.New(opts)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return c, nil
}

// AnonymousClient is a client with no token, for the conversion event: it works with
// no sign-in at all. The base URL still comes from flags, environment, config file and
// a saved login, in that order.
func (f *Factory) AnonymousClient() (*client.Client, error) {
	cfg, store, err := f.configAndStore()
	if err != nil {
		return nil, err
	}
	_ = auth.Complete(cfg, store) // a saved login may know the base URL; a broken one is no obstacle here
	if err := config.CheckBaseURL(cfg.Profile.BaseURL); err != nil {
		return nil, usagef("%v", err)
	}
	transport, err := f.transport(store.Dir())
	if err != nil {
		return nil, err
	}
	c, err := client.New(client.Options{
		BaseURL:    cfg.Profile.BaseURL,
		LocationID: cfg.Profile.LocationID,
		HTTPClient: &http.Client{Timeout: 30 * time.Second, Transport: transport},
		UserAgent:  f.UserAgent(),
		APIVersion: cfg.APIVersion,
		ReadOnly:   cfg.ReadOnly,
	})
	if err != nil {
		return nil, usagef("%v", err)
	}
	return c, nil
}

// transport is the HTTP transport of API and token calls: the default one, or one
// that also writes the debug log (in stateDir) when --debug or FUNNELS_DEBUG asks.
func (f *Factory) transport(stateDir string) (http.RoundTripper, error) {
	debug, err := debugWanted(f.Getenv, f.Flags)
	if err != nil {
		return nil, err
	}
	if !debug {
		return http.DefaultTransport, nil
	}
	file, err := openDebugLog(stateDir)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(f.IO.ErrOut, "funnels: writing a debug log to %s (Authorization redacted)\n", file.Name())
	return newDebugTransport(http.DefaultTransport, file), nil
}

// Demo is the embedded sandbox and a client signed in to it: what `funnels --demo`
// browses. Close it when done.
type Demo struct {
	Sandbox *sandbox.Running
	Client  *client.Client
}

// Close stops the sandbox.
func (d *Demo) Close() error { return d.Sandbox.Close() }

// StartDemo serves the sandbox (playing surface) on a free loopback port and signs a
// client in with its demo token, sending through transport (nil: the default one);
// readOnly makes the client refuse every write.
func StartDemo(transport http.RoundTripper, userAgent string, surface sandbox.Surface, readOnly bool) (*Demo, error) {
	return startDemo(transport, userAgent, surface, readOnly, client.DefaultAPIVersion)
}

// startDemo is StartDemo with the Version header the client sends.
func startDemo(transport http.RoundTripper, userAgent string, surface sandbox.Surface, readOnly bool, version string) (*Demo, error) {
	if transport == nil {
		transport = http.DefaultTransport
	}
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{Surface: surface})
	if err != nil {
		return nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	c, err := client.New(client.Options{
		BaseURL:     sb.URL,
		LocationID:  sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
		UserAgent:   userAgent,
		APIVersion:  version,
		HTTPClient:  &http.Client{Transport: transport},
		ReadOnly:    readOnly,
	})
	if err != nil {
		_ = sb.Close()
		return nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	return &Demo{Sandbox: sb, Client: c}, nil
}

// accessStore keeps the access record of the profile; a token given without a
// profile keeps it for the run only (nil), never in the files of "default".
func accessStore(cfg *config.Config, store *auth.Store) client.AccessStore {
	if cfg.TokenOnly() {
		return nil
	}
	return accessFile(cfg, store)
}

// accessFile is where the profile's access record is kept: beside its token, tied to
// the API, the location and, for a token given by flag or environment, that token (by
// a short hash), so a record never outlives what it was learned with.
func accessFile(cfg *config.Config, store *auth.Store) client.AccessFile {
	key := cfg.Profile.BaseURL + " " + cfg.Profile.LocationID
	if cfg.Token != "" {
		sum := sha256.Sum256([]byte(cfg.Token))
		key += " token:" + hex.EncodeToString(sum[:4])
	}
	return client.AccessFile{Path: store.AccessPath(cfg.Profile.Name), Key: key}
}
