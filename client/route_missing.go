package client

import (
	"context"
	"net/http"
	"net/url"
)

// A 404 says either that an item does not exist or that the server does not have the
// route at all, and nobody knows how the real service, a proxy in front of it or its
// next version words either: Express's "Cannot GET /…", a problem document, a load
// balancer's HTML page, an empty body, a v3 envelope. So the words decide nothing;
// what the server does decides.
//
//   - A 404 on a documented route is the item's: those routes are the service's
//     published contract.
//   - Any other is unsettled until the server shows which. A route that answered
//     this session is there: a 404 for an item it names is the item's.
//   - It is the route's when it is the server's own answer to a route it does not
//     have: the shape of its answer to a route no server has, which echoed the path
//     it was asked (route_shape.go; one request a client, none once known). This
//     settles a write's 404 too, without sending anything but that read.
//   - A read that names no item is the route's when a documented route of the same
//     server answers (the funnel list: one request, none when a documented route
//     answered this session). Folder entities of one folder are the route's when the
//     funnel list has funnels in that folder (the folder is there, so the route is
//     not); none, and the folder is the one missing. The callers that know the item
//     decide the rest: a page by id is the route's when its funnel's page list has
//     the page (PageDetail), and the probe, whose ids all come from the server,
//     calls any unsettled 404 the route's once a documented route answered. A
//     write's 404 left unsettled stays the item's: no write is sent to find out.
//
// An unsettled 404 matches ErrNotFound and teaches the access record nothing.

// read404 marks a 404 of a route that is not documented unsettled (see above).
func read404(e *APIError) {
	rf, _, known := routeOf(e.Method, e.Path)
	if e.StatusCode == http.StatusNotFound && known && !rf.Documented() {
		e.unsettled = true
	}
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

// settle404 decides an unsettled 404 by what the server does (see above), what it
// has done this session first: a route that answered is there; a read that names no
// item is the route's once a documented route answered. Then it asks: the server's
// answer to a missing route, and for a read that names no id in its path, the funnel
// list. Decided, e says so; otherwise it stays unsettled.
func (c *Client) settle404(ctx context.Context, cl call, e *APIError) {
	rf, ids, _ := routeOf(cl.method, cl.path)
	named := namedItems(cl.query)
	if (len(ids) > 0 || len(named) > 0) && c.access.answered(rf.Family) {
		e.unsettled = false // the route is there: the item is not
		return
	}
	readsNoItem := !rf.Write && len(ids) == 0 && len(named) == 0
	if readsNoItem && c.documentedAnswered() || c.routersAnswer(ctx, e) {
		c.routeMissing(e)
		return
	}
	if rf.Write || len(ids) > 0 {
		return
	}
	p := ListFunnelsParams{Limit: 1, LocationID: cl.query.Get("locationId")}
	switch {
	case len(named) == 0:
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

// documentedAnswered reports whether a documented route answered this session.
func (c *Client) documentedAnswered() bool {
	for _, d := range routeFamilies {
		if d.Documented() && c.access.answered(d.Family) {
			return true
		}
	}
	return false
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
