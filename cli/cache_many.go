package cli

import (
	"context"
	"time"

	"github.com/funnelsdev/funnels/client/index"
)

// cacheSetRow is one sub-account of `funnels cache status` across a set.
type cacheSetRow struct {
	memberTag
	cacheStatus
}

// cacheSetOutput is the --json shape of `funnels cache status` across a set.
type cacheSetOutput struct {
	SubAccounts []cacheSetRow   `json:"subAccounts"`
	Failures    []memberFailure `json:"failures"`
}

// cacheStatusSetRun shows the local index of every member of the set, one row each:
// what it holds and how old it is. It sends no request.
func cacheStatusSetRun(ctx context.Context, f *Factory, opts *CacheStatusOptions) error {
	fo, err := f.startSet(ctx, &opts.Set, "funnels cache status")
	if err != nil {
		return err
	}
	done, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) (cacheSetRow, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			return cacheSetRow{}, err
		}
		defer store.Close()
		st, err := indexStatus(ctx, store, m.Session.Config.Profile.Name, m.Location)
		return cacheSetRow{tagOf(m.member), st}, err
	})
	rows := make([]cacheSetRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, cacheSetOutput{SubAccounts: rows, Failures: orEmpty(fails)}, rows)
	} else if len(rows) > 0 {
		t := newTable(f.IO, nameColumn("SUB-ACCOUNT").tells(), textColumn("FUNNELS"), textColumn("PAGES"), textColumn("REDIRECTS"), textColumn("SIZE"), textColumn("INDEXED"))
		for _, r := range rows {
			size, crawled := "-", "never"
			if r.Bytes > 0 {
				size = byteSize(r.Bytes)
			}
			switch {
			case !r.Crawled.IsZero():
				crawled = ageText(time.Since(r.Crawled)) + " ago"
			case r.Unfinished:
				crawled = "part way"
			}
			t.row(r.LocationName, index.Thousands(r.Funnels), index.Thousands(r.Pages), index.Thousands(r.Redirects), size, crawled)
		}
		err = t.print()
	}
	if err != nil {
		return err
	}
	return setOutcome(f, len(fo.set.members), fails)
}
