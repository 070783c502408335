package index

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Listing is what the index knows one folder holds, as the browser paints it before
// the server answers.
type Listing struct {
	Folders []Folder
	Funnels []Funnel
	// Known: the folder was listed whole at least once (an empty Listing that is
	// known is an empty folder, not a folder never seen).
	Known bool
	// At is when the oldest record shown was fetched.
	At time.Time
}

// StepPages is what the index knows of the pages of one step.
type StepPages struct {
	Pages []Page
	Known bool      // the step's pages (or its funnel's) were read whole at least once
	At    time.Time // when they were
}

// Pages returns the pages of a funnel's step (stepID "": every page of the funnel) as
// last seen.
func (s *Store) Pages(ctx context.Context, funnelID, stepID string) (StepPages, error) {
	var out StepPages
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		at := max(btois(tx.Bucket(bListed).Get(stepListedKey(funnelID, stepID))), seenAt(tx.Bucket(bAt), stampPages, funnelID))
		var f Funnel
		if at == 0 && get(tx.Bucket(bFunnels), []byte(funnelID), &f) {
			at = f.PagesAt // kept in the record by an earlier version
		}
		out.Known, out.At = at > 0, Time(at)
		prefix := funnelPrefix(funnelID)
		c := tx.Bucket(bPages).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var p Page
			if json.Unmarshal(v, &p) != nil {
				continue
			}
			if stepID == "" || p.StepID == "" || p.StepID == stepID {
				out.Pages = append(out.Pages, p)
			}
		}
		return nil
	})
	return out, err
}

// Snapshot is everything the index holds.
type Snapshot struct {
	Folders   []Folder
	Funnels   []Funnel
	Pages     []Page
	Redirects []Redirect
	State     State
}

// State is what the index says of itself.
type State struct {
	Exists bool // there is an index of this location and API
	Gen    uint64
	// Crawled is when the last crawl ended whole (zero: never); CrawlStarted when
	// that crawl began.
	Crawled, CrawlStarted time.Time
	// Unfinished: a crawl was left part way (the next one resumes it).
	Unfinished bool
	// Skipped records that could not be read (a damaged record reads as absent).
	Skipped int
}

// Snapshot reads the whole index in one transaction; a funnel's PagesAt is when its
// pages were last read whole.
func (s *Store) Snapshot(ctx context.Context) (*Snapshot, error) {
	out := &Snapshot{}
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		out = snapshotOf(tx)
		return nil
	})
	return out, err
}

// snapshotOf is everything the index in tx holds.
func snapshotOf(tx *bolt.Tx) *Snapshot {
	out := &Snapshot{State: readState(tx)}
	each := func(b []byte, decode func(v []byte) error) {
		_ = tx.Bucket(b).ForEach(func(_, v []byte) error {
			if decode(v) != nil {
				out.State.Skipped++
			}
			return nil
		})
	}
	n := func(b []byte) int { return tx.Bucket(b).Stats().KeyN }
	out.Folders = make([]Folder, 0, n(bFolders))
	out.Funnels = make([]Funnel, 0, n(bFunnels))
	out.Pages = make([]Page, 0, n(bPages))
	out.Redirects = make([]Redirect, 0, n(bRedirects))
	each(bFolders, func(v []byte) error {
		var f Folder
		err := json.Unmarshal(v, &f)
		if err == nil {
			out.Folders = append(out.Folders, f)
		}
		return err
	})
	at := tx.Bucket(bAt)
	each(bFunnels, func(v []byte) error {
		var f Funnel
		err := json.Unmarshal(v, &f)
		if err == nil {
			f.PagesAt = max(f.PagesAt, seenAt(at, stampPages, f.ID))
			out.Funnels = append(out.Funnels, f)
		}
		return err
	})
	each(bPages, func(v []byte) error {
		var p Page
		err := json.Unmarshal(v, &p)
		if err == nil {
			out.Pages = append(out.Pages, p)
		}
		return err
	})
	each(bRedirects, func(v []byte) error {
		var r Redirect
		err := json.Unmarshal(v, &r)
		if err == nil {
			out.Redirects = append(out.Redirects, r)
		}
		return err
	})
	return out
}

// State reads what the index says of itself, without its records.
func (s *Store) State(ctx context.Context) (State, error) {
	var st State
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		st = readState(tx)
		return nil
	})
	return st, err
}

func readState(tx *bolt.Tx) State {
	m := tx.Bucket(bMeta)
	return State{
		Exists:       true,
		Gen:          btoi(m.Get(mGen)),
		Crawled:      Time(btois(m.Get(mCrawled))),
		CrawlStarted: Time(btois(m.Get(mCrawlStart))),
		Unfinished:   m.Get(mCrawl) != nil,
	}
}
