package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"text/tabwriter"
	"time"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/config"
)

const logoutUsage = `Usage: funnels logout [--profile NAME]

Deletes the stored token of a profile (and with it what login remembered).

Example:
  funnels logout --profile sandbox

Flags:
`

// cmdLogout deletes a profile's stored token.
func cmdLogout(_ context.Context, env *cliEnv, args []string) int {
	fset := flag.NewFlagSet("logout", flag.ContinueOnError)
	fset.SetOutput(env.Stderr)
	var flags config.Flags
	flags.Register(fset)
	fset.Usage = func() { fmt.Fprint(env.Stderr, logoutUsage); fset.PrintDefaults() }
	if code, done := parseFlags(fset, args); done {
		return code
	}
	cfg, store, code := loadConfigAndStore(env, flags)
	if code != exitOK {
		return code
	}
	name := cfg.Profile.Name
	err := store.Delete(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(env.Stderr, "Profile %q was not signed in; nothing to delete.\n", name)
	case err != nil:
		fmt.Fprintf(env.Stderr, "funnels logout: %v\n", err)
		return exitInternal
	default:
		fmt.Fprintf(env.Stderr, "Signed out of profile %q; deleted %s.\n", name, store.Path(name))
	}
	if cfg.TokenFrom == "FUNNELS_TOKEN" {
		fmt.Fprintln(env.Stderr, "Note: FUNNELS_TOKEN is still set in your environment and will still be used.")
	}
	return exitOK
}

const authUsage = `Usage: funnels auth status [--profile NAME]

Shows how a profile signs in: profile, location, kind of token, expiry and the token
file. Never the token itself. Nothing is sent to the server.

Example:
  funnels auth status --profile sandbox
`

// cmdAuth groups the sign-in subcommands that are not login and logout.
func cmdAuth(ctx context.Context, env *cliEnv, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, authUsage)
		return exitUsage
	}
	switch args[0] {
	case "status":
		return cmdAuthStatus(ctx, env, args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Fprint(env.Stdout, authUsage)
		return exitOK
	}
	fmt.Fprintf(env.Stderr, "funnels auth: unknown subcommand %q\n\n%s", args[0], authUsage)
	return exitUsage
}

// cmdAuthStatus prints the profile's sign-in to stdout; exit 3 when it has none.
func cmdAuthStatus(_ context.Context, env *cliEnv, args []string) int {
	fset := flag.NewFlagSet("auth status", flag.ContinueOnError)
	fset.SetOutput(env.Stderr)
	var flags config.Flags
	flags.Register(fset)
	fset.Usage = func() { fmt.Fprint(env.Stderr, authUsage+"\nFlags:\n"); fset.PrintDefaults() }
	if code, done := parseFlags(fset, args); done {
		return code
	}
	cfg, store, code := loadConfigAndStore(env, flags)
	if code != exitOK {
		return code
	}
	name, path := cfg.Profile.Name, store.Path(cfg.Profile.Name)
	tok, loadErr := store.Load(name)
	if loadErr == nil {
		loadErr = auth.Complete(cfg, store)
	}

	w := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	defer w.Flush()
	row := func(k, v string) { fmt.Fprintf(w, "%s:\t%s\n", k, v) }
	row("Profile", name)
	row("Location", orNone(location(cfg, tok)))
	row("Base URL", cfg.Profile.BaseURL)
	switch {
	case cfg.Token != "":
		row("Token", "static, from "+cfg.TokenFrom+" (a stored login, if any, is not used)")
		row("Expires", "unknown (not checked with the server)")
	case loadErr != nil:
		row("Token", "none")
	case tok.Kind == auth.KindPIT:
		row("Token", "private integration token")
		row("Expires", "never (revoke it in the sub-account's settings)")
	default:
		row("Token", "OAuth access token with refresh token")
		row("Expires", expiry(tok.Expiry, time.Now()))
		if tok.Scope != "" {
			row("Scopes", tok.Scope)
		}
	}
	if loadErr == nil {
		row("File", path)
	} else {
		row("File", path+" (none)")
	}
	if cfg.Token != "" || loadErr == nil {
		// Signed in (or given a token): can it run a command, too?
		if err := auth.Ready(cfg, store); err != nil {
			w.Flush()
			fmt.Fprintf(env.Stderr, "Cannot run commands: %v.\n", err)
			return readyExit(err)
		}
		return exitOK
	}
	if loadErr != nil {
		w.Flush()
		if errors.Is(loadErr, fs.ErrNotExist) {
			fmt.Fprintf(env.Stderr, "Not signed in: run `%s`.\n", auth.LoginCommand(name, cfg.Profile.AuthKind == config.AuthToken))
		} else {
			fmt.Fprintf(env.Stderr, "funnels auth status: %v\n", loadErr)
		}
		if errors.Is(loadErr, auth.ErrLoginRequired) {
			return exitNoAuth
		}
		return exitInternal
	}
	return exitOK
}

func location(cfg *config.Config, tok *auth.Token) string {
	if cfg.Profile.LocationID != "" {
		return cfg.Profile.LocationID
	}
	if tok != nil {
		return tok.LocationID
	}
	return ""
}

// expiry says when an access token runs out, and that this is no problem.
func expiry(at, now time.Time) string {
	if at.IsZero() {
		return "not given by the server"
	}
	stamp := at.Local().Format("2006-01-02 15:04 MST")
	if d := at.Sub(now).Round(time.Minute); d > 0 {
		return fmt.Sprintf("%s (in %s; refreshed automatically)", stamp, shortDuration(d))
	}
	return fmt.Sprintf("%s (expired; refreshed on next use)", stamp)
}

func shortDuration(d time.Duration) string {
	s := d.String()
	if len(s) > 2 && s[len(s)-2:] == "0s" {
		s = s[:len(s)-2]
	}
	return s
}

// parseFlags parses args; done says the command ends here with code (help: 0; bad
// flags or stray arguments: 2).
func parseFlags(fset *flag.FlagSet, args []string) (code int, done bool) {
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, true
		}
		return exitUsage, true
	}
	if fset.NArg() > 0 {
		fmt.Fprintf(fset.Output(), "funnels %s: unexpected argument %q\n", fset.Name(), fset.Arg(0))
		return exitUsage, true
	}
	return exitOK, false
}

// loadConfigAndStore resolves the configuration (showing its warnings) and opens the
// token store.
func loadConfigAndStore(env *cliEnv, flags config.Flags) (*config.Config, *auth.Store, int) {
	cfg, err := config.Load(env.Getenv, flags)
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		return nil, nil, exitUsage
	}
	for _, w := range cfg.Warnings {
		fmt.Fprintf(env.Stderr, "funnels: warning: %s\n", w)
	}
	store, err := auth.DefaultStore(env.Getenv)
	if err != nil {
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		return nil, nil, exitInternal
	}
	return cfg, store, exitOK
}

// isDiskError reports a failure of the file system rather than of the user or server.
func isDiskError(err error) bool {
	var pe *fs.PathError
	var le *os.LinkError
	return errors.As(err, &pe) || errors.As(err, &le)
}
