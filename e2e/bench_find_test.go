package e2e

import (
	"fmt"
	"runtime"
	"strconv"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/ui"
)

// The figures of go to anything's and find's catalog (the index's items made once per
// change of the index): ctrl+p until the whole list shows, and `funnels find` as a
// process, time and peak RSS, each against the same with the catalog made from the
// records, which is what every open and every find did before there was one.

// The sign-in the binary finds the big index under: nothing answers at the base URL
// (benchBaseURL; a big index's is its benchLive server's, off but for a browser
// start), and find asks it nothing.
const (
	benchProfile  = "bench"
	benchBaseURL  = "http://127.0.0.1:1"
	benchLocation = "benchloc"
)

// measureGotoOpen is ctrl+p until go to anything lists every item of the big index,
// in a browser just started (it has read nothing of the index), the catalog kept in
// the index, against the same when the index changed since the catalog was made.
func measureGotoOpen(store *index.Store, ic indexConfig, label string) (benchFigure, error) {
	var warm, cold []time.Duration
	for range ic.gotoRounds {
		if err := forgetCatalog(store); err != nil {
			return benchFigure{}, err
		}
		cl, err := gotoOpenOnce(store, gotoItems(ic))
		if err != nil {
			return benchFigure{}, err
		}
		w, err := gotoOpenOnce(store, gotoItems(ic))
		if err != nil {
			return benchFigure{}, err
		}
		cold, warm = append(cold, cl), append(warm, w)
	}
	return benchFigure{
		Name: "goto_open_" + label, N: gotoItems(ic), Value: ms(median(warm)), Unit: "ms", Baseline: ms(median(cold)),
		BaselineIs: "the same open with no catalog kept (made from the records then, as every open did before there was one)",
		Note: fmt.Sprintf("ctrl+p in a browser just started until go to anything shows all %d items (%d pages), in process, median of %d",
			gotoItems(ic), ic.indexPages(), len(warm)),
	}, nil
}

// gotoOpenOnce is ctrl+p in a browser just started on store (nothing answers at its
// base URL) until go to anything lists its items items.
func gotoOpenOnce(store *index.Store, items int) (time.Duration, error) {
	{
		c, err := client.New(client.Options{BaseURL: benchBaseURL, LocationID: benchLocation, MaxRetries: -1})
		if err != nil {
			return 0, err
		}
		d := newDriver(ui.Options{Client: c, Profile: benchProfile, Theme: "dark", Index: store}, termW, termH)
		runtime.GC()
		t0 := time.Now()
		d.send(ctrlP)
		err = d.waitFor(strconv.Itoa(items)+" items", 5*time.Minute)
		return time.Since(t0), err
	}
}

// gotoItems is how many items the big index holds: its funnels and steps, pages,
// seven domains and the folders.
func gotoItems(ic indexConfig) int {
	return ic.bigFunnels*(1+ic.bigSteps) + ic.indexPages() + 7 + ceilDiv(ic.bigFunnels, 100)
}

// measureFind runs `funnels find` over the big index as a person would, the whole
// process timed and its peak RSS taken from the kernel (the VmHWM of a process that
// ended, as wait4 reports it), in alternating rounds against the same find after a
// change of the index.
func measureFind(dir, baseURL string, store *index.Store, ic indexConfig, label string) ([]benchFigure, error) {
	peakrss, err := testdataBin(dir, "peakrss")
	if err != nil {
		return nil, err
	}
	run := func() (time.Duration, float64, error) { return findRun(dir, peakrss, baseURL, gotoQuery) }
	var warm, cold []time.Duration
	var warmRSS, coldRSS []float64
	for range max(3, ic.gotoRounds) {
		if err := forgetCatalog(store); err != nil {
			return nil, err
		}
		tc, rc, err := run()
		if err != nil {
			return nil, err
		}
		tw, rw, err := run()
		if err != nil {
			return nil, err
		}
		cold, warm = append(cold, tc), append(warm, tw)
		coldRSS, warmRSS = append(coldRSS, rc), append(warmRSS, rw)
	}
	return []benchFigure{{
		Name: "find_" + label, N: gotoItems(ic), Value: ms(median(warm)), Unit: "ms", Baseline: ms(median(cold)),
		BaselineIs: "the same find with no catalog kept: made from the records, as every find did before there was one",
		Note: fmt.Sprintf("the binary, `funnels find %q` over %d items (%d pages), start to exit, median of %d", gotoQuery,
			gotoItems(ic), ic.indexPages(), len(warm)),
	}, {
		Name: "rss_find_" + label, N: gotoItems(ic), Value: medianF(warmRSS), Unit: "MB", Baseline: medianF(coldRSS),
		BaselineIs: "the same with no catalog kept (made from the records)",
		Note:       "peak RSS of the find process (ru_maxrss, the kernel's VmHWM when it ended, read by a small starter), median of the runs",
	}}, nil
}

func medianF(xs []float64) float64 {
	ds := make([]time.Duration, len(xs))
	for i, x := range xs {
		ds[i] = time.Duration(x * 1e3)
	}
	return float64(median(ds)) / 1e3
}
