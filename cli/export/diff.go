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

func NewCmdDiff(f *cmdutil.Factory) *cobra.Command {
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
			return DiffRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "A", Field: "a"}, cmdutil.Arg{Name: "B", Field: "b"})
	cmd.Flags().BoolVar(&opts.ExitCode, "exit-code", false, "exit 1 when A and B differ")
	cmd.Flags().BoolVar(&opts.IgnoreDomains, "ignore-domains", false,
		"compare as if every domain were the same (a client's copy of a template on its own domains)")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(diffOutput{}))
	return cmd
}

func DiffRun(ctx context.Context, f *cmdutil.Factory, opts *DiffOptions) error {
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

// diffSide reads one side of a diff as its spelling says.
func diffSide(ctx context.Context, f *cmdutil.Factory, spec string) (*funneltree.Tree, error) {
	if name, ok := strings.CutPrefix(spec, "profile:"); ok {
		if name == "" {
			return nil, cmdutil.Usagef("profile: needs a profile name (profile:clinic)")
		}
		other := *f
		other.Flags.Profile, other.Flags.Location = name, ""
		return TreeOf(ctx, &other, fromAuto)
	}
	if id, ok := strings.CutPrefix(spec, "location:"); ok {
		if id == "" {
			return nil, cmdutil.Usagef("location: needs a location id (location:SummitStrengthLoc002)")
		}
		other := *f
		other.Flags.Location = id
		return TreeOf(ctx, &other, fromAuto)
	}
	switch spec {
	case "@live":
		return TreeOf(ctx, f, fromFresh)
	case "@cached":
		return TreeOf(ctx, f, fromCached)
	}
	if strings.HasPrefix(spec, "@") {
		return nil, cmdutil.Usagef("%s is not a source: use @live, @cached, profile:NAME, location:ID or an export directory", cmdutil.QuoteInput(spec))
	}
	t, err := funneltree.Read(spec)
	var dmg *funneltree.DamagedError
	switch {
	case errors.Is(err, funneltree.ErrNotExport), errors.Is(err, fs.ErrNotExist):
		return nil, cmdutil.Usagef("%s is not an export directory ('funnels export -o %s' writes one), nor @live, @cached, profile:NAME or location:ID",
			cmdutil.QuoteInput(spec), spec)
	case errors.As(err, &dmg):
		return nil, cmdutil.Usagef("%s: %v", cmdutil.QuoteInput(spec), err)
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
