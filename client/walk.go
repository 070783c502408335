package client

import (
	"errors"
	"fmt"
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

// walk reads a list page by page from offset 0 and returns the items that keep
// accepts (nil: all). The offset advances by what each page held, so a server that
// sends less than it was asked for loses nothing. It stops at the end of the list —
// an empty page, an offset at the announced count, or, when no count was announced, a
// page shorter than pageSize — or early, with a *ListStoppedError, on a page whose
// items were all read before, or at the bounds of Options. Items read twice (the list
// moved under the walk) are kept once.
func walk[T any](c *Client, method, path string, pageSize int, id func(*T) string, keep func(*T) bool,
	fetch func(offset int) (listPage[T], *Response, error)) ([]T, *Response, error) {
	var all []T
	var last *Response
	seen := map[string]struct{}{}
	offset := 0
	for requests := 1; ; requests++ {
		page, resp, err := fetch(offset)
		if resp != nil {
			last = resp
		}
		if err != nil {
			return all, last, err
		}
		fresh := 0
		for i := range page.items {
			it := &page.items[i]
			if k := id(it); k != "" {
				if _, dup := seen[k]; dup {
					continue
				}
				seen[k] = struct{}{}
			}
			fresh++
			if keep == nil || keep(it) {
				all = append(all, *it)
			}
		}
		offset += len(page.items)
		stop := func(r StopReason, bound int) error {
			return &ListStoppedError{Method: method, Path: path, Reason: r, Items: len(all), Requests: requests, Bound: bound}
		}
		switch {
		case len(page.items) == 0:
			return all, last, nil
		case fresh == 0:
			return all, last, stop(StopRepeatedPage, 0)
		case page.countKnown && offset >= page.count:
			return all, last, nil
		case !page.countKnown && len(page.items) < pageSize:
			return all, last, nil
		case len(all) >= c.maxListItems:
			return all, last, stop(StopItemLimit, c.maxListItems)
		case requests >= c.maxListRequests:
			return all, last, stop(StopRequestLimit, c.maxListRequests)
		}
	}
}

// ListBounds are the bounds on one walk over a list's pages (Options.MaxListItems and
// MaxListRequests, or their defaults), for a caller that walks a list in its own way
// (the local index's crawl) and must stop where ListAll… would.
func (c *Client) ListBounds() (items, requests int) { return c.maxListItems, c.maxListRequests }
