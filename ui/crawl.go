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
// on; the status bar shows it.

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

// startCrawl crawls the location into the index, unless one is under way (or there is
// no index or client). why is what the status bar says it does.
func (m *Model) startCrawl(why string) tea.Cmd {
	if m.idx == nil || m.client == nil {
		m.status.setWarn("there is no local index here")
		return nil
	}
	if m.idx.crawl != nil {
		m.status.setInfo("the location is being indexed already: " + m.status.indexing)
		return nil
	}
	ctx, cancel := context.WithCancel(m.sh.ctx)
	run := &crawlRun{cancel: cancel, updates: make(chan index.Progress, 1), ended: make(chan struct{})}
	m.idx.crawl = run
	m.status.indexing = why + "…"
	c := &index.Crawler{Client: m.client, Store: m.idx.store, OnProgress: run.report}
	crawl := func() tea.Msg {
		p, err := c.Run(ctx)
		close(run.ended)
		return crawlDoneMsg{run: run, p: p, err: err}
	}
	return tea.Batch(crawl, run.wait())
}

// indexNow is the palette's "Index the location": a crawl whose end the message line
// tells.
func (m *Model) indexNow() tea.Cmd {
	cmd := m.startCrawl("indexing")
	if m.idx != nil && m.idx.crawl != nil && cmd != nil {
		m.idx.crawl.manual = true
	}
	return cmd
}

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

// stopCrawl calls the crawl off; what it read is kept, and the next one resumes.
func (m *Model) stopCrawl() tea.Cmd {
	if m.idx == nil || m.idx.crawl == nil {
		m.status.setInfo("no crawl is under way")
		return nil
	}
	m.idx.crawl.cancel()
	m.status.setInfo("stopping the index: what was read is kept, and the next crawl resumes")
	return nil
}

// crawlProgress shows a report and waits for the next.
func (m *Model) crawlProgress(msg crawlProgressMsg) tea.Cmd {
	if m.idx == nil || msg.run != m.idx.crawl {
		return nil
	}
	msg.run.last = msg.p
	m.status.indexing = indexingText(msg.p)
	return msg.run.wait()
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

// crawlDone takes the end of a crawl: the status bar says how it went, and "go to
// anything" reads the index again.
func (m *Model) crawlDone(msg crawlDoneMsg) tea.Cmd {
	if m.idx == nil || msg.run != m.idx.crawl {
		return nil
	}
	m.idx.crawl, m.status.indexing = nil, ""
	m.idx.result = msg.p
	// A crawl is background work: how it ended goes on the right of the bar, and the
	// message line stays the user's.
	switch {
	case msg.err == nil:
		m.idx.built = m.sh.now()
		if msg.run.manual { // a crawl by itself ends quietly: the message line stays the user's
			m.status.setInfo("indexed " + strconv.Itoa(msg.p.Items()) + " items with " + strconv.Itoa(msg.p.Requests) +
				" requests — ctrl+p goes to any of them")
		}
	case errors.Is(msg.err, context.Canceled):
		m.status.indexing = "index stopped part way"
	case errors.Is(msg.err, index.ErrCrawlIncomplete):
		m.status.indexing = "index incomplete" + crawlStatus(msg.err)
	default:
		if lostAccess(msg.err) {
			m.idx.lost = msg.err
		}
		m.status.indexing = "index failed" + crawlStatus(msg.err)
	}
	if n := m.idx.store.Notice(); n != "" {
		m.indexNotice(n)
	}
	m.idx.set = nil // read again, with what the crawl found
	// What a whole crawl found changed marks the rows.
	marks := pick(msg.err == nil, m.readMarks(), nil)
	if g, ok := m.overlay.(*gotoOverlay); ok {
		return tea.Batch(marks, m.loadGoto(g))
	}
	return marks
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
