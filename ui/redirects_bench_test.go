package ui

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// Benchmarks of the Redirects view at 1k, 10k and 100k redirects, in the terms of the
// panes' (list_bench_test.go): what one key costs, the list change and the view's
// frame. The budgets are the panes': ≤ 2 ms per cursor move, ≤ 16 ms per filter
// keystroke at 100k.

var benchHosts = []string{"offers.lakesidefit.com", "join.lakesidefit.com", "webinars.lakesidefit.com", "www.lakesidefit.com", "bücher.example"}

// benchRedirects is a Redirects view holding n made-up redirects, sized 120×37.
func benchRedirects(n int) *redirectsView {
	sh := newShared(Options{})
	sh.width, sh.height = 120, 40
	v := newRedirectsView(sh)
	list := make([]client.Redirect, n)
	for i := range list {
		list[i] = client.Redirect{
			ID:     "r" + strconv.Itoa(i),
			Domain: benchHosts[i%len(benchHosts)],
			Path:   "/" + strings.ToLower(benchWords[i%len(benchWords)]+"-"+benchWords[(i/7)%len(benchWords)]) + "-" + strconv.Itoa(2000+i%30),
			Target: "https://www.lakesidefit.com/" + strings.ToLower(benchWords[(i/13)%len(benchWords)]) + "-" + strconv.Itoa(i),
			Action: []string{"funnel", "website", "url", "all"}[i%4],
		}
	}
	v.seq = 1
	v.apply(redirectsMsg{seq: 1, rows: redirectRows(list)})
	v.setSize(120, 37)
	return v
}

func BenchmarkRedirectsCursorMove(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(sizeName(n), func(b *testing.B) {
			v := benchRedirects(n)
			down, up := keyPress("down"), keyPress("up")
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if (i/50)%2 == 0 {
					v.navigate(down)
				} else {
					v.navigate(up)
				}
				_ = v.lines("loc")
			}
		})
	}
}

func BenchmarkRedirectsFilterKeystroke(b *testing.B) {
	const query = "spring sale 26"
	var keys []tea.KeyPressMsg
	for _, r := range query {
		keys = append(keys, keyPress(string(r)))
	}
	for range query {
		keys = append(keys, keyPress("backspace"))
	}
	for _, n := range benchSizes {
		b.Run(sizeName(n), func(b *testing.B) {
			v := benchRedirects(n)
			v.startFilter()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				v.filterKey(keys[i%len(keys)])
				_ = v.lines("loc")
			}
		})
	}
}

// TestRedirectsViewCostDoesNotGrowWithTheList: drawing the view over 100k redirects
// allocates what drawing it over 1k does.
func TestRedirectsViewCostDoesNotGrowWithTheList(t *testing.T) {
	small, big := benchRedirects(1_000), benchRedirects(100_000)
	down := keyPress("down")
	a := testing.AllocsPerRun(20, func() { small.navigate(down); _ = small.lines("loc") })
	z := testing.AllocsPerRun(20, func() { big.navigate(down); _ = big.lines("loc") })
	if z > a*1.1+5 {
		t.Fatalf("a cursor move over 100k redirects allocates %.0f times, over 1k %.0f: the view must not work per item", z, a)
	}
	if v := strings.Join(big.lines("loc"), "\n"); !strings.Contains(v, "/100000") || !strings.Contains(v, "100000 redirects") {
		t.Fatalf("the position and title should count every redirect:\n%s", v)
	}
}
