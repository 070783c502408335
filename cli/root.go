package cli

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/mcp"
	"github.com/funnelsdev/funnels/cli/team"
	"github.com/funnelsdev/funnels/config"
)

// Main runs funnels in this process with its streams and environment, and returns the
// exit code. version is what the build was stamped with ("" for none).
func Main(version string, args []string) int {
	ctx := newInterruptible(context.Background())
	defer ctx.release()
	return Run(ctx, cmdutil.NewFactory(cmdutil.SystemStreams(os.Getenv), os.Getenv, version), args)
}

// Run runs the command line args (without the program's name) and returns the exit
// code. Everything it reads and writes goes through f; a failure is reported on
// f's standard error.
func Run(ctx context.Context, f *cmdutil.Factory, args []string) int {
	err := Execute(ctx, f, args)
	if err != nil {
		f.ReportError(err)
	}
	return cmdutil.ExitCode(err)
}

// Execute runs the command line args (without the program's name) through the
// command tree and returns what it failed with, reported nowhere: nil when it ran
// and succeeded.
func Execute(ctx context.Context, f *cmdutil.Factory, args []string) error {
	if args == nil {
		args = []string{}
	}
	tree := treeFor(f, args)
	root := tree.Root.Cobra
	root.SetArgs(cmdutil.ClaimJSONFields(root, cmdutil.LongFlagsWithOneDash(root, args)))
	root.SetIn(f.IO.In)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	var failure error
	var checked *cobra.Command // the command the checks after parsing were made for
	cmdutil.Visit(root, func(c *cobra.Command) { recordFailure(f, c, &failure, &checked) })
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		failure = &cmdutil.CommandError{Cmd: cmd, Err: cmdutil.SyntaxError("%w%s", err, flagSuggestion(cmd, err))}
		return nil
	})
	// The one hook every command runs once its command line is parsed (no other
	// command has a persistent hook, so cobra finds this one): whether a session of
	// the team server may run it as given, then read-only mode for one that writes.
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		checked = cmd
		if c, ok := ctx.(*interruptible); ok {
			c.caught() // a command is about to run: an interrupt is its to handle from here
		}
		if err := tree.CheckSession(f, cmd, args); err != nil {
			failure = &cmdutil.CommandError{Cmd: cmd, Err: err} // a refusal stands over any other failure
		} else if failure == nil {
			if err := tree.CheckRun(f, cmd, args); err != nil {
				failure = &cmdutil.CommandError{Cmd: cmd, Err: err}
			}
		}
		if failure != nil {
			stop(cmd)
		}
		return nil
	}
	// Help is drawn at the width of f's streams (cmdutil's Help, in fang's layout and
	// colours); fang.Execute would set its own, sized by os.Stdout, over it right
	// before it runs the tree, so the tree runs here with what fang.Execute adds
	// besides: the version.
	root.SetHelpFunc(func(cmd *cobra.Command, _ []string) {
		if failure != nil {
			return
		}
		if err := unknownBeforeHelp(cmd); err != nil {
			failure = &cmdutil.CommandError{Cmd: cmd, Err: err}
		} else if err := f.Help(cmd); err != nil {
			failure = &cmdutil.CommandError{Cmd: cmd, Err: err}
		}
	})
	root.Version = f.Version
	root.CompletionOptions.DisableDefaultCmd = true
	err := root.ExecuteContext(ctx)
	if err == nil {
		err = failure
	}
	return asCommandLineError(err)
}

// unknownBeforeHelp is the usage error of `funnels nosuch --help`: a word that
// names no command of one that has commands is the same mistake with --help as
// without it.
func unknownBeforeHelp(cmd *cobra.Command) error {
	if args := cmd.Flags().Args(); len(args) > 0 && cmd.HasAvailableSubCommands() {
		return cmdutil.UnknownCommand(cmd, args[0])
	}
	return nil
}

// stop leaves cmd nothing to run after its hooks, not even a run function of
// cobra's own (__complete's): the run failed before it.
func stop(cmd *cobra.Command) {
	cmd.PreRun, cmd.PreRunE = nil, nil
	cmd.Run, cmd.RunE = nil, func(*cobra.Command, []string) error { return nil }
	cmd.PostRun, cmd.PostRunE = nil, nil
}

// recordFailure makes what c's argument rule and run function return the failure of
// the run, tagged with c, instead of an error for cobra and fang: fang would query
// the terminal's colours before reporting one (a terminal round trip, and no answer
// at all while a prompt still reads standard input). A failed argument rule keeps
// the run function from running, and so does a session of the team server whose
// checks after parsing did not run for c.
func recordFailure(f *cmdutil.Factory, c *cobra.Command, failure *error, checked **cobra.Command) {
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
			if *failure == nil && f.Gate != nil && *checked != cmd {
				*failure = &cmdutil.CommandError{Cmd: cmd, Err: errors.New("the checks of a session did not run: nothing was run")}
			}
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
	return cmdutil.AsUsage(err)
}

// NewCmdRoot is the root of the command tree: `funnels` itself opens the browser,
// and each noun adds its commands.
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command { return NewTree(f).Root.Cobra }

// NewTree builds the whole command tree from the nouns' records. To add a command,
// see the package doc.
func NewTree(f *cmdutil.Factory) *cmdutil.Tree { return newTree(f, nil) }

// treeFor is the tree a run of args needs: the root and the noun its command line
// names (nounsFor).
func treeFor(f *cmdutil.Factory, args []string) *cmdutil.Tree { return newTree(f, args) }

// newTree is the root and its nouns: all of them for args nil, else those a run of
// args needs.
func newTree(f *cmdutil.Factory, args []string) *cmdutil.Tree {
	root := newCmdBrowse(f)
	r := root.Cobra
	r.SilenceErrors, r.SilenceUsage = true, true
	r.SetVersionTemplate(versionLine("{{.Version}}"))
	addGlobalFlags(r.PersistentFlags(), &f.Flags)
	_ = r.RegisterFlagCompletionFunc("profile", cmdutil.CompleteProfiles(f))
	_ = r.RegisterFlagCompletionFunc("location", cmdutil.CompleteLocations(f))
	for _, s := range cmdutil.Sections() {
		r.AddGroup(&cobra.Group{ID: string(s), Title: s.Title()})
	}
	// The MCP server lists the tools of every command, and runs each call as a
	// command line of its own.
	assistant := mcp.Surface{
		Records: func() []*cmdutil.Command { whole := *f; return NewTree(&whole).Records() },
		Execute: Execute,
	}
	built := nouns(assistant)
	if args != nil {
		rootFlags := pflag.NewFlagSet("funnels", pflag.ContinueOnError)
		rootFlags.AddFlagSet(r.LocalFlags())
		rootFlags.AddFlagSet(r.PersistentFlags())
		built = nounsFor(built, rootFlags, args)
	}
	help := newCmdHelp()
	var commands []*cmdutil.Command
	for _, n := range built {
		commands = append(commands, n.build(f)...)
	}
	commands = append(commands, help)
	if f.Gate != nil {
		// Over ssh an admin manages the server's people as `user …`.
		users := team.NewCmdServeUser(f)
		users.Cobra.Hidden = true
		commands = append(commands, users)
	}
	for _, c := range commands {
		c.Cobra.GroupID = string(c.Section)
		r.AddCommand(c.Cobra)
		root.Verbs = append(root.Verbs, c)
	}
	r.SetHelpCommand(help.Cobra)
	// `help` has -h from the start, as every other command has a flag of its own, so
	// the list of commands reads the same whichever way help was asked for.
	help.Cobra.InitDefaultHelpFlag()
	return cmdutil.NewTree(root)
}

// addGlobalFlags are the settings every command takes, before or after its name.
// Each starts from the value flags already hold: none for a run of its own, the
// server's for a command an MCP server runs for an assistant.
func addGlobalFlags(fs *pflag.FlagSet, flags *config.Flags) {
	fs.StringVar(&flags.BaseURL, "base-url", flags.BaseURL, "the API's base URL (env FUNNELS_BASE_URL; https unless loopback)")
	fs.StringVar(&flags.Token, "token", flags.Token, "use this access or private integration token (env FUNNELS_TOKEN)")
	fs.StringVar(&flags.Location, "location", flags.Location, "the sub-account (location) id (env FUNNELS_LOCATION_ID)")
	fs.StringVar(&flags.Profile, "profile", flags.Profile, "the profile to use (env FUNNELS_PROFILE)")
	fs.StringVar(&flags.APIVersion, "api-version", flags.APIVersion, "the Version header: 2021-07-28 (default), 2021-04-15, 2023-02-21 or v3 (env FUNNELS_API_VERSION)")
	fs.BoolVar(&flags.Debug, "debug", flags.Debug, "log every request to $XDG_STATE_HOME/funnels/debug.log, Authorization redacted (env FUNNELS_DEBUG=1)")
	fs.BoolVar(&flags.ReadOnly, "readonly", flags.ReadOnly, "refuse every action and request that writes (env FUNNELS_READONLY=1)")
	fs.BoolVar(&flags.InsecureStorage, "insecure-storage", flags.InsecureStorage, "keep tokens in a 0600 file, never the OS keyring (env FUNNELS_INSECURE_STORAGE=1)")
	fs.BoolVar(&flags.TrustBaseURL, "trust-base-url", flags.TrustBaseURL, "send a stored sign-in's token to a base URL other than the one it was stored for (env FUNNELS_TRUST_BASE_URL=1)")
	fs.BoolVar(&flags.NoCache, "no-cache", flags.NoCache, "neither read nor write the local index in $XDG_CACHE_HOME/funnels (the browser keeps one for the session only)")
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
func newCmdHelp() *cmdutil.Command {
	cmd := &cobra.Command{
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
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionMore, SSH: cmdutil.Offered()}
}
