package e2e

import (
	"os"
	"testing"
)

// TestBenchCheckFigure measures check_10k_urls and rss_check_10k_urls alone
// (FUNNELS_BENCH_FIGURE=check; FUNNELS_BENCH_CONFIG=tiny for the harness's size), for
// a quick look without the whole of make bench, which measures them with the rest.
func TestBenchCheckFigure(t *testing.T) {
	if os.Getenv("FUNNELS_BENCH_FIGURE") != "check" {
		t.Skip("set FUNNELS_BENCH_FIGURE=check to measure check_10k_urls")
	}
	cc := fullBench.check
	if os.Getenv("FUNNELS_BENCH_CONFIG") == "tiny" {
		cc = tinyBench.check
	}
	figs, err := measureCheck(cc)
	if err != nil {
		t.Fatal(err)
	}
	logFigures(t, figs...)
}
