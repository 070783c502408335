package cache

import (
	"context"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
)

// cacheStatusSetRun shows the local index of every member of the set, one row each:
// what it holds and how old it is. It sends no request.
func cacheStatusSetRun(ctx context.Context, f *cmdutil.Factory, opts *CacheStatusOptions) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels cache status")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (cacheStatus, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			return cacheStatus{}, err
		}
		defer store.Close()
		return indexStatus(ctx, store, m.Session.Config.Profile.Name, m.Location)
	})
	return cacheRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), cmdutil.Each(done), fails)
}

// cacheRows are how `funnels cache status` across a set prints each local index.
func cacheRows() cmdutil.Rows[cacheStatus] {
	return cmdutil.Rows[cacheStatus]{
		Output: &cmdutil.SetOutput{Key: "subAccounts", Columns: []cmdutil.Column{cmdutil.TextColumn("FUNNELS"), cmdutil.TextColumn("PAGES"),
			cmdutil.TextColumn("REDIRECTS"), cmdutil.TextColumn("SIZE"), cmdutil.TextColumn("INDEXED")}},
		Cells: func(r cacheStatus) []string {
			size, crawled := "-", "never"
			if r.Bytes > 0 {
				size = cmdutil.ByteSize(r.Bytes)
			}
			switch {
			case !r.Crawled.IsZero():
				crawled = cmdutil.AgeText(time.Since(r.Crawled)) + " ago"
			case r.Unfinished:
				crawled = "part way"
			}
			return []string{index.Thousands(r.Funnels), index.Thousands(r.Pages), index.Thousands(r.Redirects), size, crawled}
		},
	}
}

// cacheStatusTool is `funnels cache status` for an assistant.
func cacheStatusTool() cmdutil.Tool {
	return cmdutil.Tool{Name: "index_status", Description: "The local index of the sub-account: what it holds and when a crawl last read the sub-account whole. With location (ids separated by commas), all_sub_accounts or group, one row for each of those sub-accounts, those that failed under failures. The result is the --json of 'funnels cache status'."}
}
