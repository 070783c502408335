package sandbox

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// pagesOf returns the pages (archived included, creation order) of a funnel, or of
// one of its steps, whose name holds name (without case; "" for all, as the
// documented list's name parameter), or a 404 reply.
func pagesOf(d *data, funnelID, stepID, name string) ([]*pageRec, *reply) {
	f := d.funnel(funnelID)
	if f == nil {
		r := errReply(http.StatusNotFound, "Funnel not found")
		return nil, &r
	}
	if stepID != "" && f.step(stepID) == nil {
		r := errReply(http.StatusNotFound, "Step not found")
		return nil, &r
	}
	all := d.pagesByFunnel[funnelID]
	name = strings.ToLower(strings.TrimSpace(name))
	if stepID == "" && name == "" {
		return all, nil
	}
	var out []*pageRec
	for _, p := range all {
		if (stepID == "" || p.StepID == stepID) && (name == "" || strings.Contains(strings.ToLower(p.Name), name)) {
			out = append(out, p)
		}
	}
	return out, nil
}

// GET /funnels/page: a bare array of the pages of a funnel, archived ones included,
// those whose name holds name when it is given. The public surface wants locationId,
// funnelId, limit and offset (400 otherwise), ignores stepId, and answers the
// documented records (publicPage).
func (s *Server) handleListPages(c *call) reply {
	funnelID, stepID := c.q.Get("funnelId"), c.q.Get("stepId")
	if s.public() {
		if missing := missingParams(c.q, "locationId", "funnelId", "limit", "offset"); len(missing) > 0 {
			return errReply(http.StatusBadRequest, strings.Join(missing, ", ")+" should not be empty")
		}
		stepID = ""
	}
	if funnelID == "" {
		return invalid("funnelId should not be empty")
	}
	offset, limit, bad := pagination(c.q, 10, 20)
	if bad != nil {
		return *bad
	}
	var out []pageRec
	c.st.with(func(d *data) {
		pages, nf := pagesOf(d, funnelID, stepID, c.q.Get("name"))
		if nf != nil {
			bad = nf
			return
		}
		from, to := window(len(pages), offset, limit)
		out = make([]pageRec, 0, to-from)
		for _, p := range pages[from:to] {
			out = append(out, *p)
		}
	})
	if bad != nil {
		return *bad
	}
	if s.public() {
		return listReply("", publicPages(out, s.documented()), nil)
	}
	return listReply("", out, nil)
}

// publicPage is a page as the documented page list sends it: no url (a page's path is
// its step's), updatedAt for the date of the last change. Deleted is a bool, or the
// string "true"/"false" as the official example writes it.
type publicPage struct {
	ID         string `json:"_id"`
	LocationID string `json:"locationId"`
	FunnelID   string `json:"funnelId"`
	Name       string `json:"name"`
	StepID     string `json:"stepId"`
	Deleted    any    `json:"deleted"`
	UpdatedAt  string `json:"updatedAt"`
}

// publicPages are pages as the documented page list sends them; with exampleShapes
// every other one says deleted as a string, as the official example does.
func publicPages(pages []pageRec, exampleShapes bool) []publicPage {
	out := make([]publicPage, len(pages))
	for i, p := range pages {
		var deleted any = p.Deleted
		if exampleShapes && i%2 == 1 {
			// Every other page as the official example writes it: "false", "true".
			deleted = strconv.FormatBool(p.Deleted)
		}
		out[i] = publicPage{ID: p.ID, LocationID: p.LocationID, FunnelID: p.FunnelID, Name: p.Name,
			StepID: p.StepID, Deleted: deleted, UpdatedAt: p.DateUpdated}
	}
	return out
}

// missingParams names the query parameters of names that are absent or empty.
func missingParams(q url.Values, names ...string) []string {
	var out []string
	for _, n := range names {
		if strings.TrimSpace(q.Get(n)) == "" {
			out = append(out, n)
		}
	}
	return out
}

// GET /funnels/page/count: how many pages GET /funnels/page would page through,
// name included.
func (s *Server) handleCountPages(c *call) reply {
	funnelID, stepID := c.q.Get("funnelId"), c.q.Get("stepId")
	if funnelID == "" {
		return invalid("funnelId should not be empty")
	}
	var bad *reply
	n := 0
	c.st.with(func(d *data) {
		var pages []*pageRec
		pages, bad = pagesOf(d, funnelID, stepID, c.q.Get("name"))
		n = len(pages)
	})
	if bad != nil {
		return *bad
	}
	return ok(http.StatusOK, map[string]any{"count": n})
}

// GET /funnels/page/{id}: one page with its section count.
func (s *Server) handleGetPage(c *call) reply {
	var out pageDetail
	found := false
	c.st.with(func(d *data) {
		if p := d.pageByID[c.params["id"]]; p != nil {
			out, found = pageDetail{pageRec: *p, Sections: p.sections}, true
		}
	})
	if !found {
		return errReply(http.StatusNotFound, "Page not found")
	}
	return ok(http.StatusOK, out)
}
