package index

import (
	"context"
	"errors"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/funnelsdev/funnels/client"
)

// One funnel by its id, with its steps. The service has no read of one funnel: its
// funnel list is the only documented source of a funnel's steps, and it filters by
// folder and by a part of the name, not by id. So the index answers: from its record
// with no request at all; when the answer must be fresh, with the funnel list of the
// folder the index places the funnel in, narrowed by the name it knows (one request);
// and for a funnel it has never seen, by the search of searchUnseen (two requests for
// a funnel at the root), keeping every listing read, so that the next look-up of any
// funnel in them asks nothing.

// FunnelRecord is a funnel as the index keeps it, with when the server last said so.
type FunnelRecord struct {
	Funnel
	Seen time.Time // when the funnel was last seen on the server (listed or crawled)
}

// Funnel is the funnel id as the index keeps it, with its steps; ok is false when the
// index does not hold it.
func (s *Store) Funnel(ctx context.Context, id string) (rec FunnelRecord, ok bool, err error) {
	_, err = s.view(ctx, func(tx *bolt.Tx) error {
		if !get(tx.Bucket(bFunnels), []byte(id), &rec.Funnel) {
			return nil
		}
		ok = true
		at := tx.Bucket(bAt)
		rec.PagesAt = max(rec.PagesAt, seenAt(at, stampPages, id))
		rec.Seen = Time(max(rec.At, seenAt(at, stampFunnel, id)))
		return nil
	})
	return rec, ok, err
}

// FunnelLookup is what LookupFunnel found and how.
type FunnelLookup struct {
	// Funnel is the funnel with its steps; nil when the location has none of that id.
	Funnel *client.Funnel
	// FromIndex: the answer is the index's, seen on the server at Seen; no request
	// was sent.
	FromIndex bool
	Seen      time.Time
}

// LookupFunnel finds the funnel id of c's location with its steps: from the index
// (store, nil for none) with no request unless live; else from the server — the
// funnel list of the folder the index places it in, narrowed by its name (one
// request), or, for a funnel the index has never seen (or one moved or renamed since),
// searchUnseen: the root's listing and the list's first page, then the folders while
// they cost less than the rest of the list, then the list whole. What the server
// answered is kept in the index. A funnel the location does not have is a FunnelLookup with a nil Funnel and no error. A
// funnel list stopped early (a server that never ends it) is an error only when the
// funnel is not among what was read.
func LookupFunnel(ctx context.Context, c *client.Client, store *Store, id string, live bool) (FunnelLookup, error) {
	var known *FunnelRecord
	if store != nil {
		rec, ok, err := store.Funnel(ctx, id)
		switch {
		case err != nil && !errors.Is(err, ErrLocked):
			return FunnelLookup{}, err
		case ok && rec.StepsKnown && !live:
			f := rec.Client()
			f.LocationID = c.LocationID()
			return FunnelLookup{Funnel: &f, FromIndex: true, Seen: rec.Seen}, nil
		case ok:
			known = &rec
		}
	}
	var out FunnelLookup
	if known != nil && known.Name != "" {
		parent := known.ParentID
		page, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{ParentID: &parent, Name: known.Name, Limit: 100})
		if err != nil {
			return out, err
		}
		for i := range page.Funnels {
			if page.Funnels[i].ID == id && page.Funnels[i].StepsKnown {
				out.Funnel = &page.Funnels[i]
				keepFunnels(ctx, store, page.Funnels[i:i+1])
				return out, nil
			}
		}
	}
	f, err := searchUnseen(ctx, c, store, id)
	out.Funnel = f
	return out, err
}

// keepFunnels keeps funnels the server answered in the index; a failure only costs the
// next look-up a request.
func keepFunnels(ctx context.Context, store *Store, funnels []client.Funnel) {
	if store != nil && len(funnels) > 0 {
		_ = store.SaveFunnels(ctx, funnels)
	}
}
