package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	checkcmd "github.com/funnelsdev/funnels/cli/check"
	"github.com/funnelsdev/funnels/cli/cmdutil"
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
func newCmdBrowse(f *cmdutil.Factory) *cmdutil.Command {
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
				return cmdutil.UnknownCommand(cmd, args[0])
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
	return &cmdutil.Command{Cobra: cmd, SSH: cmdutil.NotOffered("the browser opens with 'ssh -t HOST' and no command")}
}

// demoAPIVersion is the Version the demo's client sends when the config file cannot
// be read: the flag's, the environment's or the default.
func demoAPIVersion(f *cmdutil.Factory) string {
	return cmp.Or(f.Flags.APIVersion, f.Getenv("FUNNELS_API_VERSION"), client.DefaultAPIVersion)
}

// browseRun opens the browser: against the embedded sandbox with --demo, otherwise
// against the configured profile. It returns after q (or ctrl+c), with the terminal
// restored.
func browseRun(ctx context.Context, f *cmdutil.Factory, opts *BrowseOptions) error {
	surface, err := parseSurface(opts.SurfaceArg)
	if err == nil && surface != sandbox.SurfaceSeed && !opts.Demo {
		err = errors.New("--surface picks the demo sandbox's surface: use it with --demo (or run 'funnels sandbox --surface public')")
	}
	if err == nil && opts.Demo {
		err = client.CheckAPIVersion(demoAPIVersion(f))
	}
	if err != nil {
		return cmdutil.Usagef("%w", err)
	}
	if !opts.Demo {
		if err := browseReady(f); err != nil {
			return err
		}
	}
	if err := needTerminal(f.IO); err != nil {
		return err
	}
	open := browseProfile
	if opts.Demo {
		open = func(_ context.Context, f *cmdutil.Factory) (ui.Options, func(), error) { return browseDemo(f, surface) }
	}
	uiOpts, closeAll, err := open(ctx, f)
	if err != nil {
		return err
	}
	defer closeAll()
	uiOpts.KeepOut = ownDirs(f)
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

// ownDirs are funnels' own folders on this machine — its settings, its sign-ins and
// state, its indexes — in which the browser writes no file, whatever name it is given
// (ui.Options.KeepOut); a folder that cannot be told is left out.
func ownDirs(f *cmdutil.Factory) []string {
	dirs := []string{filepath.Dir(config.Path(f.Getenv))}
	if store, err := f.Store(); err == nil {
		dirs = append(dirs, store.Dir())
	}
	if dir, err := index.Dir(f.Getenv); err == nil {
		dirs = append(dirs, dir)
	}
	return dirs
}

// browseDemo starts the embedded sandbox and opens its own gym; the others are in the
// switcher, as an agency's sub-accounts are. closeAll stops the sandbox.
func browseDemo(f *cmdutil.Factory, surface sandbox.Surface) (uiOpts ui.Options, closeAll func(), err error) {
	transport := f.BaseTransport()
	debug, err := cmdutil.DebugWanted(f.Getenv, f.Flags)
	if err != nil {
		return uiOpts, nil, err
	}
	if debug {
		store, err := f.Store()
		if err != nil {
			return uiOpts, nil, err
		}
		if transport, err = f.Transport(store.Dir()); err != nil {
			return uiOpts, nil, err
		}
	}
	// The demo has no config of its own; the user's [ui] settings still apply
	// when there is a readable config file, and so does read-only.
	settings := &config.Config{ReadOnly: f.Flags.ReadOnly, APIVersion: demoAPIVersion(f)}
	cfg, err := config.Load(f.Getenv, config.Flags{ReadOnly: f.Flags.ReadOnly, APIVersion: f.Flags.APIVersion})
	var onOff *config.SwitchError
	switch {
	case err == nil:
		uiOpts.Mouse, uiOpts.Theme, uiOpts.Warnings = cfg.Mouse, cfg.Theme, cfg.Warnings
		settings = cfg
	case errors.As(err, &onOff):
		return uiOpts, nil, err // a switch nobody can read must not leave read-only off
	}
	sb, err := startSandbox(surface)
	if err != nil {
		return uiOpts, nil, err
	}
	op := &DemoOpener{sb: sb, transport: transport, userAgent: f.UserAgent(), settings: settings}
	closeAll = func() { op.Close(); _ = sb.Close(); _ = os.RemoveAll(demoStateRoot(sb)) }
	loc := sb.Server.LocationID()
	s, err := openDemoSession(sb, loc, sb.Server.DemoToken(), transport, f.UserAgent(), settings)
	if err != nil {
		closeAll()
		return uiOpts, nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	uiOpts.Account, uiOpts.Switcher, uiOpts.Demo, uiOpts.Check = demoAccount(loc), op, true, demoCheck(sb)
	if err := openFirst(&uiOpts, &op.OpenedAccounts, s); err != nil {
		closeAll()
		return uiOpts, nil, err
	}
	return uiOpts, closeAll, nil
}

// browseProfile opens the account the run names; unless its token was given by hand
// (for this run's profile only), the switcher opens the other profiles and agency
// sub-accounts. closeAll closes the indexes opened.
func browseProfile(ctx context.Context, f *cmdutil.Factory) (uiOpts ui.Options, closeAll func(), err error) {
	s, err := f.OpenRun(ctx, nil)
	if err != nil {
		return uiOpts, nil, err
	}
	cfg := s.Config
	uiOpts.Mouse, uiOpts.Theme, uiOpts.Warnings = cfg.Mouse, cfg.Theme, cfg.Warnings
	uiOpts.AutoIndex = cfg.Profile.LocationID != "" && !f.SessionIndex()
	reach, warning := checkcmd.MachineOptions(f)
	uiOpts.Check = &reach
	uiOpts.CheckProxy = func(address string) string { return cmdutil.ProxyOf(f.Getenv, address) }
	if warning != "" {
		uiOpts.Warnings = append(uiOpts.Warnings, warning)
	}
	if cfg.Token != "" {
		var only cmdutil.OpenedAccounts
		if err := openFirst(&uiOpts, &only, s); err != nil {
			return uiOpts, nil, err
		}
		return uiOpts, only.Close, nil
	}
	op := cmdutil.NewProfileOpener(f, s.Store, s.Transport)
	uiOpts.Account, uiOpts.Switcher = cfg.Profile.Name, op
	if cfg.Profile.AuthKind == config.AuthAgency {
		uiOpts.Account = auth.AccountName(cfg.Profile.Name, cfg.Profile.LocationID)
		s.Label = op.Label(ctx, cfg.Profile.Name, cfg.Profile.LocationID)
	}
	if err := openFirst(&uiOpts, &op.OpenedAccounts, s); err != nil {
		return uiOpts, nil, err
	}
	return uiOpts, op.Close, nil
}

// openFirst opens the session the browser starts with, kept among accounts as
// uiOpts.Account (so switching back hands it out again), into uiOpts.
func openFirst(uiOpts *ui.Options, accounts *cmdutil.OpenedAccounts, s *cmdutil.Session) error {
	o, err := accounts.Get(uiOpts.Account, s.Opened)
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	uiOpts.Client, uiOpts.Profile, uiOpts.LocationID = o.Client, o.Profile, s.Config.Profile.LocationID
	uiOpts.UserID, uiOpts.Index, uiOpts.Redirects = o.UserID, o.Index, o.Redirects
	return nil
}

// browseReady says, before the browser opens, why the profile cannot work — and
// that --demo needs no account.
func browseReady(f *cmdutil.Factory) error {
	cfg, store, err := f.SignedInConfigAndStore()
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
func needTerminal(ios *cmdutil.IOStreams) error {
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
	return TerminalProblem(outTTY, inTTY, ttyErr)
}

// TerminalProblem says why the browser cannot start, or nil: outTTY and inTTY are
// whether standard output and input are terminals, ttyErr what opening /dev/tty gave.
func TerminalProblem(outTTY, inTTY bool, ttyErr error) error {
	const hint = "; the commands for scripts work without one (funnels --help lists them)"
	switch {
	case !outTTY:
		return cmdutil.Usagef("the browser needs a terminal, and standard output is not one%s", hint)
	case !inTTY && ttyErr != nil:
		return cmdutil.Usagef("the browser needs a terminal to read keys from, and standard input is not one (nor is there a /dev/tty)%s", hint)
	}
	return nil
}

// gatedSwitcher lists only the sub-accounts the gate allows, and opens no other.
type gatedSwitcher struct {
	ui.Switcher
	gate cmdutil.Gate
}

func (g gatedSwitcher) List(ctx context.Context) ([]ui.Account, error) {
	all, err := g.Switcher.List(ctx)
	out := all[:0:0]
	for _, a := range all {
		if a.Location != "" && g.gate.Allows(a.Location) {
			out = append(out, a)
		}
	}
	return out, err
}

// Indexes are the local indexes of the accounts given that the gate allows, for go to
// anything and the Health view across the person's sub-accounts; none of another.
func (g gatedSwitcher) Indexes(ctx context.Context, accounts []ui.Account) map[string]*index.Store {
	finder, ok := g.Switcher.(ui.IndexFinder)
	if !ok {
		return nil
	}
	var granted []ui.Account
	for _, a := range accounts {
		if a.Location != "" && g.gate.Allows(a.Location) {
			granted = append(granted, a)
		}
	}
	return finder.Indexes(ctx, granted)
}

// errNotGranted is the switcher's refusal of an account outside the person's grants.
var errNotGranted = errors.New("this sub-account was not granted to you on this server")

func (g gatedSwitcher) Open(ctx context.Context, name string) (ui.Opened, error) {
	accounts, _ := g.List(ctx)
	for _, a := range accounts {
		if a.Name == name {
			return g.Switcher.Open(ctx, name)
		}
	}
	return ui.Opened{}, errNotGranted
}

// BrowseRemote opens the browser of the run's profile on a terminal that is not this
// process's — an ssh session of the team server — and returns the exit code, the
// failure reported on f's streams as Run reports one. progOpts carry the session's
// input, output and size; remote its window changes and how many sessions share the
// sub-account. With a Gate on f the switcher offers only what the gate allows.
func BrowseRemote(ctx context.Context, f *cmdutil.Factory, progOpts []tea.ProgramOption, remote *ui.Remote) int {
	err := browseRemote(ctx, f, progOpts, remote)
	if err != nil {
		f.ReportError(err)
	}
	return cmdutil.ExitCode(err)
}

func browseRemote(ctx context.Context, f *cmdutil.Factory, progOpts []tea.ProgramOption, remote *ui.Remote) error {
	if err := browseReady(f); err != nil {
		return err
	}
	uiOpts, closeAll, err := browseProfile(ctx, f)
	if err != nil {
		return err
	}
	defer closeAll()
	if f.Gate != nil && uiOpts.Switcher != nil {
		uiOpts.Switcher = gatedSwitcher{Switcher: uiOpts.Switcher, gate: f.Gate}
	}
	uiOpts.ProgramOptions = append(uiOpts.ProgramOptions, progOpts...)
	// What of the server's machine the browser would use (a file, a web browser) is
	// off by each action's declaration once Remote is set; KeepOut stands behind it.
	uiOpts.Remote, uiOpts.KeepOut = remote, ownDirs(f)
	uiOpts.CheckOff = checkcmd.SessionRefusal(f.Gate != nil && f.Gate.Admin())
	err = ui.Run(ctx, uiOpts)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil:
		return nil // the session ended: nothing to report to a terminal that is gone
	}
	return fmt.Errorf("the browser stopped: %w", err)
}
