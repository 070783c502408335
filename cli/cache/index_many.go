package cache

import (
	"context"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
)

// indexSetRow is one sub-account of `funnels index` across a set, in --json.
type indexSetRow struct {
	cmdutil.MemberTag
	indexOutput
	Skipped bool `json:"skipped"` // indexed whole within --max-age: nothing read
	AgeSecs int  `json:"ageSeconds,omitempty"`
}

// IndexSetOutput is the --json shape of `funnels index` across a set.
type IndexSetOutput struct {
	SubAccounts []indexSetRow           `json:"subAccounts"`
	Failures    []cmdutil.MemberFailure `json:"failures"`
}

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
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (indexSetRow, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			return indexSetRow{}, err
		}
		defer store.Close()
		row := indexSetRow{MemberTag: cmdutil.TagOf(m.Member)}
		row.Path, row.Notes = store.Path(), []string{}
		if age, fresh := freshIndex(ctx, store, opts.MaxAge); fresh {
			row.Skipped, row.AgeSecs, row.Complete = true, int(age.Seconds()), true
			return row, nil
		}
		p, err := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		if err := cmdutil.CrawlError(err); err != nil {
			return row, err
		}
		row.Folders, row.Funnels, row.Pages, row.Redirects, row.Requests = p.Folders, p.Funnels, p.Pages, p.Redirects, p.Requests
		row.Seconds, row.Resumed, row.Complete, row.Notes = p.Elapsed.Round(time.Millisecond).Seconds(), p.Resumed, true, cmdutil.OrEmpty(p.Notes)
		return row, nil
	})
	rows := make([]indexSetRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		if err := opts.Exporter.Write(ctx, f.IO, IndexSetOutput{SubAccounts: rows, Failures: cmdutil.OrEmpty(fails)}, rows); err != nil {
			return err
		}
	} else if len(rows) > 0 {
		t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("SUB-ACCOUNT").Tells(), cmdutil.TextColumn("FUNNELS"), cmdutil.TextColumn("PAGES"), cmdutil.TextColumn("REDIRECTS"),
			cmdutil.TextColumn("REQUESTS"), cmdutil.TextColumn("TIME"))
		for _, r := range rows {
			if r.Skipped {
				t.Row(r.LocationName, "-", "-", "-", "0", "skipped: indexed "+cmdutil.AgeText(time.Duration(r.AgeSecs)*time.Second)+" ago")
				continue
			}
			t.Row(r.LocationName, index.Thousands(r.Funnels), index.Thousands(r.Pages), index.Thousands(r.Redirects),
				index.Thousands(r.Requests), (time.Duration(r.Seconds * float64(time.Second))).Round(100*time.Millisecond).String())
		}
		if err := t.Print(); err != nil {
			return err
		}
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
}
