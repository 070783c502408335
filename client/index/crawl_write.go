package index

import (
	"context"
	"slices"
	"time"
)

// sweep, the last write of a whole crawl, removes what the crawl did not find again
// (deleted on the service since it was seen), notes when the crawl ended and keeps
// what changed since the crawl before (recordCrawl). A crawl that stops part way
// never gets here, so it leaves the snapshot as it was.
func (r *crawlRun) sweep(w *Writer) error {
	started := r.plan.Started
	var funnels, folders []string
	at := w.tx.Bucket(bAt)
	// A list cut at the cap was not read past it: what lies there is kept.
	if !r.plan.FunnelsCut {
		if err := w.tx.Bucket(bFunnels).ForEach(func(k, _ []byte) error {
			if seenAt(at, stampFunnel, string(k)) < started {
				funnels = append(funnels, string(k))
			}
			return nil
		}); err != nil {
			return err
		}
	}
	if !r.plan.Grouped {
		if err := w.tx.Bucket(bFolders).ForEach(func(k, _ []byte) error {
			if seenAt(at, stampFolder, string(k)) < started {
				folders = append(folders, string(k))
			}
			return nil
		}); err != nil {
			return err
		}
	}
	for _, id := range funnels {
		if err := w.DeleteFunnel(id); err != nil {
			return err
		}
	}
	for _, id := range folders {
		if err := w.DeleteFolder(id); err != nil {
			return err
		}
	}
	// Every folder and the root are now listed whole: their folders and their funnels.
	if err := w.MarkListed(""); err != nil {
		return err
	}
	if err := w.tx.Bucket(bFolders).ForEach(func(k, _ []byte) error { return w.MarkListed(string(k)) }); err != nil {
		return err
	}
	m := w.tx.Bucket(bMeta)
	if err := m.Put(mCrawled, itobs(millis(w.now))); err != nil {
		return err
	}
	if err := m.Put(mCrawlStart, itobs(started)); err != nil {
		return err
	}
	if err := w.recordCrawl(); err != nil {
		return err
	}
	return m.Delete(mCrawl)
}

// cutNote is what a crawl says, once, when records were cut to fit the index.
const cutNote = "some names, paths or lists were longer than the index keeps (2 KiB a text) and were cut; the commands with --json show them whole"

// writer writes the ops in batches, each with the checkpoint they bring it to, until
// ops is closed.
func (r *crawlRun) writer(saved checkpoint) {
	defer close(r.written)
	every := r.c.FlushEvery
	if every <= 0 {
		every = 250 * time.Millisecond
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	var pending []op
	final := false
	flush := func() {
		if len(pending) == 0 {
			return
		}
		cp := saved
		cp.FolderQueue = slices.Clone(cp.FolderQueue)
		cp.FunnelPages = slices.Clone(cp.FunnelPages)
		cp.Notes = slices.Clone(cp.Notes)
		for _, o := range pending {
			if o.mark != nil {
				o.mark(&cp)
			}
		}
		r.mu.Lock()
		cp.Requests = r.prog.Requests
		cp.ElapsedMS = r.plan.ElapsedMS + time.Since(r.start).Milliseconds()
		r.mu.Unlock()
		err := r.store.Update(context.Background(), func(w *Writer) error {
			for _, o := range pending {
				if o.write == nil {
					continue
				}
				if err := o.write(w); err != nil {
					return err
				}
			}
			if w.Cut() > 0 && !slices.Contains(cp.Notes, cutNote) {
				cp.Notes = append(cp.Notes, cutNote)
				r.mu.Lock()
				if !slices.Contains(r.plan.Notes, cutNote) {
					r.plan.Notes = append(r.plan.Notes, cutNote)
					r.prog.Notes = slices.Clone(r.plan.Notes)
				}
				r.mu.Unlock()
			}
			if cp.finished {
				return nil // the sweep removed it
			}
			return w.putCheckpoint(cp)
		})
		if err != nil {
			r.mu.Lock()
			r.wErr = err
			r.mu.Unlock()
			if !final {
				return // kept, and tried again with the next batch
			}
		}
		saved, pending = cp, nil
	}
	for {
		select {
		case o, ok := <-r.ops:
			if !ok {
				final = true
				flush()
				return
			}
			if o.synced != nil {
				flush()
				close(o.synced)
				continue
			}
			pending = append(pending, o)
			if len(pending) >= 512 {
				flush()
			}
		case <-tick.C:
			flush()
		}
	}
}
