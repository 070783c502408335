package cli

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/client/funneltree"
)

// ExportOptions are what `funnels export` works from.
type ExportOptions struct {
	Output   string // the directory
	Format   string // yaml or json
	Cached   bool   // from the local index as it is
	Fresh    bool   // crawled first
	Force    bool   // replace a directory that is not an export
	Exporter Exporter
	Set      SetOptions
}

// exportOutput is the --json shape of `funnels export`.
type exportOutput struct {
	Dir        string            `json:"dir"`
	Format     string            `json:"format"`
	Source     string            `json:"source"`
	ExportedAt string            `json:"exportedAt"`
	Counts     funneltree.Counts `json:"counts"`
}

func newCmdExport(f *Factory) *cobra.Command {
	opts := &ExportOptions{}
	cmd := &cobra.Command{
		Use:   "export [-o DIR] [--format yaml|json] [--cached|--fresh]",
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
refused; the export of another sub-account is written over only with --force.`,
		Example: `funnels export -o lakeside
funnels export -o lakeside --format json --fresh
funnels export -o lakeside --cached --json counts
funnels export -o clients --all-sub-accounts`,
		RunE: func(cmd *cobra.Command, _ []string) error { return exportRun(cmd.Context(), f, opts) },
	}
	cmd.Args = positional(cmd)
	fl := cmd.Flags()
	fl.StringVarP(&opts.Output, "output", "o", "funnels-export", "the directory to write")
	fl.StringVar(&opts.Format, "format", "yaml", "yaml or json")
	fl.BoolVar(&opts.Cached, "cached", false, "read the local index as it is, with no request")
	fl.BoolVar(&opts.Fresh, "fresh", false, "crawl the location first, however fresh the index")
	fl.BoolVar(&opts.Force, "force", false, "write over the export of another sub-account (or one whose manifest cannot be read)")
	_ = cmd.RegisterFlagCompletionFunc("format", fixedValues(funneltree.Formats()))
	addSetFlags(f, cmd, &opts.Set)
	cmd.Long += `
Across a set, -o names a directory holding one export folder per sub-account,
named by the sub-account (summit-strength), each as one location's export.`
	addJSONFlags(cmd, &opts.Exporter, fieldsOf(exportOutput{}, exportTreeRow{}))
	return cmd
}

func exportRun(ctx context.Context, f *Factory, opts *ExportOptions) error {
	format, ok := funneltree.ParseFormat(opts.Format)
	if !ok {
		return usagef("--format must be %s, not %s", orList(funneltree.Formats()), quoteInput(opts.Format))
	}
	from, err := sourceFlags(f, opts.Cached, opts.Fresh)
	if err != nil {
		return err
	}
	if opts.Output == "" {
		return usagef("-o needs a directory")
	}
	if opts.Set.given(f) {
		return exportSetRun(ctx, f, opts, format, from)
	}
	t, err := treeOf(ctx, f, from)
	if err != nil {
		return err
	}
	t.Manifest.ExportedAt = time.Now().UTC().Format(time.RFC3339)
	switch err := funneltree.Write(opts.Output, t, format, opts.Force); {
	case errors.Is(err, funneltree.ErrNotDirectory):
		return usagef("-o: %v; give a directory", err)
	case errors.Is(err, funneltree.ErrNotExport):
		return usagef("%v; give a new or empty directory, or one an export was written to", err)
	case errors.Is(err, funneltree.ErrOtherExport):
		return usagef("%v; --force writes this one over it", err)
	case err != nil:
		return withExitCode(ExitLocal, err)
	}
	c := t.Count()
	if opts.Exporter.Enabled() {
		out := exportOutput{Dir: opts.Output, Format: string(format), Source: t.Manifest.Source, ExportedAt: t.Manifest.ExportedAt, Counts: c}
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	f.prose("Exported %s, %s, %s, %s and %s to %s (%s, %s).", countOf(c.Funnels, "funnel"), countOf(c.Steps, "step"),
		countOf(c.Pages, "page"), countOf(c.Redirects, "redirect"), countOf(c.Domains, "domain"), quoteInput(opts.Output),
		format, sourceWords(t.Manifest))
	return nil
}

// sourceFlags is the source --cached and --fresh ask for.
func sourceFlags(f *Factory, cached, fresh bool) (treeSource, error) {
	switch {
	case cached && fresh:
		return 0, syntaxError("--cached and --fresh cannot be given together")
	case cached && f.Flags.NoCache:
		return 0, usagef("--cached reads the local index, which --no-cache turns off")
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
