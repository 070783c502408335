package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/config"
)

// userAgent names us to the API.
func userAgent() string { return "funnels/" + version + " (+https://github.com/funnelsdev/funnels)" }

// openClient builds the API client of the configured profile: settings → token source →
// client. On failure it has already told the user why, and returns the exit code.
func openClient(ctx context.Context, env *cliEnv, flags config.Flags) (*client.Client, *config.Config, int) {
	c, cfg, _, _, code := openClientWith(ctx, env, flags)
	return c, cfg, code
}

// openClientWith is openClient, also handing back the token store and the transport
// (the browser's switcher opens other profiles with them).
func openClientWith(ctx context.Context, env *cliEnv, flags config.Flags) (*client.Client, *config.Config, *auth.Store, http.RoundTripper, int) {
	fail := func(code int) (*client.Client, *config.Config, *auth.Store, http.RoundTripper, int) {
		return nil, nil, nil, nil, code
	}
	cfg, store, code := loadConfigAndStore(env, flags)
	if code != exitOK {
		return fail(code)
	}
	transport, code := transportFor(env, flags, store.Dir())
	if code != exitOK {
		return fail(code)
	}
	ts, err := auth.Source(ctx, cfg, store, &http.Client{Timeout: 30 * time.Second, Transport: transport})
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		if errors.Is(err, auth.ErrLoginRequired) {
			return fail(exitNoAuth)
		}
		if errors.Is(err, auth.ErrNoSubAccount) {
			return fail(exitUsage)
		}
		if isDiskError(err) {
			return fail(exitInternal)
		}
		return fail(exitNoAuth)
	}
	if err := config.CheckBaseURL(cfg.Profile.BaseURL); err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		return fail(exitUsage)
	}
	c, err := newAPIClient(cfg, ts, transport)
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		return fail(exitUsage)
	}
	return c, cfg, store, transport, exitOK
}

// newAPIClient is the client of cfg's profile and location, signed in by ts.
func newAPIClient(cfg *config.Config, ts auth.TokenSource, transport http.RoundTripper) (*client.Client, error) {
	return client.New(client.Options{
		BaseURL:     cfg.Profile.BaseURL,
		LocationID:  cfg.Profile.LocationID,
		TokenSource: ts,
		UserAgent:   userAgent(),
		HTTPClient:  &http.Client{Transport: transport},
		ReadOnly:    cfg.ReadOnly,

		MaxListItems:    cfg.MaxListItems,
		MaxListRequests: cfg.MaxListRequests,
	})
}

// demo is the embedded sandbox and a client signed in to it, for `funnels --demo`.
type demo struct {
	sandbox *sandbox.Running
	client  *client.Client
}

// transportFor is the HTTP transport of API and token calls: the default one, or one
// that also writes the debug log (in stateDir) when --debug or FUNNELS_DEBUG asks.
func transportFor(env *cliEnv, flags config.Flags, stateDir string) (http.RoundTripper, int) {
	if !debugWanted(env, flags) {
		return http.DefaultTransport, exitOK
	}
	f, err := openDebugLog(stateDir)
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		return nil, exitInternal
	}
	fmt.Fprintf(env.Stderr, "funnels: writing a debug log to %s (Authorization redacted)\n", f.Name())
	return newDebugTransport(http.DefaultTransport, f), exitOK
}

// startDemo serves the sandbox on a free loopback port and signs a client in with its
// demo token, sending through transport (read-only if asked). Close the sandbox when
// done.
func startDemo(transport http.RoundTripper, readOnly bool) (*demo, error) {
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{})
	if err != nil {
		return nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	c, err := client.New(client.Options{
		BaseURL:     sb.URL,
		LocationID:  sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
		UserAgent:   userAgent(),
		HTTPClient:  &http.Client{Transport: transport},
		ReadOnly:    readOnly,
	})
	if err != nil {
		_ = sb.Close()
		return nil, err
	}
	return &demo{sandbox: sb, client: c}, nil
}
