package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"runtime"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

const browseUsage = `Usage: funnels [--demo] [--profile NAME] [flags]

Opens the terminal browser: folders and funnels, the steps of the selected funnel,
the pages of the selected step, and a status bar with the rate limit.

Keys: arrows or hjkl move, enter opens, esc goes back, tab changes pane, / filters,
: lists every action, ? shows every key, r refreshes, y copies the id, Y the public
URL, o opens it in a browser, q quits.

Examples:
  funnels --demo                      # try it on seeded data, no account needed
  funnels                             # the default profile (after 'funnels login')
  funnels --profile clinic            # another profile
  funnels --base-url http://127.0.0.1:8484 --token pit-… --location LOC   # a sandbox

Flags:
`

// browseFlags is the browser's flag set, writing to out: what cmdBrowse parses and
// what `funnels --help` lists.
func browseFlags(out io.Writer) (fs *flag.FlagSet, flags *config.Flags, demo *bool) {
	fs = flag.NewFlagSet("funnels", flag.ContinueOnError)
	fs.SetOutput(out)
	flags = &config.Flags{}
	flags.Register(fs)
	demo = fs.Bool("demo", false, "browse the embedded sandbox's demo data (no account needed)")
	return fs, flags, demo
}

// cmdBrowse opens the TUI: against the embedded sandbox with --demo, otherwise against
// the configured profile. It returns 0 after q (or ctrl+c), with the terminal restored.
func cmdBrowse(ctx context.Context, env *cliEnv, args []string) int {
	fs, fp, demoMode := browseFlags(env.Stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), browseUsage)
		fs.PrintDefaults()
	}
	if code, done := parseWithHelp(env, fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.Stderr, "funnels: unexpected argument %q (see 'funnels help')\n", fs.Arg(0))
		return exitUsage
	}
	flags := *fp // as parsed

	opts := ui.Options{}
	if *demoMode {
		transport := http.RoundTripper(http.DefaultTransport)
		if debugWanted(env, flags) {
			store, err := auth.DefaultStore(env.Getenv)
			if err != nil {
				fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
				return exitInternal
			}
			var code int
			if transport, code = transportFor(env, flags, store.Dir()); code != exitOK {
				return code
			}
		}
		d, err := startDemo(transport)
		if err != nil {
			fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
			return exitInternal
		}
		defer d.sandbox.Close()
		opts.Client, opts.Profile, opts.LocationID, opts.Demo = d.client, "demo", d.sandbox.Server.LocationID(), true
		opts.UserID = d.sandbox.Server.UserID()
		// The demo has no config of its own; the user's [ui] settings still apply
		// when there is a readable config file.
		if cfg, err := config.Load(env.Getenv, config.Flags{}); err == nil {
			opts.Mouse, opts.Theme = cfg.Mouse, cfg.Theme
		}
	} else {
		if code := browseReady(env, flags); code != exitOK {
			return code
		}
		c, cfg, code := openClient(ctx, env, flags)
		if code != exitOK {
			return code
		}
		opts.Client, opts.Profile, opts.LocationID = c, cfg.Profile.Name, cfg.Profile.LocationID
		opts.UserID = signedInUser(env, cfg.Profile.Name)
		opts.Mouse, opts.Theme = cfg.Mouse, cfg.Theme
	}
	if b, reason := auth.SystemBrowser(runtime.GOOS, env.Getenv); b != nil {
		opts.OpenURL = b.Open
	} else {
		opts.NoBrowserReason = reason
	}

	err := ui.Run(ctx, opts)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil:
		// Interrupted from outside (a signal): the terminal is restored; not a failure.
		return exitOK
	default:
		fmt.Fprintf(env.Stderr, "funnels: %v\n", err)
		return exitInternal
	}
}

// signedInUser is the user an OAuth sign-in was issued to ("" for a private token or
// when unknown): new folders are created in that user's name.
func signedInUser(env *cliEnv, profile string) string {
	store, err := auth.DefaultStore(env.Getenv)
	if err != nil {
		return ""
	}
	t, err := store.Load(profile)
	if err != nil {
		return ""
	}
	return t.UserID
}

// browseReady says, before the browser opens, why the profile cannot work — and that
// --demo needs no account.
func browseReady(env *cliEnv, flags config.Flags) int {
	cfg, store, code := loadConfigAndStore(env, flags)
	if code != exitOK {
		return code
	}
	if err := auth.Ready(cfg, store); err != nil {
		fmt.Fprintf(env.Stderr, "funnels: profile %q: %v.\nTo look around without an account first: funnels --demo\n", cfg.Profile.Name, err)
		return readyExit(err)
	}
	return exitOK
}
