package cache

import (
	"context"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/index"
)

// cacheSetRow is one sub-account of `funnels cache status` across a set.
type cacheSetRow struct {
	cmdutil.MemberTag
	cacheStatus
}

// CacheSetOutput is the --json shape of `funnels cache status` across a set.
type CacheSetOutput struct {
	SubAccounts []cacheSetRow           `json:"subAccounts"`
	Failures    []cmdutil.MemberFailure `json:"failures"`
}

// cacheStatusSetRun shows the local index of every member of the set, one row each:
// what it holds and how old it is. It sends no request.
func cacheStatusSetRun(ctx context.Context, f *cmdutil.Factory, opts *CacheStatusOptions) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels cache status")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (cacheSetRow, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			return cacheSetRow{}, err
		}
		defer store.Close()
		st, err := indexStatus(ctx, store, m.Session.Config.Profile.Name, m.Location)
		return cacheSetRow{cmdutil.TagOf(m.Member), st}, err
	})
	rows := make([]cacheSetRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, CacheSetOutput{SubAccounts: rows, Failures: cmdutil.OrEmpty(fails)}, rows)
	} else if len(rows) > 0 {
		t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("SUB-ACCOUNT").Tells(), cmdutil.TextColumn("FUNNELS"), cmdutil.TextColumn("PAGES"), cmdutil.TextColumn("REDIRECTS"), cmdutil.TextColumn("SIZE"), cmdutil.TextColumn("INDEXED"))
		for _, r := range rows {
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
			t.Row(r.LocationName, index.Thousands(r.Funnels), index.Thousands(r.Pages), index.Thousands(r.Redirects), size, crawled)
		}
		err = t.Print()
	}
	if err != nil {
		return err
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
}
