package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/config"
)

const loginUsage = `Usage: funnels login [flags]

Signs a profile in. By default with OAuth: funnels prints an address to open in a
browser, listens on 127.0.0.1 for the redirect, and also accepts the address the
browser ends up on (or just its code) pasted at the prompt — which is how it works over
SSH. With --with-token it stores a private integration token read from standard input
instead; such a token does not name its sub-account, so --location is needed (on a
terminal, login asks for it). What login learns (base URL, token URL, client id/secret, location) is kept
with the token, so later commands need only --profile.

Examples:
  funnels login --client-id ID --client-secret SECRET --location LOCATION_ID
  funnels login --profile sandbox --base-url http://127.0.0.1:8484 --client-id sandbox-client --client-secret sandbox-secret --no-browser
  funnels login --profile staging --location LOCATION_ID --with-token < token.txt

Flags:
`

// cmdLogin signs a profile in with OAuth or stores a private integration token.
func cmdLogin(ctx context.Context, env *cliEnv, args []string) int {
	fset := flag.NewFlagSet("login", flag.ContinueOnError)
	fset.SetOutput(env.Stderr)
	var flags config.Flags
	flags.Register(fset)
	flags.RegisterLogin(fset)
	noBrowser := fset.Bool("no-browser", false, "do not open a browser; only print the address")
	withToken := fset.Bool("with-token", false, "read a private integration token from standard input and store it")
	fset.Usage = func() {
		fmt.Fprint(env.Stderr, loginUsage)
		fset.PrintDefaults()
	}
	if code, done := parseFlags(fset, args); done {
		return code
	}
	if flags.Token != "" {
		fmt.Fprintln(env.Stderr, "funnels login: --token is not stored; to store a token pipe it into `funnels login --with-token`")
		return exitUsage
	}
	cfg, store, code := loadConfigAndStore(env, flags)
	if code != exitOK {
		return code
	}
	if err := auth.Complete(cfg, store); err != nil {
		fmt.Fprintf(env.Stderr, "funnels login: ignoring the saved login (%v)\n", err)
	}
	if cfg.TokenFrom == "FUNNELS_TOKEN" {
		fmt.Fprintln(env.Stderr, "Note: FUNNELS_TOKEN is set; while it is, it is used instead of what you sign in with here.")
	}
	p := cfg.Profile
	if p.LocationID != "" {
		if _, err := auth.CheckLocationID(p.LocationID); err != nil {
			fmt.Fprintf(env.Stderr, "funnels login: --location: %v\n", err)
			return exitUsage
		}
	}

	if *withToken {
		raw, err := readToken(ctx, env)
		if err != nil {
			fmt.Fprintf(env.Stderr, "funnels login: %v\n", err)
			if ctx.Err() != nil {
				return exitNoAuth // interrupted: nothing stored
			}
			return exitUsage
		}
		if p.LocationID == "" {
			// A private integration token does not say which sub-account it is for.
			loc, err := askLocation(ctx, env)
			if err != nil {
				fmt.Fprintf(env.Stderr, "funnels login: no location (%v): a private integration token does not say which sub-account it is for; pass --location ID. Nothing was stored.\n", err)
				return noLocationExit(ctx)
			}
			p.LocationID = loc
		}
		if _, err := auth.SaveStaticToken(store, p, raw); err != nil {
			fmt.Fprintf(env.Stderr, "funnels login: %v\n", err)
			return loginExit(err)
		}
		fmt.Fprintf(env.Stderr, "Stored the private integration token for profile %q (location %s) in %s.\n", p.Name, p.LocationID, store.Path(p.Name))
		return loginReady(env, cfg, store)
	}

	var browser auth.Browser
	if !*noBrowser {
		var reason string
		if browser, reason = auth.SystemBrowser(runtime.GOOS, env.Getenv); browser == nil {
			fmt.Fprintf(env.Stderr, "Not opening a browser: %s.\n", reason)
		}
	}
	tok, err := auth.Login(ctx, auth.LoginOptions{
		Profile: p, Store: store, Paste: env.Stdin, Out: env.Stderr, Browser: browser,
	})
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels login: %v\n", err)
		return loginExit(err)
	}
	if p.LocationID != "" && tok.LocationID != "" && p.LocationID != tok.LocationID {
		fmt.Fprintf(env.Stderr, "Note: you chose location %s in the browser, not %s; using %s.\n", tok.LocationID, p.LocationID, tok.LocationID)
	}
	if tok.LocationID == "" && p.LocationID == "" {
		// An agency (Company) sign-in names no sub-account: ask, or sign nothing in.
		loc, err := askLocation(ctx, env)
		if err == nil {
			tok.LocationID = loc
			err = store.Save(p.Name, tok)
		}
		if err != nil {
			_ = store.Delete(p.Name)
			fmt.Fprintf(env.Stderr, "funnels login: no location (%v): this sign-in names no sub-account; sign in again with --location ID. Nothing was kept.\n", err)
			return noLocationExit(ctx)
		}
	}
	fmt.Fprintf(env.Stderr, "Signed in to profile %q (location %s). Token saved in %s.\n", p.Name, orNone(location(cfg, tok)), store.Path(p.Name))
	return loginReady(env, cfg, store)
}

// loginReady checks that the profile just signed in can run a command, and says
// why not when it cannot (the sign-in is kept: what is missing is beside it).
func loginReady(env *cliEnv, cfg *config.Config, store *auth.Store) int {
	if err := auth.Ready(cfg, store); err != nil {
		fmt.Fprintf(env.Stderr, "funnels login: signed in, but the profile cannot run a command yet: %v\n", err)
		return readyExit(err)
	}
	return exitOK
}

// noLocationExit is the exit code of a login left without a location: 3 when it was
// interrupted (nothing signed in), 2 otherwise (--location is missing).
func noLocationExit(ctx context.Context) int {
	if ctx.Err() != nil {
		return exitNoAuth
	}
	return exitUsage
}

// readyExit is the exit code of a profile that is not ready: 3 when it is not signed
// in, 2 when something else is missing (a location, a usable base URL).
func readyExit(err error) int {
	if errors.Is(err, auth.ErrLoginRequired) {
		return exitNoAuth
	}
	return exitUsage
}

// loginExit maps a sign-in failure to the contract's exit codes: the token endpoint
// refused → 1; missing app credentials → 2; the disk failed → 4; anything else leaves
// the user not signed in → 3.
func loginExit(err error) int {
	var te *auth.TokenEndpointError
	switch {
	case errors.Is(err, auth.ErrNoClient):
		return exitUsage
	case errors.As(err, &te):
		return exitAPI
	case isDiskError(err):
		return exitInternal
	}
	return exitNoAuth
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
