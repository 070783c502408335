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

// exportRows are how `funnels export` across a set prints each sub-account's export
// folder and what it holds.
func exportRows() cmdutil.Rows[exportOutput] {
	return cmdutil.Rows[exportOutput]{
		Output: &cmdutil.SetOutput{Key: "subAccounts", Columns: []cmdutil.Column{cmdutil.TextColumn("FUNNELS"), cmdutil.TextColumn("PAGES"),
			cmdutil.TextColumn("REDIRECTS"), cmdutil.NameColumn("DIR").Tells()}},
		Cells: func(r exportOutput) []string {
			return []string{fmt.Sprint(r.Counts.Funnels), fmt.Sprint(r.Counts.Pages), fmt.Sprint(r.Counts.Redirects), r.Dir}
		},
	}
}

// exportSetRun writes every member of the set as an export folder of its own under
// the directory -o names, each as `funnels export` writes one location, named by the
// sub-account as `redirects export` across a set names its files (summit-strength),
// its location id added when two names would meet.
func exportSetRun(ctx context.Context, f *cmdutil.Factory, opts *ExportOptions, format funneltree.Format, from treeSource) error {
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
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (exportOutput, error) {
		return exportMember(ctx, f, m, filepath.Join(opts.Output, dirs[m.At]), format, from, opts.Force, exportedAt)
	})
	return exportRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), cmdutil.Each(done), fails,
		cmdutil.DocField{Key: "dir", Value: opts.Output}, cmdutil.DocField{Key: "format", Value: string(format)}, cmdutil.DocField{Key: "exportedAt", Value: exportedAt})
}

// exportMember writes one member's export folder at dir: its local index, crawled
// first as from asks (no progress of its own: the set's line counts it).
func exportMember(ctx context.Context, f *cmdutil.Factory, m *cmdutil.MemberRun, dir string, format funneltree.Format, from treeSource, force bool, exportedAt string) (exportOutput, error) {
	store, err := m.Session.OpenIndex()
	if err != nil {
		return exportOutput{}, err
	}
	defer store.Close()
	t, err := readIndexTree(ctx, store, from, func() error {
		_, err := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		return cmdutil.CrawlError(err)
	})
	if err != nil {
		return exportOutput{}, err
	}
	t.Manifest.Location = funneltree.Location{ID: m.Location, Name: m.Name}
	t.Manifest.APIBase = m.Session.Client.BaseURL()
	t.Manifest.FunnelsVersion = f.Version
	t.Manifest.ExportedAt = exportedAt
	switch err := funneltree.Write(dir, t, format, force); {
	case errors.Is(err, funneltree.ErrNotDirectory), errors.Is(err, funneltree.ErrNotExport):
		return exportOutput{}, cmdutil.Usagef("%w; give another -o", err)
	case errors.Is(err, funneltree.ErrOtherExport):
		return exportOutput{}, cmdutil.Usagef("%w; --force writes this one over it", err)
	case err != nil:
		return exportOutput{}, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	return exportOutput{Dir: dir, Format: string(format), Source: t.Manifest.Source, ExportedAt: exportedAt, Counts: t.Count()}, nil
}
