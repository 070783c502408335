package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Benchmarks of the virtual list behind every pane, at 1k, 10k and 100k items. Each
// operation is what one key press costs: the list change and the pane's View (the
// visible rows, framed). Budgets at 100k: ≤ 2 ms per cursor move, ≤ 16 ms per filter
// keystroke (a frame at 60 fps).

var benchSizes = []int{1_000, 10_000, 100_000}

var benchWords = []string{"Spring", "Summer", "Autumn", "Winter", "Sale", "Webinar", "Launch", "Trial",
	"Bootcamp", "Coaching", "Referral", "Kickstart", "Offer", "Masterclass", "Challenge", "Guide"}

// benchPane is a first pane showing n funnels with made-up names.
func benchPane(n int) *entitiesPane {
	sh := newShared(Options{})
	sh.width, sh.height = 120, 40
	p := newEntitiesPane(sh)
	rows := make([]entityRow, n)
	for i := range rows {
		name := fmt.Sprintf("%s %s %d · %s", benchWords[i%len(benchWords)], benchWords[(i/7)%len(benchWords)], 2000+i%30, benchWords[(i/13)%len(benchWords)])
		rows[i] = entityRow{id: fmt.Sprintf("id%06d", i), name: name, label: name, note: plural(1+i%8, "step")}
	}
	fs := p.current()
	fs.rows, fs.loaded, fs.state = rows, true, stateReady
	p.showCurrent("")
	p.setSize(40, 37)
	return p
}

// frame renders the pane as the root does.
func (p *entitiesPane) frame() []string {
	return p.sh.frame(p.width, p.height, true, p.view(true), p.filterView())
}

func BenchmarkListCursorMove(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(sizeName(n), func(b *testing.B) {
			p := benchPane(n)
			down, up := keyPress("down"), keyPress("up")
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				// Down for a screenful and a half, then back: the view scrolls both ways.
				if (i/50)%2 == 0 {
					p.navigate(down)
				} else {
					p.navigate(up)
				}
				_ = p.frame()
			}
		})
	}
}

func BenchmarkListFilterKeystroke(b *testing.B) {
	// Typing "spring sale 26" and backspacing to nothing: every operation is one key.
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
			p := benchPane(n)
			p.startFilter()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p.filterKey(keys[i%len(keys)])
				_ = p.frame()
			}
		})
	}
}

func sizeName(n int) string { return fmt.Sprintf("%dk", n/1000) }

// TestViewCostDoesNotGrowWithTheList guards the virtual list: drawing a pane of 100k
// items allocates what drawing one of 1k does, because only the visible rows are drawn.
func TestViewCostDoesNotGrowWithTheList(t *testing.T) {
	small, big := benchPane(1_000), benchPane(100_000)
	a := testing.AllocsPerRun(20, func() { _ = small.frame() })
	z := testing.AllocsPerRun(20, func() { _ = big.frame() })
	if z > a*1.1+5 {
		t.Fatalf("drawing 100k items allocates %.0f times, 1k items %.0f: View must not work per item", z, a)
	}
	if v := strings.Join(big.frame(), "\n"); !strings.Contains(v, "1/100000") {
		t.Fatalf("the position should count every item:\n%s", v)
	}
}
