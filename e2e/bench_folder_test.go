package e2e

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/ui"
)

// The first frame of a large folder: the browser started on a root of many funnels
// that a warm index holds, the server far away, against the same start with no index.

// folderFirstRow is the first funnel of the big folder by name, on the screen once
// its rows are painted, from the index or the server.
const folderFirstRow = "Bulk Funnel 0001"

// measureFirstFrameFolder is the browser from ui.New to the first frame listing the
// root of a location of funnels bulk funnels (each of stepsPer steps), the sandbox
// taking latency to answer: with an index that saw the root (as a visit leaves it),
// against the same start with none (--no-cache), in alternating rounds.
func measureFirstFrameFolder(funnels, stepsPer, rounds int, latency time.Duration, label string) (benchFigure, error) {
	site, err := startBenchSite(sandbox.Options{Bulk: sandbox.Bulk{Funnels: funnels, PagesPerFunnel: stepsPer}}, "folder")
	if err != nil {
		return benchFigure{}, err
	}
	defer site.close()
	sb, c, path, key := site.sb, site.client, site.path, site.key
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	l, _, err := c.BrowseFolder(ctx, "")
	if err != nil {
		return benchFigure{}, err
	}
	if err := site.store.SaveListing(ctx, "", l.Folders, l.Funnels, false, true); err != nil {
		return benchFigure{}, err
	}
	sb.Server.SetFaults(sandbox.Faults{FixedLatency: latency})
	start := func(warm bool) (time.Duration, error) {
		runtime.GC()
		t0 := time.Now()
		var store *index.Store
		if warm {
			store = index.Open(path, key) // as a process starting finds the file
		}
		d := newDriver(ui.Options{Client: c, Profile: "bench", LocationID: sb.Server.LocationID(), Theme: "dark", Index: store}, termW, termH)
		err := d.waitFor(folderFirstRow, time.Minute)
		took := time.Since(t0)
		// This start's own read of the folder, then its write into the index (a read
		// takes the file's lock after it), before the next start.
		_ = c.Idle(ctx)
		d.settle(300 * time.Millisecond)
		_, _ = site.store.State(ctx)
		return took, err
	}
	var warm, cold []time.Duration
	for range rounds {
		w, err := start(true)
		if err != nil {
			return benchFigure{}, err
		}
		cl, err := start(false)
		if err != nil {
			return benchFigure{}, err
		}
		warm, cold = append(warm, w), append(cold, cl)
	}
	tw, tc := median(warm), median(cold)
	return benchFigure{
		Name: "first_frame_cached_" + label + "_folder", N: len(l.Funnels) + len(l.Folders), Value: ms(tw), Unit: "ms", Baseline: ms(tc),
		BaselineIs: fmt.Sprintf("the same start with no index (--no-cache): the first frame waits for the server's answer (%v a request)", latency),
		Note: fmt.Sprintf("ui.New + Init until the first frame lists a root of %d funnels of %d steps, from an index that saw it (a Store opened anew each start, as a process finds the file), in process, median of %d; slowest warm %.1f ms",
			len(l.Funnels), stepsPer, len(warm), ms(slicesMax(warm))),
	}, nil
}

// settle hands the program what is still coming until nothing has come for quiet.
func (d *driver) settle(quiet time.Duration) {
	for {
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-time.After(quiet):
			return
		}
	}
}

// TestBenchFolderFigure measures first_frame_cached_10k_folder alone
// (FUNNELS_BENCH_FOLDER=1), for a quick look without the whole of make bench.
func TestBenchFolderFigure(t *testing.T) {
	if os.Getenv("FUNNELS_BENCH_FOLDER") == "" {
		t.Skip("set FUNNELS_BENCH_FOLDER=1 to measure first_frame_cached_10k_folder")
	}
	ic := fullBench.index
	f, err := measureFirstFrameFolder(ic.folderFunnels, ic.folderSteps, ic.firstFrameRounds, ic.firstFrameLatency, "10k")
	if err != nil {
		t.Fatal(err)
	}
	logFigures(t, f)
}
