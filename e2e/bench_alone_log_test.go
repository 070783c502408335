package e2e

import (
	"strconv"
	"testing"
)

// logFigures prints figures measured by a test that runs a few of them alone
// (FUNNELS_BENCH_FIGURE, FUNNELS_BENCH_SCALE, FUNNELS_BENCH_NET), as make bench
// would judge them.
func logFigures(t *testing.T, figs ...benchFigure) {
	t.Helper()
	for _, f := range figs {
		f = f.finish()
		within := "-"
		if f.Within != nil {
			within = strconv.FormatBool(*f.Within)
		}
		t.Logf("%-24s %10.3f %-8s baseline %10.3f ratio %.3f  budget %q within %s  %s",
			f.Name, f.Value, f.Unit, f.Baseline, f.Ratio, f.Budget, within, f.Note)
	}
}
