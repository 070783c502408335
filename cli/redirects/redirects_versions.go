package redirects

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// RedirectsVersionsOptions are what `funnels redirects versions` works from.
type RedirectsVersionsOptions struct {
	Exporter cmdutil.Exporter
}

// versionItem is a saved version as `redirects versions --json` gives it.
type versionItem struct {
	Number int       `json:"number"`
	Time   time.Time `json:"time"`
	Rows   int       `json:"rows"`
	Change string    `json:"change"`
}

func newCmdRedirectsVersions(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsVersionsOptions{}
	cmd := &cobra.Command{
		Use:   "versions",
		Short: "The saved versions of the location's redirects, newest first",
		Long: `Lists what the location's redirects were before each import or restore (kept on
this machine, in the state directory, per profile and location; the newest 20):
the version's number, when it was saved, how many redirects it holds and what the
apply that followed was to change. 'funnels redirects restore NUMBER' brings one
back.`,
		Example: `funnels redirects versions
funnels redirects versions --json number,time,rows`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return redirectsVersionsRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(versionItem{}))
	return &cmdutil.Command{Cobra: cmd, SSH: cmdutil.Offered()}
}

func redirectsVersionsRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsVersionsOptions) error {
	cfg, err := f.CacheConfig()
	if err != nil {
		return err
	}
	state, err := f.RedirectsStateOf(cfg)
	if err != nil {
		return err
	}
	list, err := state.Versions().List()
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	items := make([]versionItem, len(list))
	for i, v := range list {
		items[i] = versionItem{Number: v.Number, Time: v.Time, Rows: len(v.Rows), Change: v.Change}
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, items, items)
	}
	if len(items) == 0 {
		f.Notice("No saved versions: one is saved before every 'funnels redirects import' that sends something.")
		return nil
	}
	t := cmdutil.NewTable(f.IO, cmdutil.TextColumn("VERSION").Tells(), cmdutil.TextColumn("SAVED"), cmdutil.TextColumn("ROWS"), cmdutil.WrapColumn("THEN"))
	for _, v := range items {
		t.Row(strconv.Itoa(v.Number), v.Time.Local().Format("2006-01-02 15:04:05"), strconv.Itoa(v.Rows), v.Change)
	}
	return t.Print()
}

// RedirectsRestoreOptions are what `funnels redirects restore` works from.
type RedirectsRestoreOptions struct {
	Version string
	DryRun  bool
	Yes     bool
	cmdutil.Exporter
}

func newCmdRedirectsRestore(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsRestoreOptions{}
	cmd := &cobra.Command{
		Use:   "restore VERSION [--dry-run] [--yes]",
		Short: "Make the location's redirects what a saved version holds",
		Long: `Plans the location's redirects back to a saved version ('funnels redirects
versions'): the redirects added since are deleted, those changed are changed back,
those deleted are made again (with new ids). The plan is shown and applied as an
import's is: asked once on a terminal (--yes without one), paced, journaled so a
rerun sends nothing twice, and the redirects as they are now saved as a version
first. --dry-run shows the plan only.`,
		Example: `funnels redirects restore 3 --dry-run
funnels redirects restore 3 --yes`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Version = args[0]
			return redirectsRestoreRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "VERSION", Field: "version"})
	fl := cmd.Flags()
	fl.BoolVar(&opts.DryRun, "dry-run", false, "show the plan and send nothing")
	fl.BoolVarP(&opts.Yes, "yes", "y", false, "apply without asking")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(applyRecord{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyRedirectWrite, Plans: true, SSH: cmdutil.Offered()}
}

func redirectsRestoreRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsRestoreOptions) error {
	n, err := strconv.Atoi(strings.TrimSpace(opts.Version))
	if err != nil || n <= 0 {
		return cmdutil.Usagef("VERSION must be the number of a saved version ('funnels redirects versions' lists them), not %s", cmdutil.QuoteInput(opts.Version))
	}
	ch := planChoices{dryRun: opts.DryRun, yes: opts.Yes, exporter: &opts.Exporter}
	return planOne(ctx, f, "funnels redirects restore", ch, func(s *cmdutil.Session) (redirectplan.Wanted, error) {
		state, err := s.Redirects()
		if err != nil {
			return redirectplan.Wanted{}, err
		}
		v, err := state.Versions().Load(n)
		if errors.Is(err, redirectplan.ErrNoVersion) {
			return redirectplan.Wanted{}, cmdutil.Usagef("no version %d of this location's redirects ('funnels redirects versions' lists them)", n)
		}
		if err != nil {
			return redirectplan.Wanted{}, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
		}
		return redirectplan.RestoreOf(v), nil
	})
}
