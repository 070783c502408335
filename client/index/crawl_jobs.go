package index

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/funnelsdev/funnels/client"
)

// The crawl's reads, each a job on the run's workers. The folder tree, the funnel
// list and the redirects are high priority (they say how much there is, and set more
// reads going); the funnels' pages are low. A job that finds more to read queues it.

// priority of a job.
type priority int

const (
	high priority = iota
	low
)

// jobQueue is the work of one crawl run: jobs are added while others run, and the
// run ends when none is left and none is running.
type jobQueue struct {
	mu      sync.Mutex
	cond    *sync.Cond
	q       [2][]func()
	running int
	// High-priority jobs may hold at most highCap workers while low ones wait: a few
	// slow reads of the tree must not keep ready page reads from leaving.
	highCap, runningHigh int
}

func newJobQueue() *jobQueue {
	q := &jobQueue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// push adds a job.
func (q *jobQueue) push(p priority, fn func()) {
	q.mu.Lock()
	q.q[p] = append(q.q[p], fn)
	q.mu.Unlock()
	q.cond.Signal()
}

// run works the queue with workers goroutines until it is empty and idle, ctx ends or
// stopped says so (a fatal failure); jobs left then are dropped.
func (q *jobQueue) run(ctx context.Context, workers int, stopped func() bool) {
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			q.cond.Broadcast()
		case <-done:
		}
	}()
	q.mu.Lock()
	q.highCap = max(1, workers/2)
	q.mu.Unlock()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				job, p := q.take(ctx, stopped)
				if job == nil {
					return
				}
				job()
				q.mu.Lock()
				q.running--
				if p == high {
					q.runningHigh--
				}
				q.mu.Unlock()
				q.cond.Broadcast()
			}
		}()
	}
	wg.Wait()
}

// take waits for the next job, high priority first unless high jobs already hold
// their share of the workers and low ones wait; nil when the work is over.
func (q *jobQueue) take(ctx context.Context, stopped func() bool) (func(), priority) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		if ctx.Err() != nil || stopped() {
			return nil, low
		}
		for p := range q.q {
			pr := priority(p)
			if pr == high && q.runningHigh >= q.highCap && len(q.q[low]) > 0 {
				continue
			}
			if len(q.q[p]) > 0 {
				job := q.q[p][0]
				q.q[p] = q.q[p][1:]
				q.running++
				if pr == high {
					q.runningHigh++
				}
				return job, pr
			}
		}
		if q.running == 0 {
			q.cond.Broadcast()
			return nil, low
		}
		q.cond.Wait()
	}
}

// startFolders queues the folder tree: from the root, or what an earlier run left.
// Refused to this token, the folders come from the funnels' parentId instead.
func (r *crawlRun) startFolders(ctx context.Context) {
	r.mu.Lock()
	done := r.plan.FoldersDone || r.plan.Grouped
	level := slices.Clone(r.plan.FolderQueue)
	if !r.plan.FolderBegun {
		level = []string{""}
	}
	r.foldersLeft = len(level)
	// Every folder was read and written, but the run ended before the mark that says
	// so (it is written after the last folder's records): the tree is whole.
	whole := !done && len(level) == 0
	if whole {
		r.plan.FoldersDone = true
	}
	r.mu.Unlock()
	if whole {
		r.emit(op{mark: func(cp *checkpoint) { cp.FoldersDone, cp.FolderBegun, cp.FolderQueue = true, true, nil }})
	}
	if done || whole {
		return
	}
	if r.refused(client.FamilyFolders) {
		r.group(client.Access(r.cl.Access()).Reason(client.FamilyFolders))
		return
	}
	r.mu.Lock()
	r.rootPending = slices.Contains(level, "")
	for _, id := range level {
		r.folderAsked[id], r.folderNamed[id] = true, true
	}
	r.mu.Unlock()
	r.askFolders(ctx, level, false)
}

// jumpToFolders asks at once for the listings of the folders the funnels name as
// their parent, without waiting for the folders above them: a folder four levels
// down costs one round trip after the funnel list's first page instead of four, and
// on a server far away the tree is whole a few round trips sooner. Only folders the
// tree walk has not asked for are asked, each once; the walk asks for a folder it
// names that a jump already asked for no more. A jump the server refuses (a parentId
// of no folder) is dropped: the folder is read when a listing names it.
func (r *crawlRun) jumpToFolders(ctx context.Context, funnels []client.Funnel) {
	r.mu.Lock()
	if r.prog.Resumed || r.plan.FoldersDone || r.plan.Grouped || r.entityPages {
		r.mu.Unlock()
		return
	}
	var parents []string
	for _, f := range funnels {
		if f.ParentID != "" {
			parents = append(parents, f.ParentID)
		}
	}
	jumps := r.unasked(parents)
	r.mu.Unlock()
	r.askFolders(ctx, jumps, true)
}

// unasked marks the folders of ids not asked for yet as asked, counts them as left to
// read and returns them; the caller holds r.mu.
func (r *crawlRun) unasked(ids []string) []string {
	var out []string
	for _, id := range ids {
		if !r.folderAsked[id] {
			r.folderAsked[id] = true
			out = append(out, id)
		}
	}
	r.foldersLeft += len(out)
	return out
}

// askFolders queues the listings of folders (jumped: as jumpToFolders asks them).
func (r *crawlRun) askFolders(ctx context.Context, ids []string, jumped bool) {
	for _, id := range ids {
		r.jobs.push(high, func() { r.folder(ctx, id, jumped) })
	}
}

// afterRoot runs fn once the root folder's listing is answered (at once when it is
// not queued). Before the server tells its window, the bucket lets a background
// crawl send two requests, the rest a tenth of a second apart: the root folder, the
// head of the longest chain (a round trip a level), and the funnel list go first,
// and the redirects (one round trip, on no chain) after.
func (r *crawlRun) afterRoot(fn func()) {
	r.mu.Lock()
	if r.rootPending {
		r.afterRootJobs = append(r.afterRootJobs, fn)
		r.mu.Unlock()
		return
	}
	r.mu.Unlock()
	fn()
}

// rootAnswered runs what waited for the root folder's listing.
func (r *crawlRun) rootAnswered() {
	r.mu.Lock()
	fns := r.afterRootJobs
	r.rootPending, r.afterRootJobs = false, nil
	r.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}

// folder reads the folders one folder holds and queues them. The funnel list brings
// the funnels; only where it is refused are the folder's funnels read here too.
// jumped is a folder asked for because a funnel names it (jumpToFolders).
func (r *crawlRun) folder(ctx context.Context, id string, jumped bool) {
	if id == "" {
		defer r.rootAnswered()
	}
	r.mu.Lock()
	fromEntities := r.entityPages
	r.mu.Unlock()
	var ents *client.Entities
	var err error
	if fromEntities {
		ents, _, err = r.cl.FolderEntities(ctx, "", id, "")
	} else {
		var folders []client.Folder
		folders, _, err = r.cl.FolderChildren(ctx, id)
		ents = &client.Entities{Folders: folders}
	}
	if err != nil {
		if api, ok := refusal(err); ok && id == "" {
			r.group(api.Explain())
			return
		}
		r.mu.Lock()
		guess := jumped && !r.folderNamed[id]
		if guess {
			r.folderAsked[id] = false // read when a listing names it
		}
		r.mu.Unlock()
		if guess && ctx.Err() == nil {
			r.folderDone(true)
			return
		}
		r.fail(ctx, fmt.Errorf("folder %s: %w", orRoot(id), err))
		r.folderDone(false)
		return
	}
	subs := make([]string, len(ents.Folders))
	for j, f := range ents.Folders {
		subs[j] = f.ID
	}
	r.emit(op{
		write: func(w *Writer) error {
			for _, f := range ents.Folders {
				rec := FolderOf(f, w.now)
				rec.ParentID = id
				if err := w.PutFolder(rec); err != nil {
					return err
				}
			}
			for _, f := range ents.Funnels {
				rec := FunnelOf(f, w.now)
				if rec.ParentID == "" {
					rec.ParentID = id
				}
				if err := w.PutFunnel(rec); err != nil {
					return err
				}
			}
			if fromEntities {
				return w.MarkListed(id) // folders and funnels: listed whole
			}
			return nil // listed whole once the funnel list is read too (sweep)
		},
		mark: func(cp *checkpoint) {
			if !cp.FolderBegun {
				cp.FolderBegun, cp.FolderQueue = true, nil
			}
			cp.FolderQueue = append(slices.DeleteFunc(cp.FolderQueue, func(q string) bool { return q == id }), subs...)
		},
	})
	r.mu.Lock()
	r.prog.Folders += len(ents.Folders)
	r.plan.FolderBegun = true
	r.plan.FolderQueue = append(slices.DeleteFunc(r.plan.FolderQueue, func(q string) bool { return q == id }), subs...)
	for _, sub := range subs {
		r.folderNamed[sub] = true
	}
	ask := r.unasked(subs)
	r.mu.Unlock()
	r.askFolders(ctx, ask, false)
	if fromEntities { // the funnel list is refused: the folders' funnels are the ones to page
		ids := make([]string, len(ents.Funnels))
		for j, f := range ents.Funnels {
			ids[j] = f.ID
		}
		r.queuePages(ctx, ids)
	}
	r.folderDone(true)
	r.report()
}

// folderDone counts a folder read (or failed); the tree is done when the last one is
// read and none failed.
func (r *crawlRun) folderDone(ok bool) {
	r.mu.Lock()
	r.foldersLeft--
	if !ok {
		r.folderFailed = true
	}
	finished := r.foldersLeft == 0 && !r.folderFailed && !r.plan.Grouped && !r.plan.FoldersDone
	if finished {
		r.plan.FoldersDone = true
	}
	r.mu.Unlock()
	if finished {
		r.emit(op{mark: func(cp *checkpoint) { cp.FoldersDone, cp.FolderBegun, cp.FolderQueue = true, true, nil }})
	}
}

// group switches the crawl to folders known by id, from the funnels' parentId.
func (r *crawlRun) group(why string) {
	r.mu.Lock()
	r.plan.Grouped, r.plan.FolderQueue = true, nil
	funnelsDone := r.plan.FunnelsDone
	r.mu.Unlock()
	r.emit(op{mark: func(cp *checkpoint) { cp.Grouped, cp.FolderQueue = true, nil }})
	r.note("folders by id: folder entities are not available (" + why + ")")
	if funnelsDone {
		r.emit(op{write: groupFolders})
	}
}

// groupFolders writes a folder known by id for every parentId of the funnels kept,
// and notes every folder (and the root) listed whole: the funnel list was read whole.
func groupFolders(w *Writer) error {
	var parents []string
	if err := w.tx.Bucket(bFunnels).ForEach(func(_, v []byte) error {
		var f Funnel
		if json.Unmarshal(v, &f) == nil && f.ParentID != "" && !slices.Contains(parents, f.ParentID) {
			parents = append(parents, f.ParentID)
		}
		return nil
	}); err != nil {
		return err
	}
	for _, id := range parents {
		if err := w.PutFolder(Folder{ID: id, Name: id, Grouped: true, At: millis(w.now)}); err != nil {
			return err
		}
		if err := w.MarkListed(id); err != nil {
			return err
		}
	}
	return w.MarkListed("")
}

func orRoot(id string) string {
	if id == "" {
		return "at the root"
	}
	return id
}

// queuePages sets the pages of funnels going (each once a run).
func (r *crawlRun) queuePages(ctx context.Context, ids []string) {
	var fresh []string
	r.mu.Lock()
	for _, id := range ids {
		if !r.queued[id] {
			r.queued[id] = true
			r.pagesLeft++
			fresh = append(fresh, id)
		}
	}
	if total := r.prog.FunnelsPaged + r.pagesLeft; total > r.prog.FunnelsTotal {
		r.prog.FunnelsTotal = total
	}
	r.mu.Unlock()
	for _, id := range fresh {
		r.jobs.push(low, func() { r.funnelPages(ctx, id) })
	}
}

// funnelPages reads one funnel's pages and replaces what the index kept of them.
func (r *crawlRun) funnelPages(ctx context.Context, funnelID string) {
	pages, _, err := r.cl.ListAllPages(ctx, client.ListPagesParams{FunnelID: funnelID})
	if errors.Is(err, client.ErrNotFound) && ctx.Err() == nil {
		// Deleted since it was listed.
		r.emit(op{write: func(w *Writer) error { return w.DeleteFunnel(funnelID) }})
		r.mu.Lock()
		r.pagesLeft--
		r.mu.Unlock()
		return
	}
	var stopped *client.ListStoppedError
	if errors.As(err, &stopped) && ctx.Err() == nil {
		// A list that never ends (or repeats itself) is cut where the walk stopped:
		// what was read is kept, and the cut is said once.
		r.note("some funnels' page lists were cut: " + stopped.Why())
		err = nil
	}
	if err != nil {
		if api, ok := refusal(err); ok {
			r.note("no pages: the page list is not available (" + api.Explain() + ")")
		}
		r.fail(ctx, fmt.Errorf("pages of funnel %s: %w", funnelID, err))
		return
	}
	r.emit(op{
		write: func(w *Writer) error {
			recs := make([]Page, len(pages))
			for i, p := range pages {
				recs[i] = PageOf(funnelID, p, w.now)
			}
			return w.ReplacePages(funnelID, "", recs)
		},
		mark: func(cp *checkpoint) { cp.FunnelsPagedSeen++ },
	})
	r.mu.Lock()
	r.pagesLeft--
	r.prog.Pages += len(pages)
	r.prog.FunnelsPaged++
	r.mu.Unlock()
	r.report()
}

// redirects reads every redirect of the location.
func (r *crawlRun) redirects(ctx context.Context) {
	if r.refused(client.FamilyRedirectList) {
		r.note("no redirects: the redirect list is not available (" + client.Access(r.cl.Access()).Reason(client.FamilyRedirectList) + ")")
		r.redirectsDone()
		return
	}
	rs, _, err := r.cl.ListAllRedirects(ctx, client.ListRedirectsParams{Limit: redirectPageSize})
	if err != nil {
		if api, ok := refusal(err); ok {
			r.note("no redirects: the redirect list is not available (" + api.Explain() + ")")
			r.redirectsDone()
			return
		}
		r.fail(ctx, fmt.Errorf("redirects: %w", err))
		return
	}
	r.emit(op{
		write: func(w *Writer) error {
			recs := make([]Redirect, len(rs))
			for i, x := range rs {
				recs[i] = RedirectOf(x, w.now)
			}
			return w.ReplaceRedirects(recs)
		},
		mark: func(cp *checkpoint) { cp.RedirectsDone = true },
	})
	r.mu.Lock()
	r.plan.RedirectsDone = true
	r.prog.Redirects += len(rs)
	r.mu.Unlock()
	r.report()
}

func (r *crawlRun) redirectsDone() {
	r.mu.Lock()
	r.plan.RedirectsDone = true
	r.mu.Unlock()
	r.emit(op{mark: func(cp *checkpoint) { cp.RedirectsDone = true }})
}
