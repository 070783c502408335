package sandbox

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode"
)

// redirectActions are the values of a URL redirect's action.
var redirectActions = []string{"funnel", "website", "url", "all"}

// GET /funnels/lookup/redirect/list: the URL redirects by domain and path, searched
// and paged; locationId, limit and offset are required.
func (s *Server) handleListURLRedirects(c *call) reply {
	var msgs []string
	for _, k := range []string{"locationId", "limit", "offset"} {
		if c.q.Get(k) == "" {
			msgs = append(msgs, k+" should not be empty")
		}
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	offset, limit, bad := pagination(c.q, 10, 100)
	if bad != nil {
		return *bad
	}
	search := strings.ToLower(strings.TrimSpace(c.q.Get("search")))
	var out []urlRedirectRec
	total := 0
	c.st.with(func(d *data) {
		var hits []*urlRedirectRec
		for _, r := range d.urlRedirects {
			if search == "" || strings.Contains(strings.ToLower(r.Domain+" "+r.Path+" "+r.Target), search) {
				hits = append(hits, r)
			}
		}
		slices.SortFunc(hits, func(a, b *urlRedirectRec) int {
			if c := strings.Compare(a.Domain, b.Domain); c != 0 {
				return c
			}
			if c := strings.Compare(a.PathLowercase, b.PathLowercase); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
		total = len(hits)
		from, to := window(total, offset, limit)
		out = make([]urlRedirectRec, 0, to-from)
		for _, r := range hits[from:to] {
			out = append(out, *r)
		}
	})
	return reply{status: http.StatusOK, list: &listBody{key: "data", nest: "data", items: out, extra: map[string]any{"count": total}}}
}

// redirectBody is the body of a redirect's create (every field) or update (target,
// action and locationId).
type redirectBody struct {
	LocationID string `json:"locationId"`
	Domain     string `json:"domain"`
	Path       string `json:"path"`
	Target     string `json:"target"`
	Action     string `json:"action"`
}

// check lists what is wrong with the fields of b that the operation takes.
func (b *redirectBody) check(create bool) []string {
	var msgs []string
	if strings.TrimSpace(b.LocationID) == "" {
		msgs = append(msgs, "locationId should not be empty")
	}
	if create {
		host := strings.ToLower(strings.TrimSpace(b.Domain))
		switch {
		case host == "":
			msgs = append(msgs, "domain should not be empty")
		case !isHostName(host):
			msgs = append(msgs, "domain must be a valid host name")
		}
		switch p := b.Path; {
		case p == "":
			msgs = append(msgs, "path should not be empty")
		case !strings.HasPrefix(p, "/"):
			msgs = append(msgs, "path must start with /")
		case strings.ContainsFunc(p, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r == '?' || r == '#' }):
			msgs = append(msgs, "path must be a path without spaces, ?query or #fragment")
		}
	}
	switch t := b.Target; {
	case strings.TrimSpace(t) == "":
		msgs = append(msgs, "target should not be empty")
	case strings.ContainsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }):
		msgs = append(msgs, "target must not contain spaces")
	case b.Action == "url" && !isWebAddress(t):
		msgs = append(msgs, "target must be a URL address")
	}
	if !slices.Contains(redirectActions, b.Action) {
		msgs = append(msgs, oneOf("action", redirectActions))
	}
	return msgs
}

// isWebAddress accepts an absolute http(s) address with a host.
func isWebAddress(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

// POST /funnels/lookup/redirect: a new URL redirect on an attached domain. A domain
// and path that already redirect are refused (422 naming the path).
func (s *Server) handleCreateURLRedirect(c *call) reply {
	var b redirectBody
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	if msgs := b.check(true); len(msgs) > 0 {
		return invalid(msgs...)
	}
	if b.LocationID != c.loc {
		return forbiddenLocation()
	}
	host := strings.ToLower(strings.TrimSpace(b.Domain))
	var rep reply
	c.st.with(func(d *data) {
		if d.domainByHost(host) == nil {
			rep = invalid("domain " + host + " is not attached to this location")
			return
		}
		lower := strings.ToLower(b.Path)
		for _, r := range d.urlRedirects {
			if r.Domain == host && r.PathLowercase == lower {
				rep = invalid("path " + b.Path + " already redirects on " + host + " (redirect " + r.ID + ")")
				return
			}
		}
		r := &urlRedirectRec{ID: d.newID(), LocationID: d.locationID, Domain: host, Path: b.Path,
			PathLowercase: lower, Type: "Permanent", Target: b.Target, Action: b.Action}
		d.urlRedirects = append(d.urlRedirects, r)
		rep = ok(http.StatusCreated, map[string]any{"data": *r})
	})
	return rep
}

// PATCH /funnels/lookup/redirect/{id}: a new target and action; domain and path stay.
func (s *Server) handleUpdateURLRedirect(c *call) reply {
	var b redirectBody
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	if msgs := b.check(false); len(msgs) > 0 {
		return invalid(msgs...)
	}
	if b.LocationID != c.loc {
		return forbiddenLocation()
	}
	var rep reply
	c.st.with(func(d *data) {
		r := d.urlRedirect(c.params["id"])
		if r == nil {
			rep = errReply(http.StatusNotFound, "Redirect not found")
			return
		}
		r.Target, r.Action = b.Target, b.Action
		rep = ok(http.StatusOK, map[string]any{"data": *r})
	})
	return rep
}

// DELETE /funnels/lookup/redirect/{id}?locationId=: the redirect is gone.
func (s *Server) handleDeleteURLRedirect(c *call) reply {
	if c.q.Get("locationId") == "" {
		return invalid("locationId should not be empty")
	}
	found := false
	c.st.with(func(d *data) {
		d.urlRedirects = slices.DeleteFunc(d.urlRedirects, func(r *urlRedirectRec) bool {
			if r.ID == c.params["id"] {
				found = true
				return true
			}
			return false
		})
	})
	if !found {
		return errReply(http.StatusNotFound, "Redirect not found")
	}
	return ok(http.StatusOK, map[string]any{"data": map[string]string{"status": "ok"}})
}
