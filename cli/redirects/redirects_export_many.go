package redirects

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// exportSetRow is what `funnels redirects export` wrote for one sub-account of a set.
type exportSetRow struct {
	Redirects int    `json:"redirects"`
	File      string `json:"file"`
}

// exportSetRows are how `funnels redirects export` across a set prints what it wrote.
func exportSetRows() cmdutil.Rows[exportSetRow] {
	return cmdutil.Rows[exportSetRow]{
		Output: &cmdutil.SetOutput{Key: "subAccounts", Columns: []cmdutil.Column{cmdutil.TextColumn("REDIRECTS"), cmdutil.NameColumn("FILE").Tells()}},
		Cells:  func(r exportSetRow) []string { return []string{fmt.Sprint(r.Redirects), r.File} },
	}
}

// redirectsExportSetRun writes the redirects of every member of the set to a file of
// its own in the directory -o names: the sub-account's name made a file name
// (summit-strength.csv), with its location id added when two names would meet.
func redirectsExportSetRun(ctx context.Context, f *cmdutil.Factory, opts *RedirectsExportOptions) error {
	if opts.Output == "" {
		return cmdutil.Usagef("across sub-accounts, export writes one file per sub-account: name a directory with -o DIR")
	}
	format := redirectplan.CSV
	if opts.Format != "" {
		fm, ok := redirectplan.ParseFormat(opts.Format)
		if !ok {
			return cmdutil.Usagef("--format must be %s, not %s", cmdutil.OrList(redirectplan.Formats()), cmdutil.QuoteInput(opts.Format))
		}
		format = fm
	}
	if info, err := os.Stat(opts.Output); err == nil && !info.IsDir() {
		return cmdutil.Usagef("%s is a file: across sub-accounts -o names a directory, one file per sub-account", cmdutil.QuoteInput(opts.Output))
	}
	fo, err := f.StartSet(ctx, &opts.Set, "funnels redirects export")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(opts.Output, 0o755); err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("making the directory %s: %w", termtext.Line(opts.Output), err))
	}
	files := cmdutil.ExportFileNames(fo.Set.Members, string(format))
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (exportSetRow, error) {
		var list []client.Redirect
		var err error
		if opts.Cached {
			list, err = memberIndexRedirects(ctx, m)
		} else if list, _, err = m.Session.Client.ListAllRedirects(ctx, client.ListRedirectsParams{}); err != nil {
			err = fmt.Errorf("reading the redirects: %w", err)
		}
		if err != nil {
			return exportSetRow{}, err
		}
		rows := redirectplan.RowsOf(list)
		path := filepath.Join(opts.Output, files[m.At])
		if err := redirectplan.WriteFile(path, format, rows); err != nil {
			return exportSetRow{}, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
		}
		return exportSetRow{Redirects: len(rows), File: path}, nil
	})
	return exportSetRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), cmdutil.Each(done), fails, cmdutil.DocField{Key: "dir", Value: opts.Output})
}

// memberIndexRedirects are the redirects of a member's local index.
func memberIndexRedirects(ctx context.Context, m *cmdutil.MemberRun) ([]client.Redirect, error) {
	store, err := m.Session.OpenIndex()
	if err != nil {
		return nil, err
	}
	defer store.Close()
	return indexRedirects(ctx, store)
}
