package folders

import (
	"context"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// foldersSetRun lists what the folder (the top level without --parent) holds in
// every member of the set, the sub-account first on each row.
func foldersSetRun(ctx context.Context, f *cmdutil.Factory, opts *FoldersOptions, parent string) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels folders")
	if err != nil {
		return err
	}
	type listing struct {
		items []any
		note  string
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (listing, error) {
		l, note, err := browseFolder(ctx, m.Session.Client, parent)
		if err != nil {
			return listing{}, err
		}
		return listing{listed(l), note}, nil
	})
	items := make([]cmdutil.MemberDone[[]any], len(done))
	for i, d := range done {
		if d.Result.note != "" {
			f.Notice("Note: %s: %s.", cmdutil.QuoteName(d.Name), d.Result.note)
		}
		items[i] = cmdutil.MemberDone[[]any]{Member: d.Member, Result: d.Result.items}
	}
	return foldersRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), items, fails, cmdutil.DocField{Key: "parentId", Value: parent})
}
