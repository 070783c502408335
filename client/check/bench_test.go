package check

import (
	"net/http"
	"runtime"
	"testing"
	"time"
)

// BenchmarkCheck10kURLs is the figure check_10k_urls of the engine alone: 10,000
// step addresses on 100 hosts that answer after 50 ms, 4 at once per host. The
// politeness bound is 10,000 / (100 × 4) × 50 ms = 1.25 s (each host's root, asked
// too, adds a little); the goal is ≤ 2.5 s.
func BenchmarkCheck10kURLs(b *testing.B) {
	const hosts, perHost, delay = 100, 100, 50 * time.Millisecond
	count := newHostCounter()
	site := startTestSite(b, count.wrap(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay)
		page(w, r)
	}))
	var loc Location
	for h := range hosts {
		loc.Steps = append(loc.Steps, steps("h"+itoa(h)+".check.test", perHost)...)
	}
	var log dialLog
	opts := site.options(&log)
	opts.PerHost = 4
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for b.Loop() {
		res, err := Run(b.Context(), []Location{loc}, opts)
		if err != nil || !res[0].Complete || res[0].Counts.OK != hosts*perHost+hosts {
			b.Fatalf("%v %+v", err, res[0].Counts)
		}
	}
	runtime.ReadMemStats(&after)
	most := 0
	count.mu.Lock()
	for _, n := range count.most {
		most = max(most, n)
	}
	count.mu.Unlock()
	if most > 4 {
		b.Fatalf("%d requests at once to one host", most)
	}
	b.ReportMetric(float64(most), "most/host")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/1e6, "MB-alloc/op")
}
