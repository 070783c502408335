package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/index"
)

// Starting and stopping the crawl (crawl.go): by itself at start, from the palette,
// or from go to anything on an index never built.

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
