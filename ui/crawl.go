package ui

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// The crawl in the browser: started by itself when the index was never built, was
// left part way or is a day old, or from the palette ("Index the location"). It runs
// in a command of its own, its requests in the client's background lane (a person's
// requests go first), and tells how it goes through a channel a second command waits
// on; the status bar shows it. The root starts it and takes its reports
// (indexing.go).

// crawlRun is a crawl under way.
type crawlRun struct {
	cancel  context.CancelFunc
	manual  bool                // asked for from the palette: its end is told on the message line
	updates chan index.Progress // the latest report, replaced by the next
	ended   chan struct{}       // closed when the crawl has ended
	last    index.Progress

	mu sync.Mutex // one report at a time into updates
}

// crawlProgressMsg is a report of the crawl under way.
type crawlProgressMsg struct {
	run *crawlRun
	p   index.Progress
}

// crawlDoneMsg says the crawl ended, whole (err nil) or not.
type crawlDoneMsg struct {
	run *crawlRun
	p   index.Progress
	err error
}

func (crawlProgressMsg) isCacheMsg() {}
func (crawlDoneMsg) isCacheMsg()     {}

// crawlReportEvery is how often the status bar hears of the crawl.
const crawlReportEvery = 250 * time.Millisecond

// report keeps the latest progress for the waiting command (from the crawl's goroutines).
func (r *crawlRun) report(p index.Progress) {
	r.mu.Lock()
	defer r.mu.Unlock()
	select {
	case <-r.updates: // an older report nobody read yet
	default:
	}
	r.updates <- p
}

// wait hands the next report to the program, at most every crawlReportEvery.
func (r *crawlRun) wait() tea.Cmd {
	return func() tea.Msg {
		t := time.NewTimer(crawlReportEvery)
		defer t.Stop()
		select {
		case <-t.C:
		case <-r.ended:
			return nil
		}
		select {
		case p := <-r.updates:
			return crawlProgressMsg{run: r, p: p}
		case <-r.ended:
			return nil
		}
	}
}

// indexingText is the status bar's word on a crawl: "indexing 42% · 1m20s left".
func indexingText(p index.Progress) string {
	if p.Phase == index.PhaseWaiting {
		return "indexing in another process…"
	}
	text := "indexing " + strconv.Itoa(int(p.Fraction()*100)) + "%"
	if p.Left > 0 {
		text += " · " + roundLeft(p.Left) + " left"
	}
	return text
}

// roundLeft is a time left in a few characters: "40s", "3m", "1h5m".
func roundLeft(d time.Duration) string {
	switch {
	case d < time.Minute:
		return strconv.Itoa(int(d/time.Second)+1) + "s"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)+1) + "m"
	}
	return strconv.Itoa(int(d/time.Hour)) + "h" + strconv.Itoa(int(d%time.Hour/time.Minute)) + "m"
}

// crawlStatus is " (401)" for an error that carries a status code, "" for one that
// does not (the whole error is in the request log and `funnels index` says it).
func crawlStatus(err error) string {
	var api *client.APIError
	if errors.As(err, &api) {
		return " (" + strconv.Itoa(api.StatusCode) + ")"
	}
	if errors.Is(err, client.ErrNetwork) {
		return " (no answer)"
	}
	return ""
}
