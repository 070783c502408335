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
// one batch is written, with the crawl's checkpoint, or none is.
type Writer struct {
	tx    *bolt.Tx
	now   time.Time
	bound bounder // what was cut to fit (bound.go)
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
		for _, b := range [][]byte{bFolders, bFunnels, bPages, bRedirects, bChildren, bListed} {
			tx.Bucket(b).FillPercent = fillPercent
		}
		return fn(&Writer{tx: tx, now: now})
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

// PutFolder writes a folder. A folder known only by id (Grouped) does not replace
// one whose name and place are known.
func (w *Writer) PutFolder(f Folder) error {
	if tooLongID(f.ID) {
		w.bound.cut++
		return nil
	}
	w.bound.folder(&f)
	b := w.tx.Bucket(bFolders)
	var old Folder
	had := get(b, []byte(f.ID), &old)
	if had && f.Grouped && !old.Grouped {
		return nil
	}
	if had && old.ParentID != f.ParentID {
		if err := w.tx.Bucket(bChildren).Delete(childKey('d', old.ParentID, f.ID)); err != nil {
			return err
		}
	}
	if err := w.tx.Bucket(bChildren).Put(childKey('d', f.ParentID, f.ID), folderRow(f)); err != nil {
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
	return b.Delete([]byte(id))
}

// PutFunnel writes a funnel. When f has no PagesAt the one already kept stays, and a
// funnel that came without its steps keeps the steps already known.
func (w *Writer) PutFunnel(f Funnel) error {
	if tooLongID(f.ID) {
		w.bound.cut++
		return nil
	}
	w.bound.funnel(&f)
	b := w.tx.Bucket(bFunnels)
	var old Funnel
	if get(b, []byte(f.ID), &old) {
		if f.PagesAt == 0 {
			f.PagesAt = old.PagesAt
		}
		if !f.StepsKnown && old.StepsKnown {
			f.Steps, f.StepsKnown = old.Steps, true
		}
		if old.ParentID != f.ParentID {
			if err := w.tx.Bucket(bChildren).Delete(childKey('f', old.ParentID, f.ID)); err != nil {
				return err
			}
		}
	}
	if err := w.tx.Bucket(bChildren).Put(childKey('f', f.ParentID, f.ID), funnelRow(f)); err != nil {
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
	if err := w.ReplacePages(id, "", nil); err != nil {
		return err
	}
	return b.Delete([]byte(id))
}

// ReplacePages makes pages the pages of the funnel (stepID "") or of one of its steps:
// those kept before and not among them are removed. Replacing a whole funnel's pages
// stamps the funnel's PagesAt.
func (w *Writer) ReplacePages(funnelID, stepID string, pages []Page) error {
	if tooLongID(funnelID) || tooLongID(stepID) {
		w.bound.cut++
		return nil
	}
	b := w.tx.Bucket(bPages)
	prefix := funnelPrefix(funnelID)
	keep := make(map[string]bool, len(pages))
	for _, p := range pages {
		keep[p.ID] = true
	}
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
	for _, p := range pages {
		if tooLongID(p.ID) {
			w.bound.cut++
			continue
		}
		p.FunnelID = funnelID
		w.bound.page(&p)
		if err := put(b, pageKey(funnelID, p.ID), p); err != nil {
			return err
		}
	}
	listed := w.tx.Bucket(bListed)
	if stepID != "" {
		return listed.Put(stepListedKey(funnelID, stepID), itobs(millis(w.now)))
	}
	fb := w.tx.Bucket(bFunnels)
	var f Funnel
	if get(fb, []byte(funnelID), &f) {
		f.PagesAt = millis(w.now)
		return put(fb, []byte(funnelID), f)
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
	return put(w.tx.Bucket(bRedirects), []byte(r.ID), r)
}

// DeleteRedirect removes a redirect.
func (w *Writer) DeleteRedirect(id string) error { return w.tx.Bucket(bRedirects).Delete([]byte(id)) }

// ReplaceRedirects makes rs every redirect of the location.
func (w *Writer) ReplaceRedirects(rs []Redirect) error {
	b := w.tx.Bucket(bRedirects)
	keep := make(map[string]bool, len(rs))
	for _, r := range rs {
		keep[r.ID] = true
	}
	if err := deleteWhere(b, func(k, _ []byte) bool { return !keep[string(k)] }); err != nil {
		return err
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
