package ui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// The commands that call the client. They run outside Update, never touch the model,
// and turn the answer into sanitised rows before they return, so the strings from the
// server are cleaned once, off the render path.

// loadEntities lists one folder ("" = root).
func loadEntities(ctx context.Context, c *client.Client, folderID string, seq uint64) tea.Cmd {
	return func() tea.Msg {
		ents, _, err := c.FolderEntities(ctx, "", folderID, "")
		msg := entitiesMsg{folderID: folderID, seq: seq, err: err}
		if err == nil {
			msg.rows = entityRows(ents)
		}
		return msg
	}
}

// loadPages lists the pages of one step (ListAllPages reads them 20 at a time). A
// listing the client stopped early (a server that never ends it) keeps what was read.
func loadPages(ctx context.Context, c *client.Client, key stepKey, step stepRow, seq uint64) tea.Cmd {
	return func() tea.Msg {
		pages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: key.funnelID, StepID: key.stepID})
		msg := pagesMsg{key: key, seq: seq, err: err}
		if err == nil || errors.Is(err, client.ErrIncompleteList) {
			msg.rows = pageRows(pages, step)
		}
		return msg
	}
}

// loadPage reads one page with every field the server sends.
func loadPage(ctx context.Context, c *client.Client, pageID string, seq uint64) tea.Cmd {
	return func() tea.Msg {
		p, _, err := c.Page(ctx, pageID)
		msg := pageMsg{pageID: pageID, seq: seq, err: err}
		if err == nil {
			msg.detail = newPageDetail(p)
		}
		return msg
	}
}

// debounceLoadPages waits a moment before asking for a step's pages, so holding down
// j over twenty steps sends one request, not twenty.
func debounceLoadPages(d time.Duration, key stepKey, seq uint64) tea.Cmd {
	msg := loadPagesMsg{key: key, seq: seq}
	if d <= 0 {
		return func() tea.Msg { return msg }
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// openURL opens url with the injected browser opener.
func openURL(ctx context.Context, open func(context.Context, string) error, url string) tea.Cmd {
	return func() tea.Msg {
		return openedMsg{url: url, err: open(ctx, url)}
	}
}

// clockTick is the status bar's one-second tick.
func clockTick() tea.Cmd {
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return clockMsg(t) })
}
