package index

import (
	"context"
	"fmt"
	"slices"

	"github.com/funnelsdev/funnels/client"
)

// The funnel list, 100 funnels a page. The count the server announces is a claim:
// it lets a few pages be asked for ahead (funnelWindow), never more, and the list
// ends where a page shows it ends — empty, short, or holding only funnels read
// before — or at the cap on pages (funnelPageCap), whatever the count says. A count
// that lies therefore costs at most a window of requests, and a crawl resumed
// against an honest server asks only for what is not read yet and the page after it.

// funnelPageCap is how many pages of the funnel list a crawl reads at most: the
// crawl's own bound, lowered by the client's bounds on a list (items and requests).
func (r *crawlRun) funnelPageCap() int {
	items, requests := r.cl.ListBounds()
	return max(1, min(maxFunnelPages, requests, (items+funnelPageSize-1)/funnelPageSize))
}

// startFunnels queues the funnel list: its first page, or what an earlier run left
// (the pages not read below the last one read, and the page after it unless the end
// was seen).
func (r *crawlRun) startFunnels(ctx context.Context) {
	r.mu.Lock()
	done := r.plan.FunnelsDone
	r.mu.Unlock()
	if done {
		return
	}
	if r.refused(client.FamilyFunnelList) {
		r.note("funnels from folder listings only: the funnel list is not available (" +
			client.Access(r.cl.Access()).Reason(client.FamilyFunnelList) + ")")
		r.mu.Lock()
		r.entityPages = true
		r.mu.Unlock()
		r.finishFunnels()
		return
	}
	r.mu.Lock()
	var offsets []int
	last := -funnelPageSize // none read: the next is the first
	for _, off := range r.plan.FunnelPages {
		last = max(last, off)
	}
	for off := 0; off <= last; off += funnelPageSize {
		if !slices.Contains(r.plan.FunnelPages, off) {
			offsets = append(offsets, off)
		}
	}
	if next := max(last+funnelPageSize, 0); !r.plan.FunnelEnded && next < r.funnelPageCap()*funnelPageSize {
		offsets = append(offsets, next)
	}
	r.mu.Unlock()
	r.queueFunnelOffsets(ctx, offsets)
	r.funnelsMaybeDone()
}

// queueFunnelOffsets asks for the pages of the funnel list at offsets, each once a
// run, none at or past the end seen or the cap.
func (r *crawlRun) queueFunnelOffsets(ctx context.Context, offsets []int) {
	limit := r.funnelPageCap() * funnelPageSize
	var fresh []int
	r.mu.Lock()
	for _, off := range offsets {
		switch {
		case off < 0 || off >= limit, r.plan.FunnelEnded && off >= r.plan.FunnelEnd,
			slices.Contains(r.plan.FunnelPages, off), slices.Contains(r.funnelQueued, off):
			continue
		}
		r.funnelQueued = append(r.funnelQueued, off)
		r.funnelPending++
		fresh = append(fresh, off)
	}
	r.mu.Unlock()
	for _, off := range fresh {
		r.jobs.push(high, func() { r.funnelPage(ctx, off) })
	}
}

// funnelPage reads the funnel list at offset, keeps its funnels, sets their pages
// going, and asks for what may follow: the next page, or with a count, the pages of
// the window past this one.
func (r *crawlRun) funnelPage(ctx context.Context, offset int) {
	defer r.funnelsMaybeDone()
	page, _, err := r.cl.ListFunnels(ctx, client.ListFunnelsParams{Offset: offset, Limit: funnelPageSize})
	if err != nil {
		r.mu.Lock()
		r.funnelPending--
		r.mu.Unlock()
		if api, ok := refusal(err); ok && offset == 0 {
			r.note("funnels from folder listings only: the funnel list is not available (" + api.Explain() + ")")
			r.mu.Lock()
			r.entityPages = true
			r.mu.Unlock()
			r.finishFunnels()
			return
		}
		r.fail(ctx, fmt.Errorf("funnel list at %d: %w", offset, err))
		return
	}
	funnels := page.Funnels
	limit := r.funnelPageCap() * funnelPageSize
	var ids []string
	r.mu.Lock()
	r.funnelPending--
	for _, f := range funnels {
		if !r.seen[f.ID] {
			r.seen[f.ID] = true
			ids = append(ids, f.ID)
		}
	}
	count, known := min(max(page.Count, 0), limit), page.CountKnown
	if known {
		r.plan.FunnelCount = count
	}
	r.prog.FunnelsTotal = max(r.prog.FunnelsTotal, r.plan.claimedTotal(count), len(r.seen))
	r.plan.FunnelPages = append(r.plan.FunnelPages, offset)
	r.prog.Funnels += len(ids)
	n := len(funnels)
	end, cut := -1, false
	var next []int
	switch {
	case n == 0 || len(ids) == 0: // empty, or only funnels read before
		end = offset
	case n < funnelPageSize || known && offset+n >= page.Count:
		end = offset + n
	case offset+funnelPageSize >= limit:
		end, cut = offset+n, true
	default:
		ahead := 1
		if known {
			ahead = funnelWindow
		}
		for k := 1; k <= ahead; k++ {
			if off := offset + k*funnelPageSize; !known || off < page.Count {
				next = append(next, off)
			}
		}
	}
	if end >= 0 && (!r.plan.FunnelEnded || end < r.plan.FunnelEnd) {
		r.plan.FunnelEnded, r.plan.FunnelEnd = true, end
	}
	r.plan.FunnelsCut = r.plan.FunnelsCut || cut
	if r.plan.FunnelEnded { // what the list holds is now read, not claimed
		r.prog.FunnelsTotal = max(min(r.prog.FunnelsTotal, r.plan.FunnelEnd), len(r.seen))
	}
	ended, endAt := r.plan.FunnelEnded, r.plan.FunnelEnd
	r.mu.Unlock()
	r.emit(op{
		write: func(w *Writer) error {
			for _, f := range funnels {
				if err := w.PutFunnel(FunnelOf(f, w.now)); err != nil {
					return err
				}
			}
			return nil
		},
		mark: func(cp *checkpoint) {
			cp.FunnelPages = append(cp.FunnelPages, offset)
			if known {
				cp.FunnelCount = count
			}
			if ended && (!cp.FunnelEnded || endAt < cp.FunnelEnd) {
				cp.FunnelEnded, cp.FunnelEnd = true, endAt
			}
			cp.FunnelsCut = cp.FunnelsCut || cut
		},
	})
	if cut {
		r.note(fmt.Sprintf("the funnel list was cut after %s funnels: a list may take at most %d pages here (the server said %s)",
			Thousands(offset+n), limit/funnelPageSize, Thousands(page.Count)))
	}
	r.jumpToFolders(ctx, funnels)
	if r.pagesOpen {
		r.queuePages(ctx, ids)
	}
	r.queueFunnelOffsets(ctx, next)
	r.report()
}

// funnelsMaybeDone finishes the funnel list once its end is seen, every page before
// the end is read and none is still asked for.
func (r *crawlRun) funnelsMaybeDone() {
	r.mu.Lock()
	whole := r.plan.FunnelEnded && r.funnelPending == 0 && !r.plan.FunnelsDone
	for off := 0; off < r.plan.FunnelEnd && whole; off += funnelPageSize {
		whole = slices.Contains(r.plan.FunnelPages, off)
	}
	r.mu.Unlock()
	if whole {
		r.finishFunnels()
	}
}

// finishFunnels marks the funnel list read (once); with folders known by id, every
// folder (and the root) is then listed whole.
func (r *crawlRun) finishFunnels() {
	r.mu.Lock()
	if r.plan.FunnelsDone {
		r.mu.Unlock()
		return
	}
	r.plan.FunnelsDone = true
	grouped := r.plan.Grouped
	r.mu.Unlock()
	o := op{mark: func(cp *checkpoint) { cp.FunnelsDone = true }}
	if grouped {
		o.write = groupFolders
	}
	r.emit(o)
	r.report()
}

// boundFunnelPages keeps, of a checkpoint's funnel-list offsets, those a crawl could
// have read (multiples of the page size below the cap), each once, so a damaged or
// crafted checkpoint never makes a resume walk an absurd range.
func boundFunnelPages(offsets []int) []int {
	var out []int
	for _, off := range offsets {
		if off >= 0 && off%funnelPageSize == 0 && off < maxFunnelPages*funnelPageSize && !slices.Contains(out, off) {
			out = append(out, off)
		}
	}
	return out
}

// claimedTotal is how many funnels a count may be believed to promise: no more than
// the pages read and a window past them hold.
func (cp *checkpoint) claimedTotal(count int) int {
	return min(max(count, 0), (len(cp.FunnelPages)+funnelWindow)*funnelPageSize)
}
