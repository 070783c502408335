package redirects

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// RedirectsExportOptions are what `funnels redirects export` works from.
type RedirectsExportOptions struct {
	Output string // a file; "" writes to standard output (across a set: a directory)
	Format string // csv, json or jsonl; "" from Output's extension, else csv
	Cached bool   // from the local index instead of the server
	Set    cmdutil.SetOptions
	cmdutil.Exporter
}

func newCmdRedirectsExport(f *cmdutil.Factory) *cmdutil.Command {
	opts := &RedirectsExportOptions{}
	cmd := &cobra.Command{
		Use:   "export [-o FILE] [--format csv|json|jsonl] [--cached]",
		Short: "Write every redirect of the location to a file (CSV, JSON or JSONL)",
		Long: `Writes every URL redirect of the location, read from the server (--cached: from
the local index, no request), in a stable order (domain, then path) with the columns
domain, path, target, action and id: a file to edit in a spreadsheet and give back
to 'funnels redirects import'. Exported again with nothing changed, the file is the
same byte for byte.

Without -o it writes to standard output. The format is --format, else the extension
of -o (.csv, .json, .jsonl), else CSV. The file is written whole or not at all.
Across sub-accounts -o names a directory: one file per sub-account, named after
it (summit-strength.csv; its location id added when two names meet).`,
		Example: `funnels redirects export -o redirects.csv
funnels redirects export --format jsonl > redirects.jsonl
funnels redirects export --cached -o redirects.json`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return redirectsExportRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringVarP(&opts.Output, "output", "o", "", "the file to write (its extension picks the format); standard output when not given")
	fl.StringVar(&opts.Format, "format", "", "csv, json or jsonl (default: from the extension of -o, else csv)")
	fl.BoolVar(&opts.Cached, "cached", false, "read the redirects from the local index ('funnels index') instead of the server")
	_ = cmd.RegisterFlagCompletionFunc("format", cmdutil.FixedValues(redirectplan.Formats()))
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(exportSetRow{}))
	return &cmdutil.Command{Cobra: cmd, SSH: cmdutil.Offered(), Files: []cmdutil.File{exportOutputFile()}, Set: exportSetRows().Output}
}

func redirectsExportRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsExportOptions) error {
	if opts.Set.Given(f) {
		return redirectsExportSetRun(ctx, f, opts)
	}
	if opts.Exporter.Enabled() {
		return cmdutil.Usagef("--json, --jq and --template report an export across sub-accounts; the redirects of one are written as JSON with --format json")
	}
	format, err := exportFormat(opts.Format, opts.Output)
	if err != nil {
		return err
	}
	var list []client.Redirect
	if opts.Cached {
		list, err = cachedRedirects(ctx, f)
	} else {
		list, err = serverRedirects(ctx, f)
	}
	if err != nil {
		return err
	}
	rows := redirectplan.RowsOf(list)
	if opts.Output != "" {
		if err := redirectplan.WriteFile(opts.Output, format, rows); err != nil {
			return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
		}
		f.Notice("Wrote %s to %s (%s).", cmdutil.CountOf(len(rows), "redirect"), termtext.Line(opts.Output), format)
		return nil
	}
	if f.IO.OutTTY {
		for i := range rows {
			rows[i] = cleanRow(rows[i]) // a terminal gets no escape sequence from the server
		}
	}
	if err := redirectplan.Write(f.IO.Out, format, rows); err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	return nil
}

// exportOutputFile is -o, the file (across a set, the directory) an export writes;
// without it the redirects come on standard output.
func exportOutputFile() cmdutil.File {
	return cmdutil.File{Flag: "output", Writes: true,
		Instead: "leave -o out: the redirects come on standard output (ssh HOST redirects export > redirects.csv)"}
}

// exportFormat is the format asked for, else the one of the file's extension, else CSV.
func exportFormat(flag, output string) (redirectplan.Format, error) {
	if flag != "" {
		fm, ok := redirectplan.ParseFormat(flag)
		if !ok {
			return "", cmdutil.Usagef("--format must be %s, not %s", cmdutil.OrList(redirectplan.Formats()), cmdutil.QuoteInput(flag))
		}
		return fm, nil
	}
	if output == "" {
		return redirectplan.CSV, nil
	}
	fm, ok := redirectplan.FormatOf(output)
	if !ok {
		return "", cmdutil.Usagef("cannot tell the format of %s from its extension: name it .csv, .json or .jsonl, or give --format", cmdutil.QuoteInput(output))
	}
	return fm, nil
}

// serverRedirects reads every redirect of the location from the server; a list cut
// short is an error, for a partial file would read as the whole.
func serverRedirects(ctx context.Context, f *cmdutil.Factory) ([]client.Redirect, error) {
	sess, err := f.Session(ctx, true)
	if err != nil {
		return nil, err
	}
	c := sess.Client
	list, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
	if err != nil {
		return nil, fmt.Errorf("reading the redirects: %w", err)
	}
	return list, nil
}

// cachedRedirects are the redirects of the location's local index.
func cachedRedirects(ctx context.Context, f *cmdutil.Factory) ([]client.Redirect, error) {
	cfg, err := f.CacheConfig()
	if err != nil {
		return nil, err
	}
	store, err := f.IndexStore(cfg)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	return indexRedirects(ctx, store)
}

// indexRedirects are the redirects a local index holds.
func indexRedirects(ctx context.Context, store *index.Store) ([]client.Redirect, error) {
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	if !snap.State.Exists {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, errors.New("no local index of this location yet: run 'funnels index' first, or leave out --cached"))
	}
	out := make([]client.Redirect, len(snap.Redirects))
	for i, r := range snap.Redirects {
		out[i] = client.Redirect{ID: r.ID, Domain: r.Domain, Path: r.Path, Target: r.Target, Action: r.Action, Type: r.Type}
	}
	return out, nil
}

// cleanRow is a row with every field fit for a terminal.
func cleanRow(r redirectplan.Row) redirectplan.Row {
	r.Domain, r.Path, r.Target, r.Action, r.ID = termtext.Line(r.Domain), termtext.Line(r.Path), termtext.Line(r.Target), termtext.Line(r.Action), termtext.Line(r.ID)
	return r
}
