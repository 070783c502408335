package export

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/funneltree"
)

// ExportOptions are what `funnels export` works from.
type ExportOptions struct {
	Output   string // the directory
	Format   string // yaml or json
	Cached   bool   // from the local index as it is
	Fresh    bool   // crawled first
	Force    bool   // replace a directory that is not an export
	DryRun   bool   // tell what would be written, and write nothing
	Funnel   string // with DryRun, one funnel as its file would hold it (by name, path or file)
	Exporter cmdutil.Exporter
	Set      cmdutil.SetOptions
}

// exportOutput is the --json shape of `funnels export`.
type exportOutput struct {
	Dir        string            `json:"dir"`
	Format     string            `json:"format"`
	Source     string            `json:"source"`
	ExportedAt string            `json:"exportedAt"`
	Counts     funneltree.Counts `json:"counts"`
}

func newCmdExport(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ExportOptions{}
	cmd := &cobra.Command{
		Use:   "export [-o DIR|-] [--format yaml|json] [--cached|--fresh] [--dry-run]",
		Short: "Write the location's funnels as files: folders, funnels, steps, pages, domains, redirects",
		Long: `Writes the whole location as a tree of files a person can read and git can diff:
manifest.yaml (when, from where, counts), folders.yaml, domains.yaml, redirects.yaml,
and one file per funnel (its steps and their pages) under funnels/, in a directory
per folder. The same data gives the same bytes: records hold no times (exportedAt
is in the manifest only) and everything is in a stable order.

It reads the local index: as it is with --cached (no request), after a crawl with
--fresh, and by default as it is when the last whole crawl ended less than an hour
ago, else after a crawl. Only the export's own files are replaced, each whole, and
a kill leaves the previous export or the new one; what else the directory holds
(.git, a README) is kept. A directory that holds other files and no export is
refused; the export of another sub-account is written over only with --force.

-o - writes the same files as a tar archive on standard output instead, for a pipe
(over the team server, where no file of the server is written, this is the
default: ssh HOST export > lakeside.tar). --dry-run tells what would be written and
writes nothing; with --funnel NAME (its name, path or file) it shows that funnel's
file as the export would hold it.`,
		Example: `funnels export -o lakeside
funnels export -o lakeside --format json --fresh
funnels export -o lakeside --cached --json counts
funnels export -o clients --all-sub-accounts
funnels export -o - | tar -t
funnels export --dry-run --funnel /spring-offer`,
		RunE: func(cmd *cobra.Command, _ []string) error { return exportRun(cmd.Context(), f, opts) },
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringVarP(&opts.Output, "output", "o", defaultOutput(f), "the directory to write; - writes a tar archive on standard output")
	fl.StringVar(&opts.Format, "format", "yaml", "yaml or json")
	fl.BoolVar(&opts.Cached, "cached", false, "read the local index as it is, with no request")
	fl.BoolVar(&opts.Fresh, "fresh", false, "crawl the location first, however fresh the index")
	fl.BoolVar(&opts.Force, "force", false, "write over the export of another sub-account (or one whose manifest cannot be read)")
	fl.BoolVar(&opts.DryRun, "dry-run", false, "tell what would be written and write nothing")
	fl.StringVar(&opts.Funnel, "funnel", "", "with --dry-run: one funnel as its file would hold it (its name, path or file)")
	cmdutil.TextFlag(cmd, "funnel", 500)
	_ = cmd.RegisterFlagCompletionFunc("format", cmdutil.FixedValues(funneltree.Formats()))
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmd.Long += `
Across a set, -o names a directory holding one export folder per sub-account,
named by the sub-account (summit-strength), each as one location's export.`
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(exportOutput{}, cmdutil.MemberTag{}))
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, Files: []cmdutil.File{exportDirFile()}, SSH: cmdutil.Offered(), Tools: []cmdutil.Tool{exportTool()}, Set: exportRows().Output}
}

func exportRun(ctx context.Context, f *cmdutil.Factory, opts *ExportOptions) error {
	format, ok := funneltree.ParseFormat(opts.Format)
	if !ok {
		return cmdutil.Usagef("--format must be %s, not %s", cmdutil.OrList(funneltree.Formats()), cmdutil.QuoteInput(opts.Format))
	}
	from, err := sourceFlags(f, opts.Cached, opts.Fresh)
	if err != nil {
		return err
	}
	if opts.Output == "" {
		return cmdutil.Usagef("-o needs a directory, or - for a tar archive on standard output")
	}
	if opts.Funnel != "" && !opts.DryRun {
		return cmdutil.SyntaxError("--funnel shows one funnel's file with --dry-run: add --dry-run")
	}
	if opts.Set.Given(f) {
		if opts.Output == "-" || opts.DryRun {
			return cmdutil.Usagef("across sub-accounts, export writes one folder per sub-account: name a directory with -o DIR (no -o -, no --dry-run)")
		}
		return exportSetRun(ctx, f, opts, format, from)
	}
	if opts.Output == "-" && !opts.DryRun {
		if err := tarReady(f, opts); err != nil {
			return err
		}
	}
	t, err := treeOf(ctx, f, from)
	if err != nil {
		return err
	}
	t.Manifest.ExportedAt = time.Now().UTC().Format(time.RFC3339)
	if opts.DryRun {
		return exportSummaryRun(ctx, f, opts, t, format)
	}
	if opts.Output == "-" {
		return writeTar(f, t, format)
	}
	switch err := funneltree.Write(opts.Output, t, format, opts.Force); {
	case errors.Is(err, funneltree.ErrNotDirectory):
		return cmdutil.Usagef("-o: %w; give a directory", err)
	case errors.Is(err, funneltree.ErrNotExport):
		return cmdutil.Usagef("%w; give a new or empty directory, or one an export was written to", err)
	case errors.Is(err, funneltree.ErrOtherExport):
		return cmdutil.Usagef("%w; --force writes this one over it", err)
	case err != nil:
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	c := t.Count()
	if opts.Exporter.Enabled() {
		out := exportOutput{Dir: opts.Output, Format: string(format), Source: t.Manifest.Source, ExportedAt: t.Manifest.ExportedAt, Counts: c}
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	f.Prose("Exported %s, %s, %s, %s and %s to %s (%s, %s).", cmdutil.CountOf(c.Funnels, "funnel"), cmdutil.CountOf(c.Steps, "step"),
		cmdutil.CountOf(c.Pages, "page"), cmdutil.CountOf(c.Redirects, "redirect"), cmdutil.CountOf(c.Domains, "domain"), cmdutil.QuoteInput(opts.Output),
		format, sourceWords(t.Manifest))
	return nil
}

// sourceFlags is the source --cached and --fresh ask for.
func sourceFlags(f *cmdutil.Factory, cached, fresh bool) (treeSource, error) {
	switch {
	case cached && fresh:
		return 0, cmdutil.SyntaxError("--cached and --fresh cannot be given together")
	case cached && f.Flags.NoCache:
		return 0, cmdutil.Usagef("--cached reads the local index, which --no-cache turns off")
	case cached:
		return fromCached, nil
	case fresh:
		return fromFresh, nil
	}
	return fromAuto, nil
}

// sourceWords says where a tree was read from: "crawled now", "from the local index
// crawled at …".
func sourceWords(m funneltree.Manifest) string {
	if m.Source == "fresh" {
		return "crawled now"
	}
	if m.CrawledAt == "" {
		return "from the local index"
	}
	return "from the local index crawled " + m.CrawledAt
}

// defaultOutput is where an export goes without -o: the directory funnels-export,
// or, in a session of the team server (which writes no file of its own), a tar on
// standard output.
func defaultOutput(f *cmdutil.Factory) string {
	if f.Gate != nil {
		return "-"
	}
	return "funnels-export"
}

// exportDirFile is -o, the directory an export writes; - is standard output.
func exportDirFile() cmdutil.File {
	return cmdutil.File{Flag: "output", Writes: true,
		Instead: "leave -o out, or give -o -: the export comes as a tar on standard output (ssh HOST export > export.tar)"}
}

// exportTool is `funnels export --dry-run` for an assistant: what the export would
// write, told and never written.
func exportTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "export_summary",
		Description: "What 'funnels export' would write, told and never written (no tool writes a file on this machine; a person runs 'funnels export -o DIR' for the files): the manifest (counts of folders, funnels, steps, pages, domains and redirects; the source; when the index was crawled), the index's age in seconds and how many files; with funnel, that funnel as its exported file holds it (steps, pages, ids) and the file's path. The result is the --json of 'funnels export --dry-run'.",
		Fixed:       []string{"--dry-run"},
		Leave:       map[string]string{"output": "no tool writes a file on this machine", "force": "no tool writes a file on this machine", "dry-run": "this tool only tells"},
	}
}

// Commands are the commands of exports: `funnels export` and `funnels diff`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdExport(f), newCmdDiff(f)}
}
