package main

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
	"github.com/funnelsdev/funnels/config"
)

// userAgent names us to the API.
func userAgent() string { return "funnels/" + version + " (+https://github.com/funnelsdev/funnels)" }

// openClient builds the API client of the configured profile: settings → token source →
// client. On failure it has already told the user why, and returns the exit code.
func openClient(ctx context.Context, env *cliEnv, flags config.Flags) (*client.Client, *config.Config, int) {
	cfg, store, code := loadConfigAndStore(env, flags)
	if code != exitOK {
		return nil, nil, code
	}
	transport, code := transportFor(env, flags, store.Dir())
	if code != exitOK {
		return nil, nil, code
	}
	ts, err := auth.Source(ctx, cfg, store, &http.Client{Timeout: 30 * time.Second, Transport: transport})
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		if errors.Is(err, auth.ErrLoginRequired) {
			return nil, nil, exitNoAuth
		}
		if isDiskError(err) {
			return nil, nil, exitInternal
		}
		return nil, nil, exitNoAuth
	}
	if err := config.CheckBaseURL(cfg.Profile.BaseURL); err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		return nil, nil, exitUsage
	}
	c, err := client.New(client.Options{
		BaseURL:     cfg.Profile.BaseURL,
		LocationID:  cfg.Profile.LocationID,
		TokenSource: ts,
		UserAgent:   userAgent(),
		HTTPClient:  &http.Client{Transport: transport},
		AccessStore: accessFile(cfg, store),

		MaxListItems:    cfg.MaxListItems,
		MaxListRequests: cfg.MaxListRequests,
	})
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		return nil, nil, exitUsage
	}
	return c, cfg, exitOK
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

// startDemo serves the sandbox (playing surface) on a free loopback port and signs a
// client in with its demo token, sending through transport. Close the sandbox when done.
func startDemo(transport http.RoundTripper, surface sandbox.Surface) (*demo, error) {
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{Surface: surface})
	if err != nil {
		return nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	c, err := client.New(client.Options{
		BaseURL:     sb.URL,
		LocationID:  sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
		UserAgent:   userAgent(),
		HTTPClient:  &http.Client{Transport: transport},
	})
	if err != nil {
		_ = sb.Close()
		return nil, err
	}
	return &demo{sandbox: sb, client: c}, nil
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
