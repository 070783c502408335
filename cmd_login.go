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
instead. What login learns (base URL, token URL, client id/secret, location) is kept
with the token, so later commands need only --profile.

Examples:
  funnels login --client-id ID --client-secret SECRET --location LOCATION_ID
  funnels login --profile sandbox --base-url http://127.0.0.1:8484 --client-id sandbox-client --client-secret sandbox-secret --no-browser
  funnels login --profile staging --with-token < token.txt

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

	if *withToken {
		raw, err := readToken(ctx, env)
		if err != nil {
			fmt.Fprintf(env.Stderr, "funnels login: %v\n", err)
			if ctx.Err() != nil {
				return exitNoAuth // interrupted: nothing stored
			}
			return exitUsage
		}
		if _, err := auth.SaveStaticToken(store, p, raw); err != nil {
			fmt.Fprintf(env.Stderr, "funnels login: %v\n", err)
			return loginExit(err)
		}
		fmt.Fprintf(env.Stderr, "Stored the private integration token for profile %q in %s.\n", p.Name, store.Path(p.Name))
		return exitOK
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
	fmt.Fprintf(env.Stderr, "Signed in to profile %q (location %s). Token saved in %s.\n", p.Name, orNone(tok.LocationID), store.Path(p.Name))
	return exitOK
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
