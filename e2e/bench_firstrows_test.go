package e2e

import (
	"os"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestBenchFirstRowsFigure measures first_rows_cold_10k_root alone
// (FUNNELS_BENCH_FIGURE=first_rows_cold; FUNNELS_BENCH_CONFIG=tiny for the harness's
// size), for a quick look without the whole of make bench, which measures it with the
// other figures of the wide location.
func TestBenchFirstRowsFigure(t *testing.T) {
	if os.Getenv("FUNNELS_BENCH_FIGURE") != "first_rows_cold" {
		t.Skip("set FUNNELS_BENCH_FIGURE=first_rows_cold to measure first_rows_cold_10k_root")
	}
	wc := fullBench.wide
	if os.Getenv("FUNNELS_BENCH_CONFIG") == "tiny" {
		wc = tinyBench.wide
	}
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{Limit: wc.limit, Window: time.Second,
		Bulk: sandbox.Bulk{Funnels: wc.funnels, PagesPerFunnel: wc.pagesPer}})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	f, err := measureFirstRowsCold(sb, wc)
	if err != nil {
		t.Fatal(err)
	}
	logFigures(t, f)
}
