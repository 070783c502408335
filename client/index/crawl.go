package index

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/client"
)

// ErrCrawlIncomplete matches the error of a crawl that read what it could and left
// the rest (an item that failed) for the next crawl, which resumes there.
var ErrCrawlIncomplete = errors.New("the index is not complete")

// Crawler reads a whole location into the index with the fewest requests: the
// folder tree (one folder-entities request per folder, where the token may use
// them), the funnel list 100 at a time (each funnel with its steps), each funnel's
// pages 20 at a time, and the redirects 100 at a time. Every request goes in the
// client's background lane (client.Background), so a person's own requests go
// first and the crawl takes what the rate limit leaves; the client's pacer keeps it
// under the limit, and a 429 is waited out inside the client.
//
// What is read is written in batches, each with the crawl's checkpoint in the same
// transaction, so a crawl killed at any point resumes where its last batch ended and
// writes nothing twice. One crawl runs at a time per index: another process's crawl
// is waited for (PhaseWaiting).
type Crawler struct {
	Client *client.Client
	Store  *Store
	// Workers is how many requests are under way at once; 0 → 4. The pacer, not this,
	// sets the pace; enough workers keep it busy over a slow connection.
	Workers int
	// OnProgress, when set, hears how the crawl goes; it is called from one goroutine
	// at a time and must not block.
	OnProgress func(Progress)
	// FlushEvery is how often what was read is written; 0 → 250 ms.
	FlushEvery time.Duration
}

// checkpoint is where a crawl is, kept in the index with every batch it writes.
type checkpoint struct {
	Started          int64    `json:"started"` // Unix ms; records older than this are not yet read again
	FolderBegun      bool     `json:"folderBegun,omitempty"`
	FolderQueue      []string `json:"folderQueue,omitempty"` // folders whose entities are still to read
	FoldersDone      bool     `json:"foldersDone,omitempty"`
	Grouped          bool     `json:"grouped,omitempty"` // folder entities are refused: folders by id
	FunnelPages      []int    `json:"funnelPages,omitempty"`
	FunnelCount      int      `json:"funnelCount"` // -1 while not known
	FunnelsDone      bool     `json:"funnelsDone,omitempty"`
	RedirectsDone    bool     `json:"redirectsDone,omitempty"`
	Requests         int      `json:"requests,omitempty"`
	ElapsedMS        int64    `json:"elapsedMs,omitempty"`
	Notes            []string `json:"notes,omitempty"`
	FunnelsPagedSeen int      `json:"funnelsPaged,omitempty"`

	finished bool // the crawl's last batch: the checkpoint is removed, not written
}

// funnelPageSize and redirectPageSize are the largest pages the lists give.
const (
	funnelPageSize   = 100
	redirectPageSize = 100
	maxFunnelPages   = 2500 // a funnel list longer than this is a server that never ends it
)

// Run crawls until the location is read whole (nil), ctx ends, or something stops
// every request (a token refused); an item that failed on its own is left for the
// next crawl and Run returns an error matching ErrCrawlIncomplete. Whatever was read
// is kept in every case.
func (c *Crawler) Run(ctx context.Context) (Progress, error) {
	if c.Client == nil || c.Store == nil {
		return Progress{}, errors.New("index: a crawl needs a client and a store")
	}
	unlock, done, err := c.lock(ctx)
	if err != nil || done {
		if done {
			p := Progress{Phase: PhaseDone, Done: true}
			c.report(p)
			return p, nil
		}
		return Progress{}, err
	}
	defer unlock()
	r, err := newCrawlRun(ctx, c)
	if err != nil {
		return Progress{}, err
	}
	return r.run(ctx)
}

// lock takes the index's crawl lock, waiting while another process crawls. done is
// true when that other crawl finished the index while this one waited.
func (c *Crawler) lock(ctx context.Context) (unlock func(), done bool, err error) {
	path := c.Store.Path() + ".crawl"
	if err := mkdirFor(path); err != nil {
		return nil, false, err
	}
	waitStart := time.Now()
	waited := false
	for {
		unlock, ok, err := tryLock(path)
		if err != nil {
			return nil, false, fmt.Errorf("index: crawl lock: %w", err)
		}
		if ok {
			if waited {
				st, err := c.Store.State(ctx)
				if err == nil && !st.Unfinished && !st.Crawled.Before(waitStart) {
					unlock()
					return nil, true, nil
				}
			}
			return unlock, false, nil
		}
		if !waited {
			waited = true
			c.report(Progress{Phase: PhaseWaiting})
		}
		if err := sleep(ctx, 200*time.Millisecond); err != nil {
			return nil, false, err
		}
	}
}

func (c *Crawler) report(p Progress) {
	if c.OnProgress != nil {
		c.OnProgress(p)
	}
}

// crawlRun is one run of a crawl.
type crawlRun struct {
	c       *Crawler
	cl      *client.Client
	store   *Store
	workers int
	start   time.Time

	mu        sync.Mutex
	plan      checkpoint // what is left, as this run sees it
	prog      Progress
	errs      []error
	fatal     error
	seen      map[string]bool // funnel ids this run read from the funnel list
	pagesLeft int             // funnels whose pages are still to read in this run
	rate      rateMeter
	prevReq   int // requests of earlier runs

	ops     chan op
	written chan struct{} // closed when the writer has written everything
	wErr    error         // the last write that failed
	unsub   func()
}

// op is one batch item for the writer: what to write and how it moves the checkpoint.
// An op with synced set makes the writer write at once and then close it.
type op struct {
	write  func(w *Writer) error
	mark   func(cp *checkpoint)
	synced chan struct{}
}

// sync waits until everything handed to the writer so far is written (or failed).
func (r *crawlRun) sync() {
	done := make(chan struct{})
	r.emit(op{synced: done})
	<-done
}

func newCrawlRun(ctx context.Context, c *Crawler) (*crawlRun, error) {
	r := &crawlRun{
		c: c, cl: c.Client, store: c.Store, workers: c.Workers, start: time.Now(),
		seen: map[string]bool{}, ops: make(chan op, 256), written: make(chan struct{}),
	}
	if r.workers <= 0 {
		r.workers = 4
	}
	cp, found, err := r.store.loadCheckpoint(ctx)
	if err != nil {
		return nil, err
	}
	if !found {
		cp = checkpoint{Started: millis(r.store.now()), FunnelCount: -1}
	}
	r.plan = cp
	r.prevReq = cp.Requests
	r.prog = Progress{Phase: PhaseFolders, Resumed: found, Requests: cp.Requests, Notes: cp.Notes,
		FunnelsPaged: cp.FunnelsPagedSeen}
	if cp.FunnelCount > 0 {
		r.prog.FunnelsTotal = cp.FunnelCount
	}
	r.unsub = r.cl.Subscribe(r.event)
	return r, nil
}

// event counts the crawl's requests as the client finishes them.
func (r *crawlRun) event(e client.Event) {
	f, ok := e.(client.RequestFinished)
	if !ok || !f.Record.Background {
		return
	}
	r.mu.Lock()
	r.prog.Requests += max(f.Record.Attempts, 1)
	r.rate.add(time.Now(), max(f.Record.Attempts, 1))
	r.mu.Unlock()
}

func (r *crawlRun) run(ctx context.Context) (Progress, error) {
	defer r.unsub()
	r.mu.Lock()
	saved := r.plan
	saved.FolderQueue, saved.FunnelPages, saved.Notes = slices.Clone(saved.FolderQueue), slices.Clone(saved.FunnelPages), slices.Clone(saved.Notes)
	r.mu.Unlock()
	go r.writer(saved)
	bg := client.Background(ctx)
	r.report()
	steps := []func(context.Context) error{r.folders, r.funnels, r.pages}
	for _, step := range steps {
		if err := step(bg); err != nil || r.stopped() {
			break
		}
	}
	complete := r.complete()
	if complete {
		r.emit(op{write: r.sweep, mark: func(cp *checkpoint) { cp.finished = true }})
	}
	close(r.ops)
	<-r.written

	r.mu.Lock()
	defer r.mu.Unlock()
	r.prog.Elapsed = time.Duration(r.plan.ElapsedMS)*time.Millisecond + time.Since(r.start)
	r.prog.Left = 0
	switch {
	case r.fatal != nil:
		r.c.report(r.prog)
		return r.prog, r.fatal
	case ctx.Err() != nil:
		r.c.report(r.prog)
		return r.prog, ctx.Err()
	case r.wErr != nil:
		r.c.report(r.prog)
		return r.prog, r.wErr
	case !complete:
		r.c.report(r.prog)
		last := error(nil)
		if len(r.errs) > 0 {
			last = r.errs[len(r.errs)-1]
		}
		return r.prog, &IncompleteError{Failed: len(r.errs), Last: last}
	}
	r.prog.Phase, r.prog.Done = PhaseDone, true
	r.c.report(r.prog)
	return r.prog, nil
}

// IncompleteError is a crawl that left items it could not read for the next one.
type IncompleteError struct {
	Failed int
	Last   error // the last failure, if any
}

func (e *IncompleteError) Error() string {
	msg := fmt.Sprintf("the index is not complete: %d %s could not be read and will be tried again by the next crawl",
		e.Failed, pluralWord(e.Failed, "item", "items"))
	if e.Last != nil {
		msg += "; last: " + e.Last.Error()
	}
	return msg
}
func (e *IncompleteError) Is(target error) bool { return target == ErrCrawlIncomplete }
func (e *IncompleteError) Unwrap() error        { return e.Last }

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// complete reports whether every part of the location was read in this crawl.
func (r *crawlRun) complete() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fatal == nil && len(r.errs) == 0 && (r.plan.FoldersDone || r.plan.Grouped) && r.plan.FunnelsDone &&
		r.plan.RedirectsDone && r.pagesLeft == 0
}

// stopped reports whether nothing more can be sent (a fatal error, or ctx ended).
func (r *crawlRun) stopped() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fatal != nil
}

// fail records an item's failure; a failure that stops every request (the token
// refused, the location not open, a rate limit too far off) is fatal.
func (r *crawlRun) fail(ctx context.Context, err error) {
	if ctx.Err() != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var api *client.APIError
	switch {
	case errors.Is(err, client.ErrUnauthorized), errors.Is(err, client.ErrRateLimited),
		errors.As(err, &api) && api.StatusCode == 403 && api.Refusal == client.NotRefused:
		if r.fatal == nil {
			r.fatal = err
		}
	default:
		r.errs = append(r.errs, err)
		r.prog.Errors = len(r.errs)
	}
}

// refusal reports whether err is a route or scope refusal (the family is not open).
func refusal(err error) (*client.APIError, bool) {
	var api *client.APIError
	if errors.As(err, &api) && api.Refusal != client.NotRefused {
		return api, true
	}
	return nil, false
}

// refused reports whether the access record already says f is refused.
func (r *crawlRun) refused(f client.Family) bool {
	_, no := r.cl.Access().Refused(f)
	return no
}

// note records why part of the location could not be read.
func (r *crawlRun) note(text string) {
	r.mu.Lock()
	if !slices.Contains(r.plan.Notes, text) {
		r.plan.Notes = append(r.plan.Notes, text)
		r.prog.Notes = slices.Clone(r.plan.Notes)
	}
	r.mu.Unlock()
	r.emit(op{mark: func(cp *checkpoint) {
		if !slices.Contains(cp.Notes, text) {
			cp.Notes = append(cp.Notes, text)
		}
	}})
}

// emit hands an op to the writer.
func (r *crawlRun) emit(o op) { r.ops <- o }

// phase moves the progress to p.
func (r *crawlRun) phase(p Phase) {
	r.mu.Lock()
	r.prog.Phase = p
	r.mu.Unlock()
	r.report()
}

// report tells OnProgress how the crawl goes, with the rate use and an estimate of
// the time left.
func (r *crawlRun) report() {
	r.mu.Lock()
	p := r.prog
	now := time.Now()
	p.Elapsed = time.Duration(r.plan.ElapsedMS)*time.Millisecond + now.Sub(r.start)
	rl := r.cl.Rate()
	window, limit := rl.Interval, rl.Limit
	if window <= 0 {
		window = 10 * time.Second
	}
	if limit <= 0 {
		limit = 100
	}
	p.RateUse = r.rate.use(now, r.start, window, limit)
	if left := r.requestsLeft(); left > 0 {
		perSec := r.rate.perSecond(now, r.start, window)
		if perSec <= 0 {
			perSec = float64(limit) / window.Seconds() * 0.9
		}
		p.Left = time.Duration(float64(left) / perSec * float64(time.Second))
	}
	r.mu.Unlock()
	r.c.report(p)
}

// requestsLeft estimates the requests still to send; the caller holds r.mu.
func (r *crawlRun) requestsLeft() int {
	left := r.pagesLeft
	if r.pagesLeft == 0 && !r.plan.FunnelsDone {
		// Before the pages are counted: a request per funnel not yet read.
		left = max(0, r.prog.FunnelsTotal-r.prog.FunnelsPaged)
	}
	if r.plan.FunnelCount > 0 && !r.plan.FunnelsDone {
		left += max(0, (r.plan.FunnelCount+funnelPageSize-1)/funnelPageSize-len(r.plan.FunnelPages))
	}
	if !r.plan.RedirectsDone {
		left++
	}
	return left + len(r.plan.FolderQueue)
}

// parallel runs fn(i) for i in [0, n) on the run's workers, until ctx ends or a
// fatal failure.
func (r *crawlRun) parallel(ctx context.Context, n int, fn func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(r.workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n && ctx.Err() == nil && !r.stopped(); i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// folders reads the folder tree, level by level, one folder-entities request per
// folder. Refused to this token, the folders come from the funnels' parentId instead
// (named by id).
func (r *crawlRun) folders(ctx context.Context) error {
	r.mu.Lock()
	done := r.plan.FoldersDone || r.plan.Grouped
	level := slices.Clone(r.plan.FolderQueue)
	if !r.plan.FolderBegun {
		level = []string{""}
	}
	r.mu.Unlock()
	if done {
		return nil
	}
	r.phase(PhaseFolders)
	if r.refused(client.FamilyFolders) {
		r.group(client.Access(r.cl.Access()).Reason(client.FamilyFolders))
		return nil
	}
	for len(level) > 0 && ctx.Err() == nil && !r.stopped() {
		var mu sync.Mutex
		var next []string
		grouped := false
		r.parallel(ctx, len(level), func(i int) {
			id := level[i]
			ents, _, err := r.cl.FolderEntities(ctx, "", id, "")
			if err != nil {
				if api, ok := refusal(err); ok && id == "" {
					mu.Lock()
					grouped = true
					mu.Unlock()
					r.group(api.Explain())
					return
				}
				r.fail(ctx, fmt.Errorf("folder %s: %w", orRoot(id), err))
				return
			}
			subs := make([]string, len(ents.Folders))
			for j, f := range ents.Folders {
				subs[j] = f.ID
			}
			mu.Lock()
			next = append(next, subs...)
			mu.Unlock()
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
					return w.MarkListed(id)
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
			r.mu.Unlock()
			r.report()
		})
		if grouped {
			return nil
		}
		level = next
	}
	r.mu.Lock()
	finished := len(r.plan.FolderQueue) == 0 && ctx.Err() == nil && r.fatal == nil
	if finished {
		r.plan.FoldersDone = true
	}
	r.mu.Unlock()
	if finished {
		r.emit(op{mark: func(cp *checkpoint) { cp.FoldersDone, cp.FolderBegun, cp.FolderQueue = true, true, nil }})
	}
	return nil
}

// group switches the crawl to folders known by id, from the funnels' parentId.
func (r *crawlRun) group(why string) {
	r.mu.Lock()
	r.plan.Grouped, r.plan.FolderQueue = true, nil
	r.mu.Unlock()
	r.emit(op{mark: func(cp *checkpoint) { cp.Grouped, cp.FolderQueue = true, nil }})
	r.note("folders by id: folder entities are not open to this token (" + why + ")")
}

func orRoot(id string) string {
	if id == "" {
		return "at the root"
	}
	return id
}

// funnels reads the funnel list, 100 funnels a request: the first page tells the
// count, and the others are asked for at once.
func (r *crawlRun) funnels(ctx context.Context) error {
	r.mu.Lock()
	done := r.plan.FunnelsDone
	count := r.plan.FunnelCount
	have := slices.Clone(r.plan.FunnelPages)
	r.mu.Unlock()
	if done {
		return nil
	}
	r.phase(PhaseFunnels)
	if r.refused(client.FamilyFunnelList) {
		r.note("funnels from folder listings only: the funnel list is not open to this token (" +
			client.Access(r.cl.Access()).Reason(client.FamilyFunnelList) + ")")
		r.finishFunnels()
		return nil
	}
	if count < 0 || !slices.Contains(have, 0) {
		n, known, more, err := r.funnelPage(ctx, 0)
		if err != nil {
			return nil
		}
		if !known {
			r.funnelsWithoutCount(ctx, n, more)
			return nil
		}
		count = n
	}
	var offsets []int
	for off := funnelPageSize; off < count; off += funnelPageSize {
		if !slices.Contains(have, off) {
			offsets = append(offsets, off)
		}
	}
	r.parallel(ctx, len(offsets), func(i int) { _, _, _, _ = r.funnelPage(ctx, offsets[i]) })
	r.mu.Lock()
	whole := ctx.Err() == nil && r.fatal == nil
	for off := 0; off < count && whole; off += funnelPageSize {
		whole = slices.Contains(r.plan.FunnelPages, off)
	}
	r.mu.Unlock()
	if whole {
		r.finishFunnels()
	}
	return nil
}

// funnelsWithoutCount reads the rest of a funnel list that announces no count, page
// after page, until a short page or one of funnels already read.
func (r *crawlRun) funnelsWithoutCount(ctx context.Context, got int, more bool) {
	off := got
	for pages := 1; more && pages < maxFunnelPages; pages++ {
		n, _, m, err := r.funnelPage(ctx, off)
		if err != nil || n == 0 {
			if err == nil {
				break
			}
			return
		}
		off += n
		more = m
	}
	if ctx.Err() == nil && !r.stopped() {
		r.finishFunnels()
	}
}

// funnelPage reads the funnel list at offset. It returns the count announced (or,
// without one, the funnels on the page), and whether more pages may follow.
func (r *crawlRun) funnelPage(ctx context.Context, offset int) (n int, countKnown, more bool, err error) {
	page, _, err := r.cl.ListFunnels(ctx, client.ListFunnelsParams{Offset: offset, Limit: funnelPageSize})
	if err != nil {
		r.fail(ctx, fmt.Errorf("funnel list at %d: %w", offset, err))
		return 0, false, false, err
	}
	funnels := page.Funnels
	r.mu.Lock()
	fresh := 0
	for _, f := range funnels {
		if !r.seen[f.ID] {
			r.seen[f.ID] = true
			fresh++
		}
	}
	grouped := r.plan.Grouped
	if page.CountKnown {
		r.plan.FunnelCount = page.Count
		r.prog.FunnelsTotal = page.Count
	} else {
		r.prog.FunnelsTotal = len(r.seen)
	}
	r.plan.FunnelPages = append(r.plan.FunnelPages, offset)
	r.prog.Funnels += fresh
	r.mu.Unlock()
	count := page.Count
	r.emit(op{
		write: func(w *Writer) error {
			for _, f := range funnels {
				if grouped && f.ParentID != "" {
					if err := w.PutFolder(Folder{ID: f.ParentID, Name: f.ParentID, Type: f.Type, Grouped: true, At: millis(w.now)}); err != nil {
						return err
					}
				}
				if err := w.PutFunnel(FunnelOf(f, w.now)); err != nil {
					return err
				}
			}
			return nil
		},
		mark: func(cp *checkpoint) {
			cp.FunnelPages = append(cp.FunnelPages, offset)
			if page.CountKnown {
				cp.FunnelCount = count
			}
		},
	})
	r.report()
	if page.CountKnown {
		return page.Count, true, offset+len(funnels) < page.Count, nil
	}
	return len(funnels), false, len(funnels) >= funnelPageSize && fresh > 0, nil
}

// finishFunnels marks the funnel list read; with folders known by id, every folder
// (and the root) is then listed whole.
func (r *crawlRun) finishFunnels() {
	r.mu.Lock()
	r.plan.FunnelsDone = true
	grouped := r.plan.Grouped
	r.mu.Unlock()
	r.emit(op{
		write: func(w *Writer) error {
			if !grouped {
				return nil
			}
			if err := w.MarkListed(""); err != nil {
				return err
			}
			return w.tx.Bucket(bFolders).ForEach(func(k, _ []byte) error { return w.MarkListed(string(k)) })
		},
		mark: func(cp *checkpoint) { cp.FunnelsDone = true },
	})
}

// pages reads the pages of every funnel not yet read in this crawl, and the
// redirects, on the workers.
func (r *crawlRun) pages(ctx context.Context) error {
	r.phase(PhasePages)
	r.sync() // the funnels just read are where the list of funnels to page comes from
	ids, err := r.store.funnelsToPage(ctx, r.plan.Started)
	if err != nil {
		r.fail(ctx, err)
		return err
	}
	pagesOpen := !r.refused(client.FamilyPageList)
	if !pagesOpen {
		r.note("no pages: the page list is not open to this token (" + client.Access(r.cl.Access()).Reason(client.FamilyPageList) + ")")
		ids = nil
	}
	r.mu.Lock()
	r.pagesLeft = len(ids)
	if total := r.prog.FunnelsPaged + len(ids); total > r.prog.FunnelsTotal {
		r.prog.FunnelsTotal = total
	}
	redirects := !r.plan.RedirectsDone
	r.mu.Unlock()
	jobs := len(ids)
	if redirects {
		jobs++
	}
	r.parallel(ctx, jobs, func(i int) {
		if redirects {
			if i == 0 {
				r.redirects(ctx)
				return
			}
			i--
		}
		r.funnelPages(ctx, ids[i])
	})
	return nil
}

// funnelPages reads one funnel's pages and replaces what the index kept of them.
func (r *crawlRun) funnelPages(ctx context.Context, funnelID string) {
	pages, _, err := r.cl.ListAllPages(ctx, client.ListPagesParams{FunnelID: funnelID})
	if errors.Is(err, client.ErrNotFound) && ctx.Err() == nil {
		// Deleted since the funnel list named it.
		r.emit(op{write: func(w *Writer) error { return w.DeleteFunnel(funnelID) }})
		r.mu.Lock()
		r.pagesLeft--
		r.mu.Unlock()
		return
	}
	if err != nil {
		if api, ok := refusal(err); ok {
			r.note("no pages: the page list is not open to this token (" + api.Explain() + ")")
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
		r.note("no redirects: the redirect list is not open to this token (" + client.Access(r.cl.Access()).Reason(client.FamilyRedirectList) + ")")
		r.redirectsDone()
		return
	}
	rs, _, err := r.cl.ListAllRedirects(ctx, client.ListRedirectsParams{Limit: redirectPageSize})
	if err != nil {
		if api, ok := refusal(err); ok {
			r.note("no redirects: the redirect list is not open to this token (" + api.Explain() + ")")
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

// sweep, the last write of a whole crawl, removes what the crawl did not find again
// (deleted on the service since it was seen) and notes when the crawl ended.
func (r *crawlRun) sweep(w *Writer) error {
	started := r.plan.Started
	var funnels, folders []string
	if err := w.tx.Bucket(bFunnels).ForEach(func(k, v []byte) error {
		var f Funnel
		if json.Unmarshal(v, &f) != nil || f.At < started {
			funnels = append(funnels, string(k))
		}
		return nil
	}); err != nil {
		return err
	}
	if !r.plan.Grouped {
		if err := w.tx.Bucket(bFolders).ForEach(func(k, v []byte) error {
			var f Folder
			if json.Unmarshal(v, &f) != nil || f.At < started {
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
	m := w.tx.Bucket(bMeta)
	if err := m.Put(mCrawled, itobs(millis(w.now))); err != nil {
		return err
	}
	if err := m.Put(mCrawlStart, itobs(started)); err != nil {
		return err
	}
	return m.Delete(mCrawl)
}

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
