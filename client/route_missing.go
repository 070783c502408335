package client

import (
	"context"
	"net/http"
	"net/url"
	"strings"
)

// A 404 says either that an item does not exist or that the server does not have the
// route at all, and nobody knows how the real service, a proxy in front of it or its
// next version words either: Express's "Cannot GET /…", a problem document, a load
// balancer's HTML page, an empty body, a v3 envelope. So the words only guess; what
// the server does decides.
//
//   - A 404 on a documented route is the item's: those routes are the service's
//     published contract.
//   - On a web-app route, a body that says "Cannot GET …", that the route or path was
//     not found, or that repeats the path asked is a first guess that the route is
//     not on this server; it saves asking anything else.
//   - A body that names one of the ids of the path asked ("Page 9qVY… not found") is
//     the item's.
//   - Anything else is unsettled until the server shows which. A read that names no
//     item is the route's when a documented route of the same server answers (the
//     funnel list: one request, none when a documented route answered this session).
//     Folder entities of one folder are the route's when the funnel list has funnels
//     in that folder (the folder is there, so the route is not); none, and the folder
//     is the one missing. A route that answered this session is there: a 404 for an
//     item it names is the item's. The callers that know the item decide the rest: a
//     page by id is the route's when its funnel's page list has the page
//     (PageDetail), and the probe, whose ids all come from the server, calls any
//     unsettled 404 the route's once a documented route answered. A write's unsettled
//     404 stays the item's: nothing is sent to find out.
//
// An unsettled 404 matches ErrNotFound and teaches the access record nothing.

// routeMissingPhrases are what a body may say when the route itself was not found.
var routeMissingPhrases = []string{"route not found", "path not found", "no route", "unknown route", "no path matched"}

// read404 reads what a 404 says on its face (see above): the route's (RefusedMissing),
// the item's, or unsettled.
func read404(e *APIError) {
	rf, ids, known := routeOf(e.Method, e.Path)
	if e.StatusCode != http.StatusNotFound || !known || rf.Documented() {
		return
	}
	switch {
	case guessRouteMissing(e.Method, e.Path, e.Messages):
		e.Refusal = RefusedMissing
	case namesAnID(ids, e.Messages):
	default:
		e.unsettled = true
	}
}

// guessRouteMissing reports whether a message says the route itself was not found:
// "Cannot GET …", a phrase of routeMissingPhrases, or the path asked repeated back.
func guessRouteMissing(method, path string, messages []string) bool {
	unescaped, err := url.PathUnescape(path)
	if err != nil {
		unescaped = path
	}
	for _, m := range messages {
		lm := strings.ToLower(strings.TrimSpace(m))
		if strings.HasPrefix(lm, "cannot "+strings.ToLower(method)+" ") || strings.Contains(m, path) || strings.Contains(m, unescaped) {
			return true
		}
		for _, p := range routeMissingPhrases {
			if strings.Contains(lm, p) {
				return true
			}
		}
	}
	return false
}

// namesAnID reports whether a message names one of the path's ids.
func namesAnID(ids, messages []string) bool {
	for _, id := range ids {
		if unescaped, err := url.PathUnescape(id); err == nil {
			id = unescaped
		}
		for _, m := range messages {
			if id != "" && strings.Contains(m, id) {
				return true
			}
		}
	}
	return false
}

// filterKeys are query parameters that scope or page a read; every other one names
// an item (parentId, funnelId, domain …).
var filterKeys = map[string]bool{"locationId": true, "limit": true, "offset": true, "skip": true, "type": true, "category": true}

// namedItems are the query parameters of cl that name an item.
func namedItems(q url.Values) []string {
	var out []string
	for k := range q {
		if !filterKeys[k] {
			out = append(out, k)
		}
	}
	return out
}

// settle404 decides an unsettled 404 by what the server does (see above): a route
// that answered this session is there; a read that names no id in its path is asked
// of the funnel list. Decided, e says so; otherwise it stays unsettled.
func (c *Client) settle404(ctx context.Context, cl call, e *APIError) {
	rf, ids, _ := routeOf(cl.method, cl.path)
	named := namedItems(cl.query)
	if (len(ids) > 0 || len(named) > 0) && c.access.answered(rf.Family) {
		e.unsettled = false // the route is there: the item is not
		return
	}
	if rf.Write || len(ids) > 0 {
		return
	}
	p := ListFunnelsParams{Limit: 1, LocationID: cl.query.Get("locationId")}
	switch {
	case len(named) == 0:
		for _, d := range routeFamilies {
			if d.Documented() && c.access.answered(d.Family) {
				c.routeMissing(e)
				return
			}
		}
	case rf.Family == FamilyFolders && len(named) == 1 && cl.query.Has("parentId"):
		parent := cl.query.Get("parentId")
		p.ParentID, p.Type = &parent, cl.query.Get("type")
	default:
		return // an item no documented route can vouch for
	}
	l, _, err := c.ListFunnels(ctx, p)
	if err == nil && (p.ParentID == nil || len(l.Funnels) > 0) {
		c.routeMissing(e)
	}
}

// routeMissing marks an unsettled 404 as the route's: not on this server.
func (c *Client) routeMissing(e *APIError) {
	rf, _ := familyOf(e.Method, e.Path)
	e.unsettled, e.Refusal, e.Family, e.Scope = false, RefusedMissing, rf.Family, rf.Scope
}

// confirmRouteMissing is routeMissing decided after the request was answered (by
// PageDetail or the probe): the access record learns it as it learns any answer.
func (c *Client) confirmRouteMissing(e *APIError) {
	c.routeMissing(e)
	c.learnAccess(call{method: e.Method, path: e.Path}, e.StatusCode, e)
}
