package export

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/funneltree"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/config"
)

// DiffOptions are what `funnels diff` works from.
type DiffOptions struct {
	A, B          string
	ExitCode      bool // exit 1 when they differ
	IgnoreDomains bool // compare a copy served on other domains
	Exporter      cmdutil.Exporter
}

// diffOutput is the --json shape of `funnels diff`.
type diffOutput struct {
	A       string                               `json:"a"`
	B       string                               `json:"b"`
	Same    bool                                 `json:"same"`
	Summary funneltree.Tally                     `json:"summary"`
	ByKind  map[funneltree.Kind]funneltree.Tally `json:"byKind"`
	Changes []funneltree.Change                  `json:"changes"`
}

// errDiffers ends a diff --exit-code that found differences: exit 1, nothing more
// to say than the diff printed.
var errDiffers = cmdutil.Told(cmdutil.ExitAPI, errors.New("the two differ"))

func newCmdDiff(f *cmdutil.Factory) *cmdutil.Command {
	opts := &DiffOptions{}
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Show what differs between two exports or sub-accounts: funnels, steps, pages, redirects",
		Long: `Compares two sets of funnels and prints what B added, removed and changed against A
(field: old → new), a summary first, then grouped by funnel. A and B are each:

  DIR             a directory 'funnels export' wrote
  @cached         this location's local index as it is
  @live           this location, crawled now
  profile:NAME    the location of another profile (its index when fresh, else crawled)
  location:ID     another sub-account of this profile's sign-in (an agency's), the same way

Funnels are matched by their address (host and path: case of the host, a trailing
slash, white space and no-break spaces do not count), then by path, then by name;
steps by path, then name; pages by name, then place. Ids never match across
sub-accounts, so a client's copy of a template compares with the template.

--exit-code exits 1 when they differ (0 when not), like git diff --exit-code.
--ignore-domains compares a client's copy served on its own domains with the
template: funnels and redirects are matched without their host, and domains are
not compared.`,
		Example: `funnels diff lakeside-monday lakeside
funnels diff lakeside @live --exit-code
funnels diff location:SummitStrengthLoc002 location:RiversideBoxingLoc03 --profile agency
funnels diff template profile:clinic --ignore-domains --json changes`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.A, opts.B = args[0], args[1]
			return diffRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "A", Field: "a", Max: 1000}, cmdutil.Arg{Name: "B", Field: "b", Max: 1000})
	cmd.Flags().BoolVar(&opts.ExitCode, "exit-code", false, "exit 1 when A and B differ")
	cmd.Flags().BoolVar(&opts.IgnoreDomains, "ignore-domains", false,
		"compare as if every domain were the same (a client's copy of a template on its own domains)")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(diffOutput{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, Files: diffFiles(), SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{diffTool()}}
}

func diffRun(ctx context.Context, f *cmdutil.Factory, opts *DiffOptions) error {
	for _, spec := range []string{opts.A, opts.B} {
		if err := checkSide(spec); err != nil {
			return err
		}
	}
	a, err := diffSide(ctx, f, opts.A)
	if err != nil {
		return err
	}
	b, err := diffSide(ctx, f, opts.B)
	if err != nil {
		return err
	}
	changes := funneltree.Diff(a, b, funneltree.Options{IgnoreDomains: opts.IgnoreDomains})
	byKind, all := funneltree.Summarise(changes)
	if opts.Exporter.Enabled() {
		out := diffOutput{A: opts.A, B: opts.B, Same: len(changes) == 0, Summary: all, ByKind: byKind,
			Changes: cmdutil.OrEmpty(changes)}
		if err := opts.Exporter.Write(ctx, f.IO, out, out); err != nil {
			return err
		}
	} else {
		printDiff(f, sideLabel(opts.A, a), sideLabel(opts.B, b), changes)
	}
	if opts.ExitCode && len(changes) > 0 {
		return errDiffers
	}
	return nil
}

// diffSide reads one side of a diff as its spelling says (checkSide took it).
func diffSide(ctx context.Context, f *cmdutil.Factory, spec string) (*funneltree.Tree, error) {
	if name, ok := strings.CutPrefix(spec, "profile:"); ok {
		other := *f
		other.Flags.Profile, other.Flags.Location = name, ""
		return treeOf(ctx, &other, fromAuto)
	}
	if id, ok := strings.CutPrefix(spec, "location:"); ok {
		other := *f
		other.Flags.Location = id
		return treeOf(ctx, &other, fromAuto)
	}
	switch spec {
	case "@live":
		return treeOf(ctx, f, fromFresh)
	case "@cached":
		return treeOf(ctx, f, fromCached)
	}
	t, err := funneltree.Read(spec)
	var dmg *funneltree.DamagedError
	switch {
	case errors.Is(err, funneltree.ErrNotExport), errors.Is(err, fs.ErrNotExist):
		return nil, cmdutil.Usagef("%s is not an export directory ('funnels export -o %s' writes one), nor @live, @cached, profile:NAME or location:ID",
			cmdutil.QuoteInput(spec), spec)
	case errors.As(err, &dmg):
		return nil, cmdutil.Usagef("%s: %w", cmdutil.QuoteInput(spec), err)
	case err != nil:
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	return t, nil
}

// sideLabel names one side of a diff for a person: as it was spelled, and for an
// export when it was made.
func sideLabel(spec string, t *funneltree.Tree) string {
	if at, err := time.Parse(time.RFC3339, t.Manifest.ExportedAt); err == nil {
		return spec + " (exported " + at.UTC().Format("2006-01-02 15:04 UTC") + ")"
	}
	return spec
}

// diffFiles are A and B where they name an export directory (not @cached, @live,
// profile:NAME or location:ID).
func diffFiles() []cmdutil.File {
	instead := "compare sources of the server's sub-accounts instead: @cached, @live, location:ID or profile:NAME"
	return []cmdutil.File{{Arg: 0, Names: isExportDir, Instead: instead}, {Arg: 1, Names: isExportDir, Instead: instead}}
}

// isExportDir reports whether a side of a diff is spelt as an export directory.
func isExportDir(spec string) bool {
	return spec != "" && !strings.HasPrefix(spec, "@") && !strings.HasPrefix(spec, "profile:") && !strings.HasPrefix(spec, "location:")
}

// diffTool is `funnels diff` for an assistant.
func diffTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "diff",
		Description: "What B added, removed and changed against A, as 'funnels diff A B': funnels matched by address, path, then name; steps and pages within them; redirects and domains. Each side is @cached, @live, location:ID, profile:NAME or an export directory (read only under the server's --exports-dir; refused without it). The result is the --json of 'funnels diff'.",
		Leave:       map[string]string{"exit-code": "the result says whether they are the same"},
	}
}

// checkSide refuses a side of a diff that is spelt wrong, before either side is
// read: a source that is none of @live and @cached, a profile name or location id
// that cannot be one.
func checkSide(spec string) error {
	if name, ok := strings.CutPrefix(spec, "profile:"); ok {
		if name == "" {
			return cmdutil.Usagef("profile: needs a profile name (profile:clinic)")
		}
		if err := config.CheckProfileName(name); err != nil {
			return cmdutil.Usagef("%s: %w", cmdutil.QuoteInput(spec), err)
		}
		return nil
	}
	if id, ok := strings.CutPrefix(spec, "location:"); ok {
		if id == "" {
			return cmdutil.Usagef("location: needs a location id (location:SummitStrengthLoc002)")
		}
		_, err := validate.ID("location id", id)
		return err
	}
	if strings.HasPrefix(spec, "@") && spec != "@live" && spec != "@cached" {
		return cmdutil.Usagef("%s is not a source: use @live, @cached, profile:NAME, location:ID or an export directory", cmdutil.QuoteInput(spec))
	}
	return nil
}
