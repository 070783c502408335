package check

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// The phases of a check, as its progress line says them.
const (
	phaseCrawl = "crawl" // one sub-account's index read first
	phaseReady = "ready" // the sub-accounts of a set made ready, their indexes read where needed
	phaseCheck = "check" // the addresses asked
)

// report is how far a check is.
type report struct {
	phase            string
	crawl            index.Progress // phaseCrawl
	ready, members   int            // phaseReady: sub-accounts ready of all
	crawling, failed int            // … of which being read into their index, failed
	check            linkcheck.Progress
	elapsed          time.Duration
}

// progress is the one line a check shows on standard error while it works, whatever
// the phase and however many sub-accounts: on a terminal redrawn in place, in a log
// a line at most every two seconds.
type progress struct {
	update  func(report)
	done    func()
	started time.Time
	stop    chan struct{} // ends the clock
	once    sync.Once

	mu  sync.Mutex
	now report
}

// tickEvery is how often the line is shown again while nothing is answered (a slow
// page, a host that takes its time): its clock goes on, and a log hears of it.
const tickEvery = time.Second

func newProgress(f *cmdutil.Factory) *progress {
	line := cmdutil.NewLineProgress(f, "funnels check", describe, func(r report) string { return r.phase })
	p := &progress{update: line.Update, done: line.Done, started: time.Now(), stop: make(chan struct{})}
	go p.tick()
	return p
}

// tick shows the line again every tickEvery until Done.
func (p *progress) tick() {
	t := time.NewTicker(tickEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			p.mu.Lock()
			seen := p.now.phase != ""
			p.mu.Unlock()
			if seen {
				p.change(func(*report) {})
			}
		case <-p.stop:
			return
		}
	}
}

// change applies fn to the report and shows it. A nil progress shows nothing (a
// watch prints lines of its own).
func (p *progress) change(fn func(r *report)) {
	if p == nil {
		return
	}
	p.mu.Lock()
	fn(&p.now)
	p.now.elapsed = time.Since(p.started)
	r := p.now
	p.mu.Unlock()
	p.update(r)
}

// Check is the run's Options.Progress.
func (p *progress) Check(c linkcheck.Progress) {
	if p == nil {
		return
	}
	p.change(func(r *report) { r.phase, r.check = phaseCheck, c })
}

// Crawl is a crawl's OnProgress, for one sub-account read before its check.
func (p *progress) Crawl(c index.Progress) {
	p.change(func(r *report) { r.phase, r.crawl = phaseCrawl, c })
}

// The steps of making a set ready.
func (p *progress) readying(members int) {
	p.change(func(r *report) { r.phase, r.members = phaseReady, members })
}

func (p *progress) crawlStarts() { p.change(func(r *report) { r.crawling++ }) }

func (p *progress) memberReady(crawled, ok bool) {
	p.change(func(r *report) {
		r.ready++
		if crawled {
			r.crawling--
		}
		if !ok {
			r.failed++
		}
	})
}

// Done leaves the last state on its line; nothing is shown after it.
func (p *progress) Done() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		close(p.stop)
		p.done()
	})
}

// describe is a report in words, with how much of its phase is done.
func describe(r report) (float64, string) {
	took := " · " + r.elapsed.Round(100*time.Millisecond).String()
	switch r.phase {
	case phaseCrawl:
		return r.crawl.Fraction(), "reading the location into its index first: " + r.crawl.Line()
	case phaseReady:
		line := fmt.Sprintf("%d/%d sub-accounts ready", r.ready, r.members)
		if r.crawling > 0 {
			line += fmt.Sprintf(" · %d being read into their indexes", r.crawling)
		}
		if r.failed > 0 {
			line += fmt.Sprintf(" · %d failed", r.failed)
		}
		return fraction(r.ready, r.members), line + took
	}
	c := r.check
	parts := []string{fmt.Sprintf("%s/%s addresses", index.Thousands(c.Done), index.Thousands(c.Total))}
	if c.InFlight > 0 {
		parts = append(parts, fmt.Sprintf("%d under way", c.InFlight))
	}
	if c.Failed > 0 {
		parts = append(parts, fmt.Sprintf("%s unanswered", index.Thousands(c.Failed)))
	}
	if c.Reused > 0 {
		parts = append(parts, fmt.Sprintf("%s taken up from the run cut short", index.Thousands(c.Reused)))
	}
	return fraction(c.Done, c.Total), strings.Join(parts, " · ") + took
}

func fraction(done, total int) float64 {
	if total <= 0 {
		return 0
	}
	return min(1, float64(done)/float64(total))
}
