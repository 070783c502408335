package e2e

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/funnelsdev/funnels/client/index"
)

// measureSnapshot is what a whole crawl's last write adds to keep the history of
// changes: comparing every folder, funnel, step and page of the big index with the
// snapshot of the crawl before (nothing changed, as most crawls find) and keeping the
// version, in one write. The baseline reads the same index whole once
// (Store.Snapshot, every record decoded). The first snapshot, which writes every
// entry, is in the note.
func measureSnapshot(store *index.Store, ic indexConfig, label string) (benchFigure, error) {
	ctx := context.Background()
	record := func() (time.Duration, error) {
		runtime.GC()
		start := time.Now()
		err := store.Update(ctx, func(w *index.Writer) error { return w.RecordCrawl() })
		return time.Since(start), err
	}
	first, err := record()
	if err != nil {
		return benchFigure{}, err
	}
	var ours, base []time.Duration
	for range max(3, ic.gotoRounds) {
		d, err := record()
		if err != nil {
			return benchFigure{}, err
		}
		ours = append(ours, d)
		runtime.GC()
		start := time.Now()
		if _, err := store.Snapshot(ctx); err != nil {
			return benchFigure{}, err
		}
		base = append(base, time.Since(start))
	}
	r, err := store.Changes(ctx, index.Since{})
	if err != nil {
		return benchFigure{}, err
	}
	if len(r.Changes) != 0 || r.Baseline {
		return benchFigure{}, fmt.Errorf("snapshot_%s: an unchanged index shows %d changes (baseline %v)", label, len(r.Changes), r.Baseline)
	}
	return benchFigure{
		Name: "snapshot_" + label, N: ic.indexPages(), Value: ms(median(ours)), Unit: "ms", Baseline: ms(median(base)),
		BaselineIs: "reading the same index whole once (Store.Snapshot: every record decoded)",
		Note: fmt.Sprintf("a crawl that found nothing changed, compared with the last snapshot and kept as a version, in one write; "+
			"the first snapshot (every entry written) %.0f ms", ms(first)),
	}, nil
}
