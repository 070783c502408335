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

// loadEntities lists one folder ("" = root): from folder entities where they are
// open to this sign-in, from the documented funnel list where they are refused. A
// big answer brings its first rows first (folderPartMsg), then the whole listing.
func loadEntities(ctx context.Context, c *client.Client, folderID string, seq uint64) tea.Cmd {
	return func() tea.Msg {
		// Room for the first rows and the whole listing: the read never waits for
		// Update, and ends even when nobody takes what it sends.
		out := make(chan tea.Msg, 2)
		go func() {
			l, _, err := c.BrowseFolderEarly(ctx, folderID, firstRows, func(part *client.Listing) {
				out <- folderPartMsg{folderID: folderID, seq: seq, rows: entityRows(part.Folders, part.Funnels)}
			})
			out <- listedFolder(folderID, seq, l, err)
		}()
		return awaitFolder(out)()
	}
}

// firstRows is how many records of a folder's answer show before the rest is read:
// a screen's worth, and a page of the funnel list's.
const firstRows = 100

// awaitFolder is the next message of a folder's read: its first rows, which carry
// the command waiting for the rest, or the whole listing.
func awaitFolder(out <-chan tea.Msg) tea.Cmd {
	return func() tea.Msg {
		msg := <-out
		if part, ok := msg.(folderPartMsg); ok {
			part.next = awaitFolder(out)
			return part
		}
		return msg
	}
}

// listedFolder is the message of a folder's listing as BrowseFolder returned it.
func listedFolder(folderID string, seq uint64, l *client.Listing, err error) entitiesMsg {
	msg := entitiesMsg{folderID: folderID, seq: seq, err: err}
	if l != nil { // with an error too: a funnel list stopped early keeps what was read
		msg.rows = entityRows(l.Folders, l.Funnels)
		msg.folders, msg.funnels = l.Folders, l.Funnels
		msg.note = sanitize(l.Note())
		if l.StepsMissing() {
			msg.summaries = l.Funnels
		}
	}
	return msg
}

// loadFolderSteps completes the funnels of a folder that came without their steps,
// from one funnel-list request for the folder.
func loadFolderSteps(ctx context.Context, c *client.Client, folderID string, funnels []client.Funnel, seq uint64) tea.Cmd {
	return func() tea.Msg {
		full, _, err := c.FunnelsWithSteps(ctx, folderID, funnels)
		msg := folderStepsMsg{folderID: folderID, seq: seq, rows: entityRows(nil, full), err: err}
		for _, f := range full {
			if f.StepsKnown {
				msg.funnels = append(msg.funnels, f)
			}
		}
		return msg
	}
}

// loadPages lists the pages of one step (ListAllPages reads them 20 at a time). A
// listing the client stopped early (a server that never ends it) keeps what was read.
func loadPages(ctx context.Context, c *client.Client, key stepKey, step stepRow, seq uint64) tea.Cmd {
	return func() tea.Msg {
		pages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: key.funnelID, StepID: key.stepID,
			Expect: len(step.rec.Pages)})
		msg := pagesMsg{key: key, seq: seq, err: err}
		if err == nil || errors.Is(err, client.ErrIncompleteList) {
			msg.rows = pageRows(pages, step)
		}
		if err == nil {
			msg.pages = pages
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
