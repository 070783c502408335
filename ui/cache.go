package ui

import (
	"context"
	"errors"
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
)

// The local index in the browser (Options.Index): a folder or a step's pages are
// painted from it at once while the server is asked again, what the server answers is
// written back into it, "go to anything" searches it (goto.go), and a crawl fills it
// (crawl.go). Every read and write is a command: nothing in Update touches the disk.

// localIndex is the local index as the bodies use it: the store the browser paints
// its panes from and writes what the server answers into, and whether the location
// or the token was refused outright (everything the index keeps is then stale).
type localIndex struct {
	store *index.Store
	lost  error
}

// cacheMsg is a message of the index the root takes: indexSavedMsg, indexStateMsg,
// gotoItemsMsg, crawlProgressMsg, crawlDoneMsg, changesMsg and changeTargetMsg.
type cacheMsg interface{ isCacheMsg() }

// indexSavedMsg says how a write into the index went.
type indexSavedMsg struct {
	err    error
	notice string // the file was damaged and is being rebuilt
}

// indexStateMsg is what the index says of itself at start.
type indexStateMsg struct {
	state  index.State
	err    error
	notice string
}

func (indexSavedMsg) isCacheMsg() {}
func (indexStateMsg) isCacheMsg() {}

// indexAge is how old an index may grow before the browser reads the location again
// by itself.
const indexAge = 24 * time.Hour

// autoCrawl says why the browser should crawl by itself ("" when it should not): the
// index was never built, a crawl was left part way, or the last one is old.
func autoCrawl(st index.State, now time.Time) string {
	switch {
	case st.Unfinished:
		return "resuming the index"
	case st.Crawled.IsZero():
		return "building the index"
	case now.Sub(st.Crawled) > indexAge:
		return "refreshing the index"
	}
	return ""
}

// readIndexState asks the index about itself (Init).
func readIndexState(ctx context.Context, store *index.Store) tea.Cmd {
	return func() tea.Msg {
		st, err := store.State(ctx)
		return indexStateMsg{state: st, err: err, notice: store.Notice()}
	}
}

// lostAccess reports whether err refuses the location or the token outright (not one
// route): everything the index keeps is then stale.
func lostAccess(err error) bool {
	var api *client.APIError
	if errors.As(err, &api) && api.Refusal != client.NotRefused {
		return false
	}
	return errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrForbidden)
}

// ago says how long ago in a few characters: "just now", "5m ago", "3h ago", "2d ago".
func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + "m ago"
	case d < 48*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + "h ago"
	}
	return strconv.Itoa(int(d/(24*time.Hour))) + "d ago"
}

// save writes into the index in a command; nil without an index.
func (x *localIndex) save(ctx context.Context, write func(ctx context.Context, s *index.Store) error) tea.Cmd {
	if x == nil {
		return nil
	}
	store := x.store
	return func() tea.Msg {
		err := write(ctx, store)
		return indexSavedMsg{err: err, notice: store.Notice()}
	}
}
