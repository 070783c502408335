package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"runtime"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

// BrowseOptions are what `funnels` (no command) works from.
type BrowseOptions struct {
	Demo       bool
	SurfaceArg string
}

// newCmdBrowse is the root command: `funnels` opens the terminal browser.
func newCmdBrowse(f *Factory) *cobra.Command {
	opts := &BrowseOptions{}
	cmd := &cobra.Command{
		Use:   "funnels",
		Short: "A terminal browser for the funnels of a HighLevel sub-account",
		Long: `Opens the terminal browser: folders and funnels, the steps of the selected funnel,
the pages of the selected step, and a status bar with the rate limit. The commands
below do the same without the browser, for scripts and CI.

Keys: arrows or hjkl move, enter opens, esc goes back, tab changes pane, / filters,
: lists every action, ? shows every key, r refreshes, y copies the id, Y the public
URL, o opens it in a browser, C switches profile or sub-account, q quits.

--readonly (or readonly = true in the config) leaves out every action that writes,
for a screencast on a client's account.`,
		Example: `# try it on seeded data, no account needed
funnels --demo
# the default profile (after 'funnels login'), then another one
funnels
funnels --profile clinic
# a sub-account of an agency sign-in; nothing that writes
funnels --profile agency --location LOCATION_ID
funnels --readonly
# a sandbox started with 'funnels sandbox'
funnels --base-url http://127.0.0.1:8484 --token pit-… --location LOC`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommand(cmd, args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return browseRun(cmd.Context(), f, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Demo, "demo", false, "browse the embedded sandbox's demo data (no account needed)")
	cmd.Flags().StringVar(&opts.SurfaceArg, "surface", "seed", "with --demo: the sandbox plays seed (every route of the spec), public (the real service as a private integration token meets it) or documented (only the documented routes, the rest 404)")
	_ = cmd.RegisterFlagCompletionFunc("surface", cobra.FixedCompletions(surfaces(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// demoAPIVersion is the Version the demo's client sends when the config file cannot
// be read: the flag's, the environment's or the default.
func demoAPIVersion(f *Factory) string {
	return cmp.Or(f.Flags.APIVersion, f.Getenv("FUNNELS_API_VERSION"), client.DefaultAPIVersion)
}

// browseRun opens the browser: against the embedded sandbox with --demo, otherwise
// against the configured profile. It returns after q (or ctrl+c), with the terminal
// restored.
func browseRun(ctx context.Context, f *Factory, opts *BrowseOptions) error {
	surface, err := parseSurface(opts.SurfaceArg)
	if err == nil && surface != sandbox.SurfaceSeed && !opts.Demo {
		err = errors.New("--surface picks the demo sandbox's surface: use it with --demo (or run 'funnels sandbox --surface public')")
	}
	if err == nil && opts.Demo {
		err = client.CheckAPIVersion(demoAPIVersion(f))
	}
	if err != nil {
		return usagef("%v", err)
	}
	if !opts.Demo {
		if err := browseReady(f); err != nil {
			return err
		}
	}
	if err := needTerminal(f.IO); err != nil {
		return err
	}
	uiOpts := ui.Options{}
	if opts.Demo {
		transport := http.RoundTripper(http.DefaultTransport)
		debug, err := debugWanted(f.Getenv, f.Flags)
		if err != nil {
			return err
		}
		if debug {
			store, err := f.Store()
			if err != nil {
				return err
			}
			if transport, err = f.transport(store.Dir()); err != nil {
				return err
			}
		}
		// The demo has no config of its own; the user's [ui] settings still apply
		// when there is a readable config file, and so does read-only.
		readOnly, version := f.Flags.ReadOnly, demoAPIVersion(f)
		cfg, err := config.Load(f.Getenv, config.Flags{ReadOnly: f.Flags.ReadOnly, APIVersion: f.Flags.APIVersion})
		var onOff *config.SwitchError
		switch {
		case err == nil:
			uiOpts.Mouse, uiOpts.Theme, uiOpts.Warnings = cfg.Mouse, cfg.Theme, cfg.Warnings
			readOnly, version = cfg.ReadOnly, cfg.APIVersion
		case errors.As(err, &onOff):
			return err // a switch nobody can read must not leave read-only off
		}
		d, err := startDemo(transport, f.UserAgent(), surface, readOnly, version)
		if err != nil {
			return err
		}
		defer d.Close()
		uiOpts.Client, uiOpts.Profile, uiOpts.LocationID, uiOpts.Demo = d.Client, "demo", d.Sandbox.Server.LocationID(), true
		uiOpts.UserID = d.Sandbox.Server.UserID()
		// The demo's data lives as long as its sandbox: its index is the session's.
		idx, err := index.OpenTemp(index.KeyOf(d.Sandbox.URL, d.Sandbox.Server.LocationID()))
		if err != nil {
			return withExitCode(ExitLocal, err)
		}
		defer idx.Close()
		uiOpts.Index = idx
		// The sandbox's other gyms are in the switcher, as an agency's sub-accounts are.
		uiOpts.Account = demoAccount(d.Sandbox.Server.LocationID())
		sw := &demoSwitcher{sb: d.Sandbox, transport: transport, readOnly: readOnly, userAgent: f.UserAgent(), version: version,
			opened: map[string]*client.Client{uiOpts.Account: d.Client}, indexes: map[string]*index.Store{uiOpts.Account: idx}}
		defer sw.closeIndexes()
		uiOpts.Switcher = sw
	} else {
		cfg, store, err := f.configAndStore()
		if err != nil {
			return err
		}
		transport, err := f.transport(store.Dir())
		if err != nil {
			return err
		}
		c, err := f.openClient(ctx, cfg, store, transport, nil)
		if err != nil {
			return err
		}
		// A token given without a profile is labelled by where it came from.
		uiOpts.Client, uiOpts.Profile, uiOpts.LocationID = c, cfg.Label(), cfg.Profile.LocationID
		if !cfg.TokenOnly() {
			uiOpts.UserID = signedInUser(f, cfg.Profile.Name)
		}
		if cfg.Profile.LocationID != "" {
			idx, err := f.indexStore(cfg) // a session-only one with --no-cache
			if err != nil {
				return err
			}
			defer idx.Close()
			uiOpts.Index, uiOpts.AutoIndex = idx, !f.sessionIndex()
		}
		uiOpts.Mouse, uiOpts.Theme, uiOpts.Warnings = cfg.Mouse, cfg.Theme, cfg.Warnings
		if cfg.Token == "" { // a token given by hand is for this run's profile only
			sw := newProfileSwitcher(f, store, transport)
			defer sw.closeIndexes()
			uiOpts.Account = cfg.Profile.Name
			if cfg.Profile.AuthKind == config.AuthAgency {
				uiOpts.Account = auth.AccountName(cfg.Profile.Name, cfg.Profile.LocationID)
			}
			sw.keep(uiOpts.Account, ui.Opened{Client: c, Profile: uiOpts.Profile, UserID: uiOpts.UserID, Index: uiOpts.Index})
			uiOpts.Switcher = sw
		}
	}
	if b, reason := auth.SystemBrowser(runtime.GOOS, f.Getenv); b != nil {
		uiOpts.OpenURL = b.Open
	} else {
		uiOpts.NoBrowserReason = reason
	}

	err = ui.Run(ctx, uiOpts)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil:
		return nil // interrupted from outside (a signal): the terminal is restored; not a failure
	}
	return fmt.Errorf("the browser stopped: %w", err)
}

// browseReady says, before the browser opens, why the profile cannot work — and
// that --demo needs no account.
func browseReady(f *Factory) error {
	cfg, store, err := f.configAndStore()
	if err != nil {
		return err
	}
	if err := auth.Ready(cfg, store); err != nil {
		return fmt.Errorf("profile %q: %w.\nTo look around without an account first: funnels --demo", cfg.Profile.Name, err)
	}
	return nil
}

// needTerminal refuses to start the browser where it cannot draw: standard output
// must be a terminal, and keys must come from standard input or /dev/tty.
func needTerminal(ios *IOStreams) error {
	out, ok := ios.Out.(*os.File)
	outTTY := ok && term.IsTerminal(out.Fd())
	in, ok := ios.In.(*os.File)
	inTTY := ok && term.IsTerminal(in.Fd())
	ttyErr := error(nil)
	if outTTY && !inTTY && runtime.GOOS != "windows" { // on Windows keys come from the console
		var tty *os.File
		if tty, ttyErr = os.Open("/dev/tty"); ttyErr == nil {
			_ = tty.Close()
		}
	}
	return terminalProblem(outTTY, inTTY, ttyErr)
}

// terminalProblem says why the browser cannot start, or nil: outTTY and inTTY are
// whether standard output and input are terminals, ttyErr what opening /dev/tty gave.
func terminalProblem(outTTY, inTTY bool, ttyErr error) error {
	const hint = "; the commands for scripts work without one (funnels --help lists them)"
	switch {
	case !outTTY:
		return usagef("the browser needs a terminal, and standard output is not one%s", hint)
	case !inTTY && ttyErr != nil:
		return usagef("the browser needs a terminal to read keys from, and standard input is not one (nor is there a /dev/tty)%s", hint)
	}
	return nil
}

// signedInUser is the user an OAuth sign-in was issued to ("" for a private token or
// when unknown): new folders are created in that user's name.
func signedInUser(f *Factory, profile string) string {
	store, err := f.Store()
	if err != nil {
		return ""
	}
	t, err := store.Load(profile)
	if err != nil {
		return ""
	}
	return t.UserID
}
