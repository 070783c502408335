package cli

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"charm.land/fang/v2"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/cli/api"
	"github.com/funnelsdev/funnels/cli/cache"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/doctor"
	"github.com/funnelsdev/funnels/cli/domain"
	"github.com/funnelsdev/funnels/cli/event"
	"github.com/funnelsdev/funnels/cli/export"
	"github.com/funnelsdev/funnels/cli/find"
	"github.com/funnelsdev/funnels/cli/folders"
	"github.com/funnelsdev/funnels/cli/login"
	"github.com/funnelsdev/funnels/cli/mcp"
	"github.com/funnelsdev/funnels/cli/pages"
	"github.com/funnelsdev/funnels/cli/redirects"
	"github.com/funnelsdev/funnels/cli/steps"
	"github.com/funnelsdev/funnels/cli/team"
	"github.com/funnelsdev/funnels/config"
)

// Main runs funnels in this process with its streams and environment, and returns the
// exit code. version is what the build was stamped with ("" for none).
func Main(version string, args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Run(ctx, cmdutil.NewFactory(cmdutil.SystemStreams(os.Getenv), os.Getenv, version), args)
}

// Run runs the command line args (without the program's name) and returns the exit
// code. Everything it reads and writes goes through f.
func Run(ctx context.Context, f *cmdutil.Factory, args []string) int {
	root := NewCmdRoot(f)
	if args == nil {
		args = []string{}
	}
	root.SetArgs(cmdutil.ClaimJSONFields(root, cmdutil.LongFlagsWithOneDash(root, args)))
	root.SetIn(f.IO.In)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	var failure error
	cmdutil.Visit(root, func(c *cobra.Command) { recordFailure(c, &failure) })
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		failure = &cmdutil.CommandError{Cmd: cmd, Err: cmdutil.SyntaxError("%s%s", err.Error(), flagSuggestion(cmd, err))}
		return nil
	})
	err := fang.Execute(ctx, root,
		fang.WithVersion(f.Version),
		fang.WithoutManpage(), // `funnels man` is ours: it writes where the command writes
		fang.WithoutCompletions(),
		fang.WithErrorHandler(func(io.Writer, fang.Styles, error) {}), // reported below
	)
	if err == nil {
		err = failure
	}
	err = asCommandLineError(err)
	if err != nil {
		f.ReportError(err)
	}
	return cmdutil.ExitCode(err)
}

// recordFailure makes what c's argument rule and run function return the failure of
// the run, tagged with c, instead of an error for cobra and fang: fang would query
// the terminal's colours before reporting one (a terminal round trip, and no answer
// at all while a prompt still reads standard input). A failed argument rule keeps
// the run function from running.
func recordFailure(c *cobra.Command, failure *error) {
	if c.Args != nil {
		check := c.Args
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := check(cmd, args); err != nil && *failure == nil {
				*failure = &cmdutil.CommandError{Cmd: cmd, Err: err}
			}
			return nil
		}
	}
	if c.RunE != nil {
		run := c.RunE
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if *failure != nil {
				return nil
			}
			if err := run(cmd, args); err != nil {
				*failure = &cmdutil.CommandError{Cmd: cmd, Err: err}
			}
			return nil
		}
	}
}

// asCommandLineError treats an error cobra raised itself (a flag group, an argument
// rule of its own commands), not one a command returned, as a usage error.
func asCommandLineError(err error) error {
	var ce *cmdutil.CommandError
	var ue *cmdutil.UsageError
	if err == nil || errors.As(err, &ce) || errors.As(err, &ue) {
		return err
	}
	return &cmdutil.UsageError{Msg: err.Error()}
}

// NewCmdRoot builds the whole command tree: `funnels` itself opens the browser, and
// each noun adds its commands. To add a command, see the package doc.
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command {
	root := newCmdBrowse(f)
	root.SilenceErrors, root.SilenceUsage = true, true
	root.SetVersionTemplate("funnels {{.Version}}\n")
	addGlobalFlags(root.PersistentFlags(), &f.Flags)
	_ = root.RegisterFlagCompletionFunc("profile", cmdutil.CompleteProfiles(f))
	_ = root.RegisterFlagCompletionFunc("location", cmdutil.CompleteLocations(f))

	root.AddGroup(
		&cobra.Group{ID: "browse", Title: "Browse and change"},
		&cobra.Group{ID: "account", Title: "Sign in and settings"},
		&cobra.Group{ID: "more", Title: "More"},
	)
	for _, c := range []*cobra.Command{
		folders.NewCmdFolders(f), folders.NewCmdFolder(f), steps.NewCmdSteps(f), steps.NewCmdStep(f), pages.NewCmdPages(f), pages.NewCmdPage(f),
		domain.NewCmdDomain(f), redirects.NewCmdRedirects(f), event.NewCmdEvent(f), api.NewCmdAPI(f), find.NewCmdFind(f), cache.NewCmdIndex(f),
		export.NewCmdExport(f), export.NewCmdDiff(f),
		cache.NewCmdChanges(f), cache.NewCmdWatch(f),
	} {
		c.GroupID = "browse"
		root.AddCommand(c)
	}
	for _, c := range []*cobra.Command{login.NewCmdLogin(f), login.NewCmdLogout(f), login.NewCmdAuth(f), doctor.NewCmdDoctor(f), newCmdConfig(f)} {
		c.GroupID = "account"
		root.AddCommand(c)
	}
	for _, c := range []*cobra.Command{cache.NewCmdCache(f), mcp.NewCmdMCP(f), newCmdSandbox(f), newCmdServe(f), team.NewCmdAudit(f), newCmdCompletion(f), newCmdVersion(f), newCmdMan(f)} {
		c.GroupID = "more"
		root.AddCommand(c)
	}
	help := newCmdHelp()
	help.GroupID = "more"
	root.AddCommand(help)
	root.SetHelpCommand(help)
	// Every command has -h from the start, so the list of commands reads the same
	// whichever way help was asked for.
	cmdutil.Visit(root, func(c *cobra.Command) { c.InitDefaultHelpFlag() })
	return root
}

// addGlobalFlags are the settings every command takes, before or after its name.
func addGlobalFlags(fs *pflag.FlagSet, flags *config.Flags) {
	fs.StringVar(&flags.BaseURL, "base-url", "", "the API's base URL (env FUNNELS_BASE_URL; https unless loopback)")
	fs.StringVar(&flags.Token, "token", "", "use this access or private integration token (env FUNNELS_TOKEN)")
	fs.StringVar(&flags.Location, "location", "", "the sub-account (location) id (env FUNNELS_LOCATION_ID)")
	fs.StringVar(&flags.Profile, "profile", "", "the profile to use (env FUNNELS_PROFILE)")
	fs.StringVar(&flags.APIVersion, "api-version", "", "the Version header: 2021-07-28 (default), 2023-02-21 or v3 (env FUNNELS_API_VERSION)")
	fs.BoolVar(&flags.Debug, "debug", false, "log every request to $XDG_STATE_HOME/funnels/debug.log, Authorization redacted (env FUNNELS_DEBUG=1)")
	fs.BoolVar(&flags.ReadOnly, "readonly", false, "refuse every action and request that writes (env FUNNELS_READONLY=1)")
	fs.BoolVar(&flags.InsecureStorage, "insecure-storage", false, "keep tokens in a 0600 file, never the OS keyring (env FUNNELS_INSECURE_STORAGE=1)")
	fs.BoolVar(&flags.TrustBaseURL, "trust-base-url", false, "send a stored sign-in's token to a base URL other than the one it was stored for (env FUNNELS_TRUST_BASE_URL=1)")
	fs.BoolVar(&flags.NoCache, "no-cache", false, "neither read nor write the local index in $XDG_CACHE_HOME/funnels (the browser keeps one for the session only)")
}

// flagSuggestion is "; did you mean --json?" for an unknown flag close to one of
// cmd's, or "".
func flagSuggestion(cmd *cobra.Command, err error) string {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok {
		return ""
	}
	var near []string
	cmd.Flags().VisitAll(func(fl *pflag.Flag) {
		if !fl.Hidden && (levenshtein(name, fl.Name) <= 2 || strings.HasPrefix(fl.Name, name)) {
			near = append(near, "--"+fl.Name)
		}
	})
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + cmdutil.OrList(near) + "?"
}

// levenshtein is the edit distance of a and b.
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// newCmdHelp is `funnels help [COMMAND]`: the same help as --help, on standard
// output; an unknown command is a usage error.
func newCmdHelp() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Show the help of a command",
		Long:  "Shows the help of a command: funnels help folders is funnels folders --help.",
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			parent, _, err := cmd.Root().Find(args)
			if err != nil || parent == nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, c := range parent.Commands() {
				if c.IsAvailableCommand() && strings.HasPrefix(c.Name(), toComplete) {
					out = append(out, cobra.CompletionWithDesc(c.Name(), c.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := cmd.Root().Find(args)
			if err != nil || target == nil {
				return cmdutil.SyntaxError("no help for %s", cmdutil.QuoteInput(strings.Join(args, " ")))
			}
			if len(rest) > 0 {
				return cmdutil.UnknownCommand(target, rest[0])
			}
			target.InitDefaultHelpFlag()
			target.InitDefaultVersionFlag()
			return target.Help()
		},
	}
}
