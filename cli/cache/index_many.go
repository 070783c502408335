package cache

import (
	"context"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
)

// freshIndex reports whether store's last whole crawl is younger than maxAge (never
// for maxAge 0, an index never crawled whole, or one left part way), and its age.
func freshIndex(ctx context.Context, store *index.Store, maxAge time.Duration) (time.Duration, bool) {
	if maxAge <= 0 {
		return 0, false
	}
	st, err := store.State(ctx)
	if err != nil || st.Crawled.IsZero() || st.Unfinished {
		return 0, false
	}
	age := time.Since(st.Crawled)
	return age, age < maxAge
}

// indexSetRun crawls every member of the set into its own local index (each
// resumable as a crawl of one is), skipping those crawled within --max-age.
func indexSetRun(ctx context.Context, f *cmdutil.Factory, opts *IndexOptions) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels index")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (indexOutput, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			return indexOutput{}, err
		}
		defer store.Close()
		row := indexOutput{Path: store.Path(), Notes: []string{}}
		if age, fresh := freshIndex(ctx, store, opts.MaxAge); fresh {
			row.Skipped, row.AgeSecs, row.Complete = true, int(age.Seconds()), true
			return row, nil
		}
		p, err := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		if err := cmdutil.CrawlError(err); err != nil {
			return row, err
		}
		return crawled(p, store.Path(), true), nil
	})
	return indexRows().PrintSet(ctx, f, &opts.Exporter, len(fo.Set.Members), cmdutil.Each(done), fails)
}

// indexRows are how `funnels index` across a set prints what each crawl read.
func indexRows() cmdutil.Rows[indexOutput] {
	return cmdutil.Rows[indexOutput]{
		Output: &cmdutil.SetOutput{Key: "subAccounts", Columns: []cmdutil.Column{cmdutil.TextColumn("FUNNELS"), cmdutil.TextColumn("PAGES"),
			cmdutil.TextColumn("REDIRECTS"), cmdutil.TextColumn("REQUESTS"), cmdutil.TextColumn("TIME")}},
		Cells: func(r indexOutput) []string {
			if r.Skipped {
				return []string{"-", "-", "-", "0", "skipped: indexed " + cmdutil.AgeText(time.Duration(r.AgeSecs)*time.Second) + " ago"}
			}
			return []string{index.Thousands(r.Funnels), index.Thousands(r.Pages), index.Thousands(r.Redirects),
				index.Thousands(r.Requests), (time.Duration(r.Seconds * float64(time.Second))).Round(100 * time.Millisecond).String()}
		},
	}
}
