package client

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
)

// Defaults of the bounds on one walk over a list's pages: far above the largest real
// location (a few thousand funnels, 100,000 pages at the most seen), so only a server
// that never ends a list meets them.
const (
	defaultMaxListItems    = 200_000
	defaultMaxListRequests = 10_000
)

// ErrIncompleteList matches a *ListStoppedError: a walk over pages stopped before the
// list ended.
var ErrIncompleteList = errors.New("list stopped before its end")

// StopReason says why a walk over a list's pages stopped early.
type StopReason int

// Why a walk stopped.
const (
	StopRepeatedPage StopReason = iota + 1 // a page held only items already read
	StopItemLimit                          // Options.MaxListItems were read
	StopRequestLimit                       // Options.MaxListRequests were sent
)

// ListStoppedError is a walk over a list's pages (ListAllFunnels, ListAllPages) that
// stopped before the server said the list ended: the server sent a page it had sent
// before (it ignores offset), or the list outgrew the bounds of Options. The items read
// until then are returned with it.
type ListStoppedError struct {
	Method, Path string
	Reason       StopReason
	Items        int // how many items were read and returned
	Requests     int // how many pages were asked for
	Bound        int // the bound that was met (StopItemLimit, StopRequestLimit)
}

// Why is the reason in words: "the server sent a page of items it had sent before".
func (e *ListStoppedError) Why() string {
	switch e.Reason {
	case StopRepeatedPage:
		return "the server sent a page of items it had already sent (it may be ignoring offset)"
	case StopItemLimit:
		return fmt.Sprintf("a list may hold at most %d items here", e.Bound)
	case StopRequestLimit:
		return fmt.Sprintf("a list may take at most %d requests here", e.Bound)
	}
	return "stopped"
}

// Summary is the short form for a status bar: "stopped after 20 items: …".
func (e *ListStoppedError) Summary() string {
	return fmt.Sprintf("list stopped after %d %s in %d %s: %s", e.Items, plural(e.Items, "item", "items"),
		e.Requests, plural(e.Requests, "request", "requests"), e.Why())
}

func (e *ListStoppedError) Error() string        { return e.Method + " " + e.Path + ": " + e.Summary() }
func (e *ListStoppedError) Is(target error) bool { return target == ErrIncompleteList }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// listPage is one page of a walk: the items as the server sent them, and the total it
// announced when it did.
type listPage[T any] struct {
	items      []T
	count      int
	countKnown bool
}

// Rounds of pages sent together once a list's count is known: the first round is
// firstRound pages, each next one twice the last, up to maxRound. A count is a claim:
// a round is planned only after every page of the one before came back full and new,
// so a server that announces a billion items costs at most one round more than it
// really holds, and the walk's bounds hold as they do page by page.
const (
	firstRound = 64
	maxRound   = 256
)

// walkSpec is one list walk: how a page is read, and, where the list's length can be
// asked apart from its pages, how (count: asked with the first page when countFirst,
// else once the first page comes back full; nil when the pages say it, or it is not
// worth a request).
type walkSpec[T any] struct {
	method, path string
	pageSize     int
	id           func(*T) string
	keep         func(*T) bool
	fetch        func(ctx context.Context, offset int) (listPage[T], *Response, error)
	count        func(ctx context.Context) (int, error)
	countFirst   bool
	// first, when set, is handed what the first page kept when the list goes on past
	// it, before the rest is asked for.
	first func([]T)
	// goOn, when set, is asked with what the first page kept and the list's count
	// (known false: none announced), when the list goes on past it, whether to read
	// the rest; false ends the walk there, with no error.
	goOn func(first []T, count int, known bool) bool
}

// walk reads a list from offset 0 and returns the items that keep accepts (nil: all).
// The offset advances by what each page held, so a server that sends less than it was
// asked for loses nothing. Once the list's count is known (announced by its pages, or
// asked with count), the pages left are sent together in rounds under the pacer and
// taken in order; without a count they are read one after another. The walk stops at
// the end of the list — an empty page, an offset at the announced count, or, when no
// count was announced, a page shorter than pageSize — or early, with a
// *ListStoppedError, on a page whose items were all read before, or at the bounds of
// Options. Items read twice (the list moved under the walk) are kept once.
func walk[T any](ctx context.Context, c *Client, s walkSpec[T]) ([]T, *Response, error) {
	w := &walker[T]{c: c, s: s, seen: map[string]struct{}{}}
	var asked chan countAnswer
	if s.countFirst && s.count != nil {
		// Asked beside the first page, so a long list costs one round trip less; one
		// that turns out short has cost a request, not time.
		asked = make(chan countAnswer, 1)
		go func() {
			n, err := s.count(ctx)
			asked <- countAnswer{n, err}
		}()
	}
	page, resp, err := s.fetch(ctx, 0)
	if done, err := w.take(page, resp, err); done {
		return w.all, w.last, err
	}
	if s.first != nil {
		s.first(slices.Clone(w.all))
	}
	count, known := page.count, page.countKnown
	if !known && asked != nil {
		if a := <-asked; a.err == nil && a.n >= 0 {
			count, known = a.n, true
			w.asked = count
		}
	} else if !known && s.count != nil {
		// Asked only once a first full page shows there is more to read, so a list
		// of one page (most of a person's) costs one request, not two. A count
		// refused or unreadable only costs the walk its speed.
		if n, err := s.count(ctx); err == nil && n >= 0 {
			count, known = n, true
			w.asked = count
		}
	}
	if s.goOn != nil && !s.goOn(w.all, count, known) {
		return w.all, w.last, nil
	}
	round := firstRound
	for {
		if !known || w.offset >= count {
			// No count (or none to trust), or the list goes on past it: one page at
			// a time.
			page, resp, err := s.fetch(ctx, w.offset)
			if done, err := w.take(page, resp, err); done {
				return w.all, w.last, err
			}
			continue
		}
		n := min(round, ceilDiv(count-w.offset, s.pageSize), c.maxListRequests-w.requests,
			ceilDiv(c.maxListItems-len(w.all), s.pageSize))
		full := true
		for _, r := range w.fetchRound(ctx, n) {
			if done, err := w.take(r.page, r.resp, r.err); done {
				return w.all, w.last, err
			}
			if len(r.page.items) < s.pageSize {
				full = false
				break // the pages after it start where it should have ended
			}
		}
		if w.countKnown { // the pages' own count, the latest said
			count = w.count
		}
		if !full {
			// A page held less than asked though the count said more: the count is
			// not to be planned by any more; read on page by page from where it ended.
			known = false
		}
		round = min(2*round, maxRound)
	}
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// countAnswer is a list's count asked apart from its pages.
type countAnswer struct {
	n   int
	err error
}

// walker is the state of one walk: what was read, and where it stands.
type walker[T any] struct {
	c          *Client
	s          walkSpec[T]
	all        []T
	last       *Response
	seen       map[string]struct{}
	offset     int
	requests   int
	count      int
	countKnown bool
	asked      int // the count asked apart from the pages; 0 when none was
}

type fetched[T any] struct {
	offset int
	page   listPage[T]
	resp   *Response
	err    error
}

// fetchRound reads n pages from the walk's offset on, all at once (the pacer sets
// the pace), and returns them in order. Once one fails the others are called off.
func (w *walker[T]) fetchRound(ctx context.Context, n int) []fetched[T] {
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := make([]fetched[T], n)
	var wg sync.WaitGroup
	for i := range n {
		off := w.offset + i*w.s.pageSize
		wg.Go(func() {
			page, resp, err := w.s.fetch(rctx, off)
			out[i] = fetched[T]{offset: off, page: page, resp: resp, err: err}
			if err != nil {
				cancel()
			}
		})
	}
	wg.Wait()
	return out
}

// take adds one page to the walk; done says the walk ends here, with err.
func (w *walker[T]) take(page listPage[T], resp *Response, err error) (bool, error) {
	w.requests++
	if resp != nil {
		w.last = resp
	}
	if err != nil {
		return true, err
	}
	fresh := 0
	for i := range page.items {
		it := &page.items[i]
		if k := w.s.id(it); k != "" {
			if _, dup := w.seen[k]; dup {
				continue
			}
			w.seen[k] = struct{}{}
		}
		fresh++
		if w.s.keep == nil || w.s.keep(it) {
			w.all = append(w.all, *it)
		}
	}
	w.offset += len(page.items)
	if page.countKnown {
		w.count, w.countKnown = page.count, true
	}
	stop := func(r StopReason, bound int) error {
		return &ListStoppedError{Method: w.s.method, Path: w.s.path, Reason: r, Items: len(w.all), Requests: w.requests, Bound: bound}
	}
	c := w.c
	switch {
	case len(page.items) == 0:
		return true, nil
	case fresh == 0:
		return true, stop(StopRepeatedPage, 0)
	case page.countKnown && w.offset >= page.count:
		return true, nil
	case !page.countKnown && w.asked > 0 && w.offset >= w.asked && len(page.items) == w.s.pageSize:
		return true, nil // a full last page of a list whose count was asked
	case !page.countKnown && len(page.items) < w.s.pageSize:
		return true, nil
	case len(w.all) >= c.maxListItems:
		return true, stop(StopItemLimit, c.maxListItems)
	case w.requests >= c.maxListRequests:
		return true, stop(StopRequestLimit, c.maxListRequests)
	}
	return false, nil
}

// ListBounds are the bounds on one walk over a list's pages (Options.MaxListItems and
// MaxListRequests, or their defaults), for a caller that walks a list in its own way
// (the local index's crawl) and must stop where ListAll… would.
func (c *Client) ListBounds() (items, requests int) { return c.maxListItems, c.maxListRequests }
