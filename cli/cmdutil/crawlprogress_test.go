package cmdutil

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/index"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// crawlReports sends reports at the given offsets (ms) from the start, on clock.
func crawlReports(p *crawlProgress, c *fakeClock, offsets ...int) {
	start := c.t
	for i, ms := range offsets {
		c.t = start.Add(time.Duration(ms) * time.Millisecond)
		p.Update(index.Progress{Phase: index.PhasePages, FunnelsPaged: i + 1, FunnelsTotal: 250, Pages: 40 * i, Funnels: 250,
			Requests: 10 * i, RateUse: 0.91, Left: time.Duration(90-i) * time.Second})
	}
}

func TestCrawlProgressInALogIsALineEveryTwoSecondsAndTheLast(t *testing.T) {
	ios, _, stderr := TestStreams("")
	p := newCrawlProgress(NewFactory(ios, func(string) string { return "" }, "test"))
	c := &fakeClock{t: time.Unix(1_000_000, 0)}
	p.now = c.now
	crawlReports(p, c, 0, 500, 1900, 2000, 2100, 3900, 4500)
	c.t = c.t.Add(100 * time.Millisecond)
	p.Update(index.Progress{Phase: index.PhaseDone, Done: true}) // a new phase is told at once
	c.t = c.t.Add(100 * time.Millisecond)
	p.Update(index.Progress{Phase: index.PhaseDone, Done: true, Redirects: 8})
	p.Done()
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	want := []string{"pages 1/250", "pages 4/250", "pages 7/250", "done · 0 items", "done · 8 items"} // 0s, 2s, 4.5s, a new phase, the last
	if len(lines) != len(want) {
		t.Fatalf("want %d lines, got:\n%s", len(want), stderr.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], "funnels index: "+w) {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], w)
		}
	}
}

func TestCrawlProgressOnATerminalIsOneLineRedrawnInPlace(t *testing.T) {
	ios, _, stderr := TestStreams("")
	ios.ErrTTY, ios.ErrWidth = true, 40
	p := newCrawlProgress(NewFactory(ios, func(k string) string { return map[string]string{"NO_COLOR": "1", "TERM": "xterm-256color"}[k] }, "test"))
	c := &fakeClock{t: time.Unix(1_000_000, 0)}
	p.now = c.now
	crawlReports(p, c, 0, 50, 150, 260, 300)
	p.Done()
	out := stderr.String()
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Fatalf("one line, ended once at the end, is wanted: %q", out)
	}
	draws := strings.Split(strings.TrimSuffix(out, "\n"), "\r\x1b[2K")
	if draws[0] != "" || len(draws) != 5 { // 0, 150, 260 and the last at done
		t.Fatalf("each draw starts by erasing the line; want 4 draws: %q", out)
	}
	for _, d := range draws[1:] {
		if w := ansi.StringWidth(d); w > 39 {
			t.Errorf("a draw is %d columns on a 40-column terminal (it would wrap): %q", w, d)
		}
	}
	if last := draws[len(draws)-1]; !strings.Contains(last, "pages 5/250 funnels") {
		t.Errorf("the last state is not kept: %q", last)
	}
}
