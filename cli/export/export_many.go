package export

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/funneltree"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// exportTreeRow is one sub-account of `funnels export` across a set: where its
// export folder is and what it holds.
type exportTreeRow struct {
	cmdutil.MemberTag
	Dir    string            `json:"dir"`
	Source string            `json:"source"`
	Counts funneltree.Counts `json:"counts"`
}

// exportTreeSetOutput is the --json shape of `funnels export` across a set.
type exportTreeSetOutput struct {
	Dir         string                  `json:"dir"`
	Format      string                  `json:"format"`
	ExportedAt  string                  `json:"exportedAt"`
	SubAccounts []exportTreeRow         `json:"subAccounts"`
	Failures    []cmdutil.MemberFailure `json:"failures"`
}

// exportSetRun writes every member of the set as an export folder of its own under
// the directory -o names, each as `funnels export` writes one location, named by the
// sub-account as `redirects export` across a set names its files (summit-strength),
// its location id added when two names would meet.
func exportSetRun(ctx context.Context, f *cmdutil.Factory, opts *ExportOptions, format funneltree.Format, from TreeSource) error {
	if info, err := os.Stat(opts.Output); err == nil && !info.IsDir() {
		return cmdutil.Usagef("%s is a file: across sub-accounts -o names a directory, one export folder per sub-account", cmdutil.QuoteInput(opts.Output))
	}
	fo, err := f.StartSet(ctx, &opts.Set, "funnels export")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(opts.Output, 0o755); err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("making the directory %s: %w", termtext.Line(opts.Output), err))
	}
	dirs := cmdutil.MemberFileStems(fo.Set.Members)
	exportedAt := time.Now().UTC().Format(time.RFC3339)
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (exportTreeRow, error) {
		return exportMember(ctx, f, m, filepath.Join(opts.Output, dirs[m.At]), format, from, opts.Force, exportedAt)
	})
	rows := make([]exportTreeRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		out := exportTreeSetOutput{Dir: opts.Output, Format: string(format), ExportedAt: exportedAt, SubAccounts: rows, Failures: cmdutil.OrEmpty(fails)}
		if err := opts.Exporter.Write(ctx, f.IO, out, rows); err != nil {
			return err
		}
	} else if len(rows) > 0 {
		t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("SUB-ACCOUNT"), cmdutil.TextColumn("FUNNELS"), cmdutil.TextColumn("PAGES"), cmdutil.TextColumn("REDIRECTS"), cmdutil.NameColumn("DIR").Tells())
		for _, r := range rows {
			t.Row(r.LocationName, fmt.Sprint(r.Counts.Funnels), fmt.Sprint(r.Counts.Pages), fmt.Sprint(r.Counts.Redirects), r.Dir)
		}
		if err := t.Print(); err != nil {
			return err
		}
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
}

// exportMember writes one member's export folder at dir: its local index, crawled
// first as from asks (no progress of its own: the set's line counts it).
func exportMember(ctx context.Context, f *cmdutil.Factory, m *cmdutil.MemberRun, dir string, format funneltree.Format, from TreeSource, force bool, exportedAt string) (exportTreeRow, error) {
	store, err := m.Session.OpenIndex()
	if err != nil {
		return exportTreeRow{}, err
	}
	defer store.Close()
	t, err := readIndexTree(ctx, store, from, func() error {
		_, err := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		return cmdutil.CrawlError(err)
	})
	if err != nil {
		return exportTreeRow{}, err
	}
	t.Manifest.Location = funneltree.Location{ID: m.Location, Name: m.Name}
	t.Manifest.APIBase = m.Session.Client.BaseURL()
	t.Manifest.FunnelsVersion = f.Version
	t.Manifest.ExportedAt = exportedAt
	switch err := funneltree.Write(dir, t, format, force); {
	case errors.Is(err, funneltree.ErrNotDirectory), errors.Is(err, funneltree.ErrNotExport):
		return exportTreeRow{}, cmdutil.Usagef("%v; give another -o, or --force to replace it", err)
	case err != nil:
		return exportTreeRow{}, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	return exportTreeRow{MemberTag: cmdutil.TagOf(m.Member), Dir: dir, Source: t.Manifest.Source, Counts: t.Count()}, nil
}
