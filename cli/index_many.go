package cli

import (
	"context"
	"time"

	"github.com/funnelsdev/funnels/client/index"
)

// indexSetRow is one sub-account of `funnels index` across a set, in --json.
type indexSetRow struct {
	memberTag
	indexOutput
	Skipped bool `json:"skipped"` // indexed whole within --max-age: nothing read
	AgeSecs int  `json:"ageSeconds,omitempty"`
}

// indexSetOutput is the --json shape of `funnels index` across a set.
type indexSetOutput struct {
	SubAccounts []indexSetRow   `json:"subAccounts"`
	Failures    []memberFailure `json:"failures"`
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
func indexSetRun(ctx context.Context, f *Factory, opts *IndexOptions) error {
	fo, err := f.startSet(ctx, &opts.Set, "funnels index")
	if err != nil {
		return err
	}
	done, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) (indexSetRow, error) {
		store, err := m.Session.OpenIndex()
		if err != nil {
			return indexSetRow{}, err
		}
		defer store.Close()
		row := indexSetRow{memberTag: tagOf(m.member)}
		row.Path, row.Notes = store.Path(), []string{}
		if age, fresh := freshIndex(ctx, store, opts.MaxAge); fresh {
			row.Skipped, row.AgeSecs, row.Complete = true, int(age.Seconds()), true
			return row, nil
		}
		p, err := (&index.Crawler{Client: m.Session.Client, Store: store}).Run(ctx)
		if err := crawlError(err); err != nil {
			return row, err
		}
		row.Folders, row.Funnels, row.Pages, row.Redirects, row.Requests = p.Folders, p.Funnels, p.Pages, p.Redirects, p.Requests
		row.Seconds, row.Resumed, row.Complete, row.Notes = p.Elapsed.Round(time.Millisecond).Seconds(), p.Resumed, true, orEmpty(p.Notes)
		return row, nil
	})
	rows := make([]indexSetRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		if err := opts.Exporter.Write(ctx, f.IO, indexSetOutput{SubAccounts: rows, Failures: orEmpty(fails)}, rows); err != nil {
			return err
		}
	} else if len(rows) > 0 {
		t := newTable(f.IO, nameColumn("SUB-ACCOUNT").tells(), textColumn("FUNNELS"), textColumn("PAGES"), textColumn("REDIRECTS"),
			textColumn("REQUESTS"), textColumn("TIME"))
		for _, r := range rows {
			if r.Skipped {
				t.row(r.LocationName, "-", "-", "-", "0", "skipped: indexed "+ageText(time.Duration(r.AgeSecs)*time.Second)+" ago")
				continue
			}
			t.row(r.LocationName, index.Thousands(r.Funnels), index.Thousands(r.Pages), index.Thousands(r.Redirects),
				index.Thousands(r.Requests), (time.Duration(r.Seconds * float64(time.Second))).Round(100*time.Millisecond).String())
		}
		if err := t.print(); err != nil {
			return err
		}
	}
	return setOutcome(f, len(fo.set.members), fails)
}
