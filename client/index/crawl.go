package index

import (
	"context"
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
// pages 20 at a time, and the redirects 100 at a time. The reads are a pipeline, not
// phases: the folder tree, the funnel list and the redirects are asked for at once,
// and each page of the funnel list sets its funnels' pages going, so the workers
// never wait on a stage to end and the crawl keeps the rate limit busy. Every request
// goes in the client's background lane (client.Background), so a person's own
// requests go first and the crawl takes what the rate limit leaves; the client's
// pacer keeps it under the limit, and a 429 is waited out inside the client.
//
// What is read is written in batches, each with the crawl's checkpoint in the same
// transaction, so a crawl killed at any point resumes where its last batch ended and
// writes nothing twice. One crawl runs at a time per index: another process's crawl
// is waited for (PhaseWaiting).
type Crawler struct {
	Client *client.Client
	Store  *Store
	// Workers is how many requests may be under way at once; 0 → DefaultWorkers. The
	// pacer, not this, sets the pace; enough workers keep it busy over a slow
	// connection (a window's hundred requests 300 ms away leave in about a second).
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
	Grouped          bool     `json:"grouped,omitempty"`     // folder entities are refused: folders by id
	FunnelPages      []int    `json:"funnelPages,omitempty"` // offsets of the funnel list read, multiples of funnelPageSize
	FunnelCount      int      `json:"funnelCount"`           // -1 while not known; what the server claims, for progress only
	FunnelEnded      bool     `json:"funnelEnded,omitempty"` // a page showed where the funnel list ends
	FunnelEnd        int      `json:"funnelEnd,omitempty"`   // the offset it ends at (when FunnelEnded)
	FunnelsCut       bool     `json:"funnelsCut,omitempty"`  // the list met the cap on pages: what lies past it was not read
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
	// funnelWindow is how many pages of the funnel list past the last full one are
	// asked for at once when the server announced a count: enough to keep the
	// workers busy, and all a count that lies can cost before a page shows the end.
	funnelWindow = 8
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
			// Another process read the location whole while this one waited: what
			// the index now holds is this crawl's answer.
			p := Progress{Phase: PhaseDone, Done: true}
			if err := c.Store.counts(ctx, &p); err != nil {
				return p, err
			}
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
			return releaseCrawlLock(c.Store.Path(), path, unlock), false, nil
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
	jobs    *jobQueue

	mu        sync.Mutex
	plan      checkpoint // what is left, as this run sees it
	prog      Progress
	errs      []error
	fatal     error
	seen      map[string]bool // funnel ids this run read from the funnel list
	queued    map[string]bool // funnels whose pages are asked for (or done) in this run
	pagesLeft int             // of those, the ones not read yet
	pagesOpen bool            // the page list may be asked (not known refused)
	// entityPages: the funnel list is refused, so the funnels the folder listings
	// name are the ones to page.
	entityPages   bool
	foldersLeft   int             // folder listings queued and not yet read
	folderAsked   map[string]bool // folders whose listing this run asked for (or is asking)
	folderNamed   map[string]bool // folders a listing (or the checkpoint) named: they are there
	folderFailed  bool            // one of them failed: the tree is not whole
	rootPending   bool            // the root folder's listing is queued and not yet answered
	afterRootJobs []func()        // what waits for it (afterRoot)
	funnelQueued  []int           // funnel-list offsets queued in this run
	funnelPending int             // of those, the ones not answered yet
	rate          rateMeter

	reportMu        sync.Mutex // one report at a time to OnProgress
	reported        bool       // the last report was made: nothing is told after it (under reportMu)
	lastEventReport time.Time  // when an answer last moved the progress (under mu)

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

// DefaultWorkers is how many requests a crawl has under way at once unless told.
// client.IdleConnsPerHost keeps twice as many connections waiting.
const DefaultWorkers = 32

func newCrawlRun(ctx context.Context, c *Crawler) (*crawlRun, error) {
	r := &crawlRun{
		c: c, cl: c.Client, store: c.Store, workers: c.Workers, start: time.Now(),
		seen: map[string]bool{}, queued: map[string]bool{}, ops: make(chan op, 256), written: make(chan struct{}),
		folderAsked: map[string]bool{}, folderNamed: map[string]bool{},
	}
	if r.workers <= 0 {
		r.workers = DefaultWorkers
	}
	cp, found, err := r.store.loadCheckpoint(ctx)
	if err != nil {
		return nil, err
	}
	if !found {
		cp = checkpoint{Started: millis(r.store.now()), FunnelCount: -1}
	}
	r.plan = cp
	r.prog = Progress{Phase: PhaseFolders, Resumed: found, Requests: cp.Requests, Notes: cp.Notes,
		FunnelsPaged: cp.FunnelsPagedSeen}
	r.prog.FunnelsTotal = cp.claimedTotal(cp.FunnelCount)
	r.unsub = r.cl.Subscribe(r.event)
	return r, nil
}

// event counts the crawl's requests as the client finishes them, and tells
// OnProgress at most every eventReportEvery: the progress moves with every answer,
// a page of one long funnel's pages too, not only when a whole item is read.
func (r *crawlRun) event(e client.Event) {
	f, ok := e.(client.RequestFinished)
	if !ok || !f.Record.Background {
		return
	}
	now := time.Now()
	r.mu.Lock()
	r.prog.Requests += max(f.Record.Attempts, 1)
	r.rate.add(now, max(f.Record.Attempts, 1))
	tell := now.Sub(r.lastEventReport) >= eventReportEvery
	if tell {
		r.lastEventReport = now
	}
	r.mu.Unlock()
	if tell {
		r.report()
	}
}

// eventReportEvery is how often answers alone move the progress.
const eventReportEvery = 100 * time.Millisecond

// run starts the first reads, lets the workers run until nothing is left, and, when
// everything was read, sweeps what was not found again.
func (r *crawlRun) run(ctx context.Context) (Progress, error) {
	defer r.unsub()
	r.mu.Lock()
	saved := r.plan
	saved.FolderQueue, saved.FunnelPages, saved.Notes = slices.Clone(saved.FolderQueue), slices.Clone(saved.FunnelPages), slices.Clone(saved.Notes)
	r.mu.Unlock()
	go r.writer(saved)
	bg := client.Background(ctx)
	r.report()
	r.jobs = newJobQueue()
	if err := r.plan0(bg); err == nil {
		r.jobs.run(bg, r.workers, r.stopped)
	}
	complete := r.complete()
	if complete {
		r.emit(op{write: r.sweep, mark: func(cp *checkpoint) { cp.finished = true }})
	}
	close(r.ops)
	<-r.written

	r.mu.Lock()
	r.prog.Elapsed = time.Duration(r.plan.ElapsedMS)*time.Millisecond + time.Since(r.start)
	r.prog.Left = 0
	r.prog.Phase = r.phase() // a crawl that stops says how far it got
	var err error
	switch {
	case r.fatal != nil:
		err = r.fatal
	case ctx.Err() != nil:
		err = ctx.Err()
	case r.wErr != nil:
		err = r.wErr
	case !complete:
		var last error
		if len(r.errs) > 0 {
			last = r.errs[len(r.errs)-1]
		}
		err = &IncompleteError{Failed: max(len(r.errs), 1), Last: last}
	default:
		r.prog.Phase, r.prog.Done = PhaseDone, true
	}
	p := r.prog
	r.mu.Unlock()
	if err == nil {
		// Go to anything's catalog of what was read, made now rather than by the
		// first reader after the crawl. One not kept is made by that reader instead,
		// so a failure here is not the crawl's.
		_, _, _, _ = r.store.loadCatalog(ctx, true, false)
	}
	r.reportMu.Lock()
	r.reported = true
	r.c.report(p)
	r.reportMu.Unlock()
	return p, err
}

// plan0 queues the first reads: what is left of the folder tree, of the funnel list
// and of the redirects, and the pages of funnels an earlier run listed and did not
// page.
func (r *crawlRun) plan0(ctx context.Context) error {
	r.pagesOpen = !r.refused(client.FamilyPageList)
	if !r.pagesOpen {
		r.note("no pages: the page list is not available (" + client.Access(r.cl.Access()).Reason(client.FamilyPageList) + ")")
	}
	r.startFolders(ctx)
	r.startFunnels(ctx)
	if !r.plan.RedirectsDone {
		r.afterRoot(func() { r.jobs.push(high, func() { r.redirects(ctx) }) })
	}
	if r.prog.Resumed && r.pagesOpen {
		r.sync() // what earlier runs wrote
		ids, err := r.store.funnelsToPage(ctx, r.plan.Started)
		if err != nil {
			r.fail(ctx, err)
			return err
		}
		r.queuePages(ctx, ids)
	}
	return nil
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

// stopped reports whether nothing more can be sent (a fatal error).
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

// sync waits until everything handed to the writer so far is written (or failed).
func (r *crawlRun) sync() {
	done := make(chan struct{})
	r.emit(op{synced: done})
	<-done
}

// phase is the phase the crawl's plan has reached (r.mu held).
func (r *crawlRun) phase() Phase {
	switch {
	case r.plan.FunnelsDone:
		return PhasePages
	case len(r.plan.FunnelPages) > 0:
		return PhaseFunnels
	}
	return PhaseFolders
}

// report tells OnProgress how the crawl goes, with the rate use and an estimate of
// the time left.
func (r *crawlRun) report() {
	r.reportMu.Lock()
	defer r.reportMu.Unlock()
	if r.reported {
		return
	}
	r.mu.Lock()
	p := r.prog
	p.Notes = slices.Clone(p.Notes)
	now := time.Now()
	p.Elapsed = time.Duration(r.plan.ElapsedMS)*time.Millisecond + now.Sub(r.start)
	p.Phase = r.phase()
	rl := r.cl.Rate()
	window, limit := rl.Interval, rl.Limit
	if window <= 0 {
		window = 10 * time.Second
	}
	if limit <= 0 {
		limit = 100
	}
	p.RateUse = r.rate.use(now, r.start, window, limit)
	if left := r.requestsLeft(); left > 0 && p.FunnelsTotal > 0 {
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
	if !r.plan.FunnelsDone {
		// Funnels listed yet to come each need their pages too.
		left += max(0, r.prog.FunnelsTotal-len(r.queued))
		if r.plan.FunnelCount > 0 {
			left += max(0, (r.plan.FunnelCount+funnelPageSize-1)/funnelPageSize-len(r.plan.FunnelPages))
		}
	}
	if !r.plan.RedirectsDone {
		left++
	}
	return left + len(r.plan.FolderQueue)
}
