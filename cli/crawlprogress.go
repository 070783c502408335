package cli

import (
	"fmt"
	"io"
	"sync"
	"time"

	"charm.land/bubbles/v2/progress"
	"github.com/charmbracelet/colorprofile"

	"github.com/funnelsdev/funnels/client/index"
)

// crawlProgress shows how a crawl goes on standard error: on a terminal a bar
// (bubbles' progress) and a line of figures redrawn in place, at most ten times a
// second; otherwise a line every few seconds and at each phase, for a log.
type crawlProgress struct {
	w        io.Writer
	terminal bool
	bar      progress.Model
	every    time.Duration

	mu    sync.Mutex
	last  time.Time
	phase index.Phase
	drawn bool // a line is on the terminal, to be cleared
	quiet bool
}

func newCrawlProgress(f *Factory) *crawlProgress {
	p := &crawlProgress{w: f.IO.ErrOut, terminal: f.IO.ErrTTY, every: 5 * time.Second}
	if p.terminal {
		var env []string
		for _, k := range []string{"TERM", "COLORTERM", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"} {
			if v := f.Getenv(k); v != "" {
				env = append(env, k+"="+v)
			}
		}
		p.w = colorprofile.NewWriter(f.IO.ErrOut, env)
		p.bar = progress.New(progress.WithWidth(24), progress.WithoutPercentage(), progress.WithDefaultBlend())
		p.every = 100 * time.Millisecond
	}
	return p
}

// update takes a report of the crawl (from its goroutines).
func (p *crawlProgress) update(pr index.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.quiet || pr.Done || pr.Phase == p.phase && now.Sub(p.last) < p.every {
		return // the end is told by the command itself
	}
	p.phase, p.last = pr.Phase, now
	line := progressLine(pr)
	if !p.terminal {
		fmt.Fprintf(p.w, "funnels index: %s\n", line)
		return
	}
	fmt.Fprintf(p.w, "\r\x1b[2K%s %3d%%  %s", p.bar.ViewAs(pr.Fraction()), int(pr.Fraction()*100), line)
	p.drawn = true
}

// done clears the bar from the terminal; nothing is shown after it.
func (p *crawlProgress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[2K")
	}
	p.quiet = true
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
