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

// exportSetRow is one sub-account of `funnels redirects export` across a set.
type exportSetRow struct {
	cmdutil.MemberTag
	Redirects int    `json:"redirects"`
	File      string `json:"file"`
}

// exportSetOutput is the --json shape of an export across a set.
type exportSetOutput struct {
	Dir         string                  `json:"dir"`
	SubAccounts []exportSetRow          `json:"subAccounts"`
	Failures    []cmdutil.MemberFailure `json:"failures"`
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
		return exportSetRow{MemberTag: cmdutil.TagOf(m.Member), Redirects: len(rows), File: path}, nil
	})
	rows := make([]exportSetRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		if err := opts.Exporter.Write(ctx, f.IO, exportSetOutput{Dir: opts.Output, SubAccounts: rows, Failures: cmdutil.OrEmpty(fails)}, rows); err != nil {
			return err
		}
	} else if len(rows) > 0 {
		t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("SUB-ACCOUNT"), cmdutil.TextColumn("REDIRECTS"), cmdutil.NameColumn("FILE").Tells())
		for _, r := range rows {
			t.Row(r.LocationName, fmt.Sprint(r.Redirects), r.File)
		}
		if err := t.Print(); err != nil {
			return err
		}
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
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
