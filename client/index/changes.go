package index

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// ChangeKind is what happened to an item between two crawls.
type ChangeKind string

// The kinds of change.
const (
	Added   ChangeKind = "added"
	Removed ChangeKind = "removed"
	Changed ChangeKind = "changed"
)

// FieldChange is one field of an item: its value before (Old) and after (New); an
// added item has only New values, a removed one only Old.
type FieldChange struct {
	Field string `json:"field"`
	Old   string `json:"old,omitempty"`
	New   string `json:"new,omitempty"`
}

// Change is one item added, removed or changed.
type Change struct {
	Kind     ChangeKind    `json:"kind"`
	Item     string        `json:"item"` // folder, funnel, step or page
	ID       string        `json:"id"`
	FunnelID string        `json:"funnelId,omitempty"` // the funnel's own id for a funnel
	Funnel   string        `json:"funnel,omitempty"`   // its name when the change was seen
	Name     string        `json:"name"`
	Fields   []FieldChange `json:"fields,omitempty"`
}

// ChangeSet is what one whole crawl found changed since the crawl before it.
type ChangeSet struct {
	Version int   `json:"version"`
	At      int64 `json:"at"`   // when the crawl ended, Unix ms
	Prev    int64 `json:"prev"` // when the crawl compared with ended (0: none)
	// Baseline: the first snapshot of the location; there was nothing to compare.
	Baseline bool     `json:"baseline,omitempty"`
	Items    int      `json:"items"`
	Changes  []Change `json:"changes,omitempty"`
	Dropped  int      `json:"dropped,omitempty"` // changes past maxChangesKept, counted only
}

// History bounds: the change sets of the last keepVersions crawls that found a
// change, plus the newest crawl whatever it found, and at most maxChangesKept changes
// a crawl (a location renamed whole is counted past that, not listed).
const (
	keepVersions   = 20
	maxChangesKept = 5000
)

// RecordCrawl keeps what changed since the last snapshot as a new version, as the end
// of a whole crawl does: for an index written by other means (a benchmark's made-up
// location).
func (w *Writer) RecordCrawl() error { return w.recordCrawl() }

// recordCrawl, part of the last write of a whole crawl, compares the index with the
// snapshot of the crawl before and keeps what changed as a new version.
func (w *Writer) recordCrawl() error {
	changes, items, first, err := compareSnapshot(w.tx, btoi(w.tx.Bucket(bMeta).Get(mGen))+1, &w.changes)
	if err != nil {
		return fmt.Errorf("index: snapshot: %w", err)
	}
	h := w.tx.Bucket(bHistory)
	set := ChangeSet{At: millis(w.now), Items: items, Baseline: first}
	k, v := h.Cursor().Last()
	if k != nil {
		var last ChangeSet
		if json.Unmarshal(v, &last) == nil {
			set.Version, set.Prev = last.Version+1, last.At
			if len(last.Changes) == 0 && !last.Baseline && last.Dropped == 0 {
				// The newest crawl found nothing: it is kept only while newest.
				if err := h.Delete(k); err != nil {
					return err
				}
			}
		}
	}
	set.Version = max(set.Version, 1)
	if len(changes) > maxChangesKept {
		set.Dropped = len(changes) - maxChangesKept
		changes = changes[:maxChangesKept]
	}
	set.Changes = changes
	if err := put(h, itob(uint64(set.Version)), set); err != nil {
		return err
	}
	kept := 0
	c := h.Cursor()
	for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
		kept++
	}
	for ; kept > keepVersions+1; kept-- {
		if k, _ := c.First(); k != nil {
			if err := c.Delete(); err != nil {
				return err
			}
		}
	}
	return nil
}

// Since chooses the crawls a Report covers: those after Version, or those that
// ended after Time; neither set, the newest crawl alone.
type Since struct {
	Version int
	Time    time.Time
}

// Report is what changed over one or more crawls, each item once: an item changed
// twice shows its first old value and its last new one, an item added and then
// removed does not show.
type Report struct {
	// Found: at least one whole crawl kept a snapshot (else nothing is known).
	Found bool `json:"found"`
	// From and To are the first and last versions covered, At when To's crawl ended
	// and Prev when the crawl before From ended (zero: none).
	From     int       `json:"from"`
	To       int       `json:"to"`
	At       time.Time `json:"at,omitzero"`
	Prev     time.Time `json:"prev,omitzero"`
	Baseline bool      `json:"baseline,omitempty"` // the covered crawls hold the first snapshot
	Changes  []Change  `json:"changes"`
	Dropped  int       `json:"dropped,omitempty"`
	// Newest is the newest version kept (what a later Since{Version: Newest} follows).
	Newest int `json:"newest"`
}

// Changes reports what changed in the crawls since chooses. Only those sets and the
// newest are decoded, read from the newest back (versions and times only grow), so
// the browser's read of the newest crawl's changes costs one set, not the history.
func (s *Store) Changes(ctx context.Context, since Since) (Report, error) {
	var sets []ChangeSet // newest first
	_, err := s.view(ctx, func(tx *bolt.Tx) error {
		h := tx.Bucket(bHistory)
		if h == nil {
			return nil
		}
		c := h.Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			var set ChangeSet
			if json.Unmarshal(v, &set) != nil || set.Version <= 0 {
				continue
			}
			if len(sets) > 0 && !since.covers(set) {
				break
			}
			sets = append(sets, set)
			if since == (Since{}) {
				break
			}
		}
		return nil
	})
	if err != nil {
		return Report{}, err
	}
	slices.Reverse(sets)
	return reportOf(sets, since), nil
}

// covers reports whether since chooses set (the zero Since chooses the newest alone,
// which reportOf picks).
func (since Since) covers(set ChangeSet) bool {
	switch {
	case since.Version > 0:
		return set.Version > since.Version
	case !since.Time.IsZero():
		return Time(set.At).After(since.Time)
	}
	return false
}

// reportOf merges the change sets since chooses, sets in version order.
func reportOf(sets []ChangeSet, since Since) Report {
	r := Report{Changes: []Change{}}
	if len(sets) == 0 {
		return r
	}
	r.Found, r.Newest = true, sets[len(sets)-1].Version
	var chosen []ChangeSet
	if since == (Since{}) {
		chosen = sets[len(sets)-1:]
	}
	for _, set := range sets {
		if since.covers(set) {
			chosen = append(chosen, set)
		}
	}
	if len(chosen) == 0 {
		r.From, r.To = r.Newest+1, r.Newest
		return r
	}
	r.From, r.To = chosen[0].Version, chosen[len(chosen)-1].Version
	r.At, r.Prev = Time(chosen[len(chosen)-1].At), Time(chosen[0].Prev)
	m := merger{at: map[string]int{}}
	for _, set := range chosen {
		r.Baseline = r.Baseline || set.Baseline
		r.Dropped += set.Dropped
		for _, c := range set.Changes {
			m.add(c)
		}
	}
	for _, c := range m.out {
		if c.Kind != "" {
			r.Changes = append(r.Changes, c)
		}
	}
	return r
}

// merger folds the changes of several crawls into one per item.
type merger struct {
	out []Change
	at  map[string]int // item and id → index in out
}

func (m *merger) add(c Change) {
	key := c.Item + "\x00" + c.FunnelID + "\x00" + c.ID
	i, ok := m.at[key]
	if !ok {
		m.at[key] = len(m.out)
		m.out = append(m.out, c)
		return
	}
	prev := &m.out[i]
	switch {
	case prev.Kind == "":
		// came and went before: what follows stands alone
	case prev.Kind == Added && c.Kind == Removed:
		*prev = Change{} // came and went
		return
	case prev.Kind == Added:
		c.Kind = Added
		c.Fields = foldFields(prev.Fields, c.Fields)
		for i := range c.Fields {
			c.Fields[i].Old = ""
		}
	case prev.Kind == Removed && c.Kind == Added, prev.Kind == Changed && c.Kind == Changed:
		c.Kind = Changed
		c.Fields = foldFields(prev.Fields, c.Fields)
	case c.Kind == Removed:
		c.Fields = foldFields(prev.Fields, c.Fields)
	}
	if c.Kind == Changed && len(c.Fields) == 0 {
		*prev = Change{} // changed and changed back
		return
	}
	*prev = c
}

// foldFields joins two steps of one item's fields: each field's first old value and
// last new one; a field back where it began is left out.
func foldFields(first, then []FieldChange) []FieldChange {
	out := make([]FieldChange, 0, len(first)+len(then))
	pos := map[string]int{}
	for _, f := range first {
		pos[f.Field] = len(out)
		out = append(out, f)
	}
	for _, f := range then {
		if i, ok := pos[f.Field]; ok {
			out[i].New = f.New
			continue
		}
		pos[f.Field] = len(out)
		out = append(out, f)
	}
	kept := out[:0]
	for _, f := range out {
		if f.Old != f.New {
			kept = append(kept, f)
		}
	}
	return kept
}
