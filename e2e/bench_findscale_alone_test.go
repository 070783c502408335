package e2e

import (
	"os"
	"testing"
)

// TestBenchFindScaleFigures measures the figures of find at an agency's scale alone,
// for a quick look without the whole of make bench, which measures them with the
// rest: FUNNELS_BENCH_FIGURE=find_100_subaccounts (the crawl of the agency first, as
// make bench does) or find_all (find_all_1m and rss_find_all_1m, as the machine is and
// beside a busy core: FUNNELS_BENCH_QUIET=1 for the first alone);
// FUNNELS_BENCH_CONFIG=tiny for the harness's size.
func TestBenchFindScaleFigures(t *testing.T) {
	which := os.Getenv("FUNNELS_BENCH_FIGURE")
	if which != "find_100_subaccounts" && which != "find_all" {
		t.Skip("set FUNNELS_BENCH_FIGURE=find_100_subaccounts or find_all to measure find at scale")
	}
	cfg := fullBench
	if os.Getenv("FUNNELS_BENCH_CONFIG") == "tiny" {
		cfg = tinyBench
	}
	if os.Getenv("FUNNELS_BENCH_QUIET") != "" {
		cfg.noisy = false // as the machine is only, not again beside a busy core
	}
	var figs []benchFigure
	var err error
	if which == "find_all" {
		figs, err = measureFindAll(cfg, t.Logf)
	} else {
		figs, err = measureFanoutCrawl(cfg.fanout)
	}
	if err != nil {
		t.Fatal(err)
	}
	logFigures(t, figs...)
}
