package cmdutil

import (
	"fmt"
	"io"
	"sync"
	"time"

	"charm.land/bubbles/v2/progress"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/index"
)

// How often progress is shown: redrawn in place on a terminal, a line of its own
// for a log.
const (
	redrawEvery = 100 * time.Millisecond
	logEvery    = 2 * time.Second
)

// lineProgress shows how long work goes on standard error: on a terminal one line,
// a bar (bubbles' progress) and the figures, redrawn in place at most ten times a
// second and cut to one column less than the terminal so it never wraps; otherwise
// a line at each phase and at most every two seconds within one, for a log. The last
// state stays: on a terminal its line is kept, in a log it is written if it was not.
// R is the work's report; describe says how far it is and what it says in words,
// phase which part of the work it is in (a new phase is shown at once).
type lineProgress[R any] struct {
	w        io.Writer // the text, coloured as the terminal allows
	raw      io.Writer // the control sequences, never stripped
	terminal bool
	width    int // the terminal's columns; 0: unknown
	bar      progress.Model
	every    time.Duration
	now      func() time.Time
	prefix   string // what starts a line of the log: "funnels index"
	describe func(R) (fraction float64, line string)
	phase    func(R) string

	mu     sync.Mutex
	last   time.Time // when a line was last shown
	latest R         // the last report
	seen   bool      // a report came
	shown  bool      // latest is what is on the screen or in the log
	quiet  bool
}

// crawlProgress shows how a crawl goes.
type crawlProgress = lineProgress[index.Progress]

func newCrawlProgress(f *Factory) *crawlProgress {
	return NewLineProgress(f, "funnels index",
		func(pr index.Progress) (float64, string) { return pr.Fraction(), progressLine(pr) },
		func(pr index.Progress) string { return string(pr.Phase) })
}

func NewLineProgress[R any](f *Factory, prefix string, describe func(R) (float64, string), phase func(R) string) *lineProgress[R] {
	p := &lineProgress[R]{w: f.IO.ErrOut, raw: f.IO.ErrOut, terminal: f.IO.ErrTTY, width: f.IO.errWidth(), every: logEvery, now: time.Now,
		prefix: prefix, describe: describe, phase: phase}
	if p.terminal {
		p.w = f.ColorWriter(f.IO.ErrOut)
		p.bar = progress.New(progress.WithWidth(barWidth(p.width)), progress.WithoutPercentage(), progress.WithDefaultBlend())
		p.every = redrawEvery
	}
	return p
}

// Update takes a report of the work (from its goroutines).
func (p *lineProgress[R]) Update(pr R) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.quiet {
		return
	}
	phase := ""
	if p.seen {
		phase = p.phase(p.latest)
	}
	p.latest, p.seen, p.shown = pr, true, false
	now := p.now()
	if !p.last.IsZero() && now.Sub(p.last) < p.every && p.phase(pr) == phase {
		return
	}
	p.last = now
	p.show()
}

// show draws or writes the latest report.
func (p *lineProgress[R]) show() {
	p.shown = true
	fraction, line := p.describe(p.latest)
	if !p.terminal {
		fmt.Fprintf(p.w, "%s: %s\n", p.prefix, line)
		return
	}
	line = fmt.Sprintf("%s %3d%%  %s", p.bar.ViewAs(fraction), int(fraction*100), line)
	if p.width > 1 {
		line = ansi.Truncate(line, p.width-1, "…")
	}
	fmt.Fprint(p.raw, "\r\x1b[2K")
	fmt.Fprint(p.w, line)
}

// Done shows the last report if it was not yet, and ends the terminal's line, so
// the last state stays on the screen; nothing is shown after it.
func (p *lineProgress[R]) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.quiet || !p.seen {
		p.quiet = true
		return
	}
	if !p.shown || p.terminal {
		p.show()
	}
	if p.terminal {
		fmt.Fprint(p.raw, "\n")
	}
	p.quiet = true
}

// barWidth is the bar's width on a terminal width columns wide (0: unknown): a
// fifth of a narrow one, so the figures keep most of the line.
func barWidth(width int) int {
	if width <= 0 || width >= 120 {
		return 24
	}
	return max(6, width/5)
}

// progressLine is what a report says in words.
func progressLine(pr index.Progress) string {
	if pr.Phase == index.PhaseWaiting {
		return "waiting for another funnels process that is indexing this location…"
	}
	line := pr.Line()
	if pr.Resumed {
		line += " · resumed"
	}
	return line
}
