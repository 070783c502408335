package index

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/funnelsdev/funnels/client"
)

// Writer changes the index inside one transaction (Store.Update): every change of
// one batch is written, with the crawl's checkpoint, or none is. A record is written
// only when what it says changes (its fetch time aside); when it was seen is kept
// apart (seen_at.go), and what changed is kept for what is made of the records
// (tracked.go).
type Writer struct {
	tx      *bolt.Tx
	now     time.Time
	bound   bounder   // what was cut to fit (bound.go)
	changes changeSet // what this write changed (tracked.go)
}

// Cut is how many texts, steps or records this Writer cut or left out to keep
// records within their bounds.
func (w *Writer) Cut() int { return w.bound.cut }

// fillPercent is how full bbolt packs a page before it splits one: records come in
// batches of neighbours (one funnel's pages), so fuller pages keep the file near the
// size of what it holds (half full by default).
const fillPercent = 0.9

// Update runs fn with a Writer in one write transaction.
func (s *Store) Update(ctx context.Context, fn func(w *Writer) error) error {
	now := s.now()
	return s.update(ctx, func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bFolders, bFunnels, bPages, bRedirects, bChildren, bListed, bAt} {
			tx.Bucket(b).FillPercent = fillPercent
		}
		w := &Writer{tx: tx, now: now}
		if err := fn(w); err != nil {
			return err
		}
		prev := btoi(tx.Bucket(bMeta).Get(mGen))
		return track(tx, prev, prev+1, &w.changes)
	})
}

// Now is the time records written by this batch are stamped with.
func (w *Writer) Now() time.Time { return w.now }

func put(b *bolt.Bucket, key []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("index: encode: %w", err)
	}
	return b.Put(key, raw)
}

// putChanged writes rec at key unless the record kept there says the same: at is
// rec's fetch time, which is set to the kept record's to compare (so the two encode
// alike when nothing else differs) and written as it came otherwise. It reports
// whether it wrote. The records it takes end with their fetch time ("a").
func putChanged(b *bolt.Bucket, key []byte, rec any, at *int64) (bool, error) {
	fetched := *at
	if old := b.Get(key); old != nil {
		if oldAt, ok := lastAt(old); ok {
			*at = oldAt
			raw, err := json.Marshal(rec)
			if err != nil {
				return false, fmt.Errorf("index: encode: %w", err)
			}
			if bytes.Equal(raw, old) {
				return false, nil
			}
		}
	}
	*at = fetched
	return true, put(b, key, rec)
}

// lastAt reads the fetch time a record's JSON ends with (,"a":N}); false when it does
// not end so.
func lastAt(raw []byte) (int64, bool) {
	i := bytes.LastIndex(raw, []byte(`,"a":`))
	if i < 0 || raw[len(raw)-1] != '}' {
		return 0, false
	}
	digits := raw[i+5 : len(raw)-1]
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// PutFolder writes a folder. A folder known only by id (Grouped) does not replace
// one whose name and place are known.
func (w *Writer) PutFolder(f Folder) error {
	if tooLongID(f.ID) {
		w.bound.cut++
		return nil
	}
	w.bound.folder(&f)
	if err := w.markSeen(stampFolder, f.ID); err != nil {
		return err
	}
	b := w.tx.Bucket(bFolders)
	children := w.tx.Bucket(bChildren)
	key := childKey('d', f.ParentID, f.ID)
	var old Folder
	had := get(b, []byte(f.ID), &old)
	if had && f.Grouped && !old.Grouped {
		return nil
	}
	if had && old.ParentID == f.ParentID {
		same := f
		same.At = old.At
		if same == old && bytes.Equal(children.Get(key), folderRow(same)) {
			return nil
		}
	}
	if had && old.ParentID != f.ParentID {
		if err := children.Delete(childKey('d', old.ParentID, f.ID)); err != nil {
			return err
		}
	}
	w.changes.folders = true
	if err := children.Put(key, folderRow(f)); err != nil {
		return err
	}
	return put(b, []byte(f.ID), f)
}

// DeleteFolder removes a folder (what it holds stays until its own listing).
func (w *Writer) DeleteFolder(id string) error {
	b := w.tx.Bucket(bFolders)
	var old Folder
	if get(b, []byte(id), &old) {
		if err := w.tx.Bucket(bChildren).Delete(childKey('d', old.ParentID, id)); err != nil {
			return err
		}
	}
	if b.Get([]byte(id)) != nil {
		w.changes.folders = true
	}
	if err := w.forgetSeen(stampFolder, id); err != nil {
		return err
	}
	return b.Delete([]byte(id))
}

// PutFunnel writes a funnel. A funnel that came without its steps keeps the steps
// already known; f.PagesAt, when set, is when its pages were read whole.
func (w *Writer) PutFunnel(f Funnel) error {
	if tooLongID(f.ID) {
		w.bound.cut++
		return nil
	}
	w.bound.funnel(&f)
	if err := w.markSeen(stampFunnel, f.ID); err != nil {
		return err
	}
	if f.PagesAt != 0 {
		if err := w.tx.Bucket(bAt).Put(stampKey(stampPages, f.ID), itobs(f.PagesAt)); err != nil {
			return err
		}
		f.PagesAt = 0
	}
	b := w.tx.Bucket(bFunnels)
	children := w.tx.Bucket(bChildren)
	key := childKey('f', f.ParentID, f.ID)
	row := children.Get(key)
	// A row says all that its record does but when its pages were read, so an equal
	// row is a record unchanged: nothing is decoded and nothing written.
	same := func(f Funnel) bool {
		at, ok := rowAt(row)
		f.At = at
		return ok && bytes.Equal(funnelRow(f), row) && b.Get([]byte(f.ID)) != nil
	}
	if row != nil && (f.StepsKnown || rowFlags(row)&rowStepsKnown == 0) && same(f) {
		return nil
	}
	var old Funnel
	if get(b, []byte(f.ID), &old) {
		if !f.StepsKnown && old.StepsKnown {
			f.Steps, f.StepsKnown = old.Steps, true
			if row != nil && same(f) {
				return nil
			}
		}
		if old.ParentID != f.ParentID {
			if err := children.Delete(childKey('f', old.ParentID, f.ID)); err != nil {
				return err
			}
		}
		if old.PagesAt != 0 && seenAt(w.tx.Bucket(bAt), stampPages, f.ID) == 0 {
			// Kept in the record by an earlier version: moved to the at bucket.
			if err := w.tx.Bucket(bAt).Put(stampKey(stampPages, f.ID), itobs(old.PagesAt)); err != nil {
				return err
			}
		}
	}
	w.changes.funnel(f.ID)
	if err := children.Put(key, funnelRow(f)); err != nil {
		return err
	}
	return put(b, []byte(f.ID), f)
}

// DeleteFunnel removes a funnel and its pages.
func (w *Writer) DeleteFunnel(id string) error {
	b := w.tx.Bucket(bFunnels)
	var old Funnel
	if get(b, []byte(id), &old) {
		if err := w.tx.Bucket(bChildren).Delete(childKey('f', old.ParentID, id)); err != nil {
			return err
		}
	}
	if b.Get([]byte(id)) != nil {
		w.changes.funnel(id)
	}
	if err := w.dropPages(id, "", nil); err != nil {
		return err
	}
	for _, k := range []byte{stampFunnel, stampPages} {
		if err := w.forgetSeen(k, id); err != nil {
			return err
		}
	}
	return b.Delete([]byte(id))
}

// ReplacePages makes pages the pages of the funnel (stepID "") or of one of its steps:
// those kept before and not among them are removed. Replacing a whole funnel's pages
// notes when its pages were read.
func (w *Writer) ReplacePages(funnelID, stepID string, pages []Page) error {
	if tooLongID(funnelID) || tooLongID(stepID) {
		w.bound.cut++
		return nil
	}
	keep := make(map[string]bool, len(pages))
	for _, p := range pages {
		keep[p.ID] = true
	}
	if err := w.dropPages(funnelID, stepID, keep); err != nil {
		return err
	}
	b := w.tx.Bucket(bPages)
	for _, p := range pages {
		if tooLongID(p.ID) {
			w.bound.cut++
			continue
		}
		p.FunnelID = funnelID
		w.bound.page(&p)
		wrote, err := putChanged(b, pageKey(funnelID, p.ID), &p, &p.At)
		if err != nil {
			return err
		}
		if wrote {
			w.changes.funnel(funnelID)
		}
	}
	if stepID != "" {
		return w.tx.Bucket(bListed).Put(stepListedKey(funnelID, stepID), itobs(millis(w.now)))
	}
	return w.markSeen(stampPages, funnelID)
}

// dropPages removes the pages of the funnel (stepID "": of any step; else of that
// step, and those of no step) that keep does not name.
func (w *Writer) dropPages(funnelID, stepID string, keep map[string]bool) error {
	b := w.tx.Bucket(bPages)
	prefix := funnelPrefix(funnelID)
	var drop [][]byte
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if keep[string(k[len(prefix):])] {
			continue
		}
		if stepID != "" {
			var p Page
			if json.Unmarshal(v, &p) == nil && p.StepID != "" && p.StepID != stepID {
				continue // another step's page
			}
		}
		drop = append(drop, bytes.Clone(k))
	}
	for _, k := range drop {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	if len(drop) > 0 {
		w.changes.funnel(funnelID)
	}
	return nil
}

// PutRedirect writes a redirect.
func (w *Writer) PutRedirect(r Redirect) error {
	if tooLongID(r.ID) {
		w.bound.cut++
		return nil
	}
	w.bound.redirect(&r)
	wrote, err := putChanged(w.tx.Bucket(bRedirects), []byte(r.ID), &r, &r.At)
	if wrote {
		w.changes.redirects = true
	}
	return err
}

// DeleteRedirect removes a redirect.
func (w *Writer) DeleteRedirect(id string) error {
	b := w.tx.Bucket(bRedirects)
	if b.Get([]byte(id)) != nil {
		w.changes.redirects = true
	}
	return b.Delete([]byte(id))
}

// ReplaceRedirects makes rs every redirect of the location.
func (w *Writer) ReplaceRedirects(rs []Redirect) error {
	b := w.tx.Bucket(bRedirects)
	keep := make(map[string]bool, len(rs))
	for _, r := range rs {
		keep[r.ID] = true
	}
	dropped := 0
	if err := deleteWhere(b, func(k, _ []byte) bool {
		if keep[string(k)] {
			return false
		}
		dropped++
		return true
	}); err != nil {
		return err
	}
	if dropped > 0 {
		w.changes.redirects = true
	}
	for _, r := range rs {
		if err := w.PutRedirect(r); err != nil {
			return err
		}
	}
	return nil
}

// MarkListed records that folderID's listing was read whole now.
func (w *Writer) MarkListed(folderID string) error {
	return w.tx.Bucket(bListed).Put(folderListedKey(folderID), itobs(millis(w.now)))
}

// deleteWhere removes the keys of b for which drop says so.
func deleteWhere(b *bolt.Bucket, drop func(k, v []byte) bool) error {
	var keys [][]byte
	if err := b.ForEach(func(k, v []byte) error {
		if drop(k, v) {
			keys = append(keys, bytes.Clone(k))
		}
		return nil
	}); err != nil {
		return err
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// get decodes the record at key into v; false when there is none or it cannot be
// read (a damaged record counts as absent and is overwritten by the next write).
func get(b *bolt.Bucket, key []byte, v any) bool {
	raw := b.Get(key)
	return raw != nil && json.Unmarshal(raw, v) == nil
}

// What the browser saw, written through as it comes.

// SaveListing keeps what one folder held as the browser listed it: its folders and
// funnels. When whole (the listing was not cut short), funnels kept for the folder
// before and not listed now are removed with their pages, and, unless the folders
// were only grouped from the funnel list, so are such folders.
func (s *Store) SaveListing(ctx context.Context, folderID string, folders []client.Folder, funnels []client.Funnel, grouped, whole bool) error {
	return s.Update(ctx, func(w *Writer) error {
		seen := map[string]bool{}
		for _, f := range folders {
			rec := FolderOf(f, w.now)
			rec.ParentID = folderID
			rec.Grouped = grouped
			seen["d"+f.ID] = true
			if err := w.PutFolder(rec); err != nil {
				return err
			}
		}
		for _, f := range funnels {
			rec := FunnelOf(f, w.now)
			if rec.ParentID == "" {
				rec.ParentID = folderID
			}
			seen["f"+f.ID] = true
			if err := w.PutFunnel(rec); err != nil {
				return err
			}
		}
		if !whole {
			return nil
		}
		gone, err := w.children(folderID, func(kind byte, id string) bool {
			return !seen[string(kind)+id] && (kind == 'f' || !grouped)
		})
		if err != nil {
			return err
		}
		for _, g := range gone {
			if g.kind == 'f' {
				err = w.DeleteFunnel(g.id)
			} else {
				err = w.DeleteFolder(g.id)
			}
			if err != nil {
				return err
			}
		}
		return w.MarkListed(folderID)
	})
}

// SaveFunnels keeps funnels read again (with their steps).
func (s *Store) SaveFunnels(ctx context.Context, funnels []client.Funnel) error {
	return s.Update(ctx, func(w *Writer) error {
		for _, f := range funnels {
			if err := w.PutFunnel(FunnelOf(f, w.now)); err != nil {
				return err
			}
		}
		return nil
	})
}

// SavePages keeps the pages of a funnel's step (stepID "": of the whole funnel) as
// read whole.
func (s *Store) SavePages(ctx context.Context, funnelID, stepID string, pages []client.Page) error {
	return s.Update(ctx, func(w *Writer) error {
		recs := make([]Page, len(pages))
		for i, p := range pages {
			recs[i] = PageOf(funnelID, p, w.now)
		}
		return w.ReplacePages(funnelID, stepID, recs)
	})
}

// SaveRedirects keeps the location's redirects: all of them when whole, else those
// given are added.
func (s *Store) SaveRedirects(ctx context.Context, rs []client.Redirect, whole bool) error {
	return s.Update(ctx, func(w *Writer) error {
		recs := make([]Redirect, len(rs))
		for i, r := range rs {
			recs[i] = RedirectOf(r, w.now)
		}
		if whole {
			return w.ReplaceRedirects(recs)
		}
		for _, r := range recs {
			if err := w.PutRedirect(r); err != nil {
				return err
			}
		}
		return nil
	})
}

// RemoveRedirect forgets a redirect that was deleted.
func (s *Store) RemoveRedirect(ctx context.Context, id string) error {
	return s.Update(ctx, func(w *Writer) error { return w.DeleteRedirect(id) })
}

// child is one entry of a folder.
type child struct {
	kind byte
	id   string
}

// children lists the entries of folderID that match.
func (w *Writer) children(folderID string, match func(kind byte, id string) bool) ([]child, error) {
	var out []child
	c := w.tx.Bucket(bChildren).Cursor()
	for _, kind := range []byte{'d', 'f'} {
		prefix := childPrefix(kind, folderID)
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			id := string(k[len(prefix):])
			if match(kind, id) {
				out = append(out, child{kind, id})
			}
		}
	}
	return out, nil
}

// MarkCrawled records that the location was read whole now, as the end of a crawl
// does: for an index written by other means (a benchmark's made-up location).
func (w *Writer) MarkCrawled() error {
	m := w.tx.Bucket(bMeta)
	if err := m.Put(mCrawled, itobs(millis(w.now))); err != nil {
		return err
	}
	return m.Put(mCrawlStart, itobs(millis(w.now)))
}
