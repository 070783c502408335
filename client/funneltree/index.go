package funneltree

import (
	"context"
	"errors"
	"fmt"

	"github.com/funnelsdev/funnels/client/index"
)

// ErrNoIndex is a location whose local index was never built.
var ErrNoIndex = errors.New("no local index of this location")

// FromIndex is the tree of what store holds, with the state of the index (when the
// last crawl ended) for the caller to judge how fresh it is.
func FromIndex(ctx context.Context, store *index.Store) (*Tree, index.State, error) {
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return nil, index.State{}, fmt.Errorf("reading the local index: %w", err)
	}
	if !snap.State.Exists {
		return nil, snap.State, ErrNoIndex
	}
	t := FromSnapshot(snap)
	if !snap.State.Crawled.IsZero() {
		t.Manifest.CrawledAt = snap.State.Crawled.UTC().Format("2006-01-02T15:04:05Z")
	}
	return t, snap.State, nil
}
