package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/funnelsdev/funnels/client/funneltree"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// exportTreeRow is one sub-account of `funnels export` across a set: where its
// export folder is and what it holds.
type exportTreeRow struct {
	memberTag
	Dir    string            `json:"dir"`
	Source string            `json:"source"`
	Counts funneltree.Counts `json:"counts"`
}

// exportTreeSetOutput is the --json shape of `funnels export` across a set.
type exportTreeSetOutput struct {
	Dir         string          `json:"dir"`
	Format      string          `json:"format"`
	ExportedAt  string          `json:"exportedAt"`
	SubAccounts []exportTreeRow `json:"subAccounts"`
	Failures    []memberFailure `json:"failures"`
}

// exportSetRun writes every member of the set as an export folder of its own under
// the directory -o names, each as `funnels export` writes one location, named by the
// sub-account as `redirects export` across a set names its files (summit-strength),
// its location id added when two names would meet.
func exportSetRun(ctx context.Context, f *Factory, opts *ExportOptions, format funneltree.Format, from treeSource) error {
	if info, err := os.Stat(opts.Output); err == nil && !info.IsDir() {
		return usagef("%s is a file: across sub-accounts -o names a directory, one export folder per sub-account", quoteInput(opts.Output))
	}
	fo, err := f.startSet(ctx, &opts.Set, "funnels export")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(opts.Output, 0o755); err != nil {
		return withExitCode(ExitLocal, fmt.Errorf("making the directory %s: %w", termtext.Line(opts.Output), err))
	}
	dirs := memberFileStems(fo.set.members)
	exportedAt := time.Now().UTC().Format(time.RFC3339)
	done, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) (exportTreeRow, error) {
		return exportMember(ctx, f, m, filepath.Join(opts.Output, dirs[m.at]), format, from, opts.Force, exportedAt)
	})
	rows := make([]exportTreeRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		out := exportTreeSetOutput{Dir: opts.Output, Format: string(format), ExportedAt: exportedAt, SubAccounts: rows, Failures: orEmpty(fails)}
		if err := opts.Exporter.Write(ctx, f.IO, out, rows); err != nil {
			return err
		}
	} else if len(rows) > 0 {
		t := newTable(f.IO, nameColumn("SUB-ACCOUNT"), textColumn("FUNNELS"), textColumn("PAGES"), textColumn("REDIRECTS"), nameColumn("DIR").tells())
		for _, r := range rows {
			t.row(r.LocationName, fmt.Sprint(r.Counts.Funnels), fmt.Sprint(r.Counts.Pages), fmt.Sprint(r.Counts.Redirects), r.Dir)
		}
		if err := t.print(); err != nil {
			return err
		}
	}
	return setOutcome(f, len(fo.set.members), fails)
}

// exportMember writes one member's export folder at dir: its local index, crawled
// first as from asks (no progress of its own: the set's line counts it).
func exportMember(ctx context.Context, f *Factory, m *memberRun, dir string, format funneltree.Format, from treeSource, force bool, exportedAt string) (exportTreeRow, error) {
	store, err := m.Session.OpenIndex()
	if err != nil {
		return exportTreeRow{}, err
	}
	defer store.Close()
	t, err := readIndexTree(ctx, store, from, func() error {
		_, err := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		return crawlError(err)
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
		return exportTreeRow{}, usagef("%v; give another -o", err)
	case errors.Is(err, funneltree.ErrOtherExport):
		return exportTreeRow{}, usagef("%v; --force writes this one over it", err)
	case err != nil:
		return exportTreeRow{}, withExitCode(ExitLocal, err)
	}
	return exportTreeRow{memberTag: tagOf(m.member), Dir: dir, Source: t.Manifest.Source, Counts: t.Count()}, nil
}
