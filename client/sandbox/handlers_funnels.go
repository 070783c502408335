package sandbox

import (
	"fmt"
	"hash/fnv"
	"net/http"
	"slices"
	"strings"
)

// GET /funnels/funnel/list: funnels sorted by name, filtered and paged. The documented
// surface sends a list of one as the funnel itself, as the official example does.
func (s *Server) handleListFunnels(c *call) reply {
	offset, limit, bad := pagination(c.q, 10, 100)
	if bad != nil {
		return *bad
	}
	hasParent, parent := c.q.Has("parentId"), c.q.Get("parentId")
	name := strings.ToLower(c.q.Get("name"))
	typ, category := c.q.Get("type"), c.q.Get("category")
	var out []funnelRec
	total := 0
	c.st.with(func(d *data) {
		hits := d.funnelsByName() // unfiltered: a page of it is O(page)
		if hasParent || name != "" || typ != "" || category != "" {
			hits = nil
			for _, f := range d.funnelsByName() {
				if hasParent && f.ParentID != parent ||
					name != "" && !strings.Contains(strings.ToLower(f.Name), name) ||
					typ != "" && f.Type != typ ||
					category != "" && f.Category != category {
					continue
				}
				hits = append(hits, f)
			}
		}
		total = len(hits)
		from, to := window(total, offset, limit)
		out = make([]funnelRec, 0, to-from)
		for _, f := range hits[from:to] {
			out = append(out, f.clone())
		}
	})
	if s.documented() && len(out) == 1 {
		// The official example sends one funnel as the object itself, not a list.
		return listReply("funnels", out[0], map[string]any{"count": total})
	}
	return listReply("funnels", out, map[string]any{"count": total})
}

// GET /funnels/funnel/folder/entities: one level of the tree, folders first, then
// funnels, each sorted by name.
func (s *Server) handleEntities(c *call) reply {
	parent, typ := c.q.Get("parentId"), c.q.Get("type")
	var out []any
	found := true
	c.st.with(func(d *data) {
		if parent != "" && d.folder(parent) == nil {
			found = false
			return
		}
		var folders []*folderRec
		for _, f := range d.folders {
			if f.ParentID == parent && (typ == "" || f.Type == typ) {
				folders = append(folders, f)
			}
		}
		slices.SortFunc(folders, func(a, b *folderRec) int { return lessByName(a.Name, a.ID, b.Name, b.ID) })
		var funnels []*funnelRec
		for _, f := range d.funnelsOf(parent) {
			if typ == "" || f.Type == typ {
				funnels = append(funnels, f)
			}
		}
		out = make([]any, 0, len(folders)+len(funnels))
		summaries := s.opts.Dialect.Summaries
		for _, f := range folders {
			if summaries {
				out = append(out, folderSummary{ID: f.ID, Name: f.Name, Type: f.Type, Category: f.Category, ParentID: f.ParentID})
				continue
			}
			out = append(out, *f)
		}
		for _, f := range funnels {
			if summaries {
				out = append(out, funnelSummary{ID: f.ID, Name: f.Name, LocationID: f.LocationID, Type: f.Type,
					Category: f.Category, ParentID: f.ParentID, DateUpdated: f.DateUpdated})
				continue
			}
			out = append(out, f.clone())
		}
	})
	if !found {
		return errReply(http.StatusNotFound, "Folder not found")
	}
	return listReply("entities", out, map[string]any{"count": len(out)})
}

// GET /funnels/funnel/funnel-step-page-url: is a path free? The answer is the path
// itself when free, else a suggestion: path + "-" + 6 digits from a hash of the path.
func (s *Server) handleStepPageURL(c *call) reply {
	path, domain, funnelID := c.q.Get("path"), c.q.Get("domain"), c.q.Get("funnelId")
	switch {
	case path == "":
		return invalid("path should not be empty")
	case !strings.HasPrefix(path, "/"):
		return invalid("path must start with /")
	}
	unique := path
	found := true
	c.st.with(func(d *data) {
		if funnelID != "" && d.funnel(funnelID) == nil {
			found = false
			return
		}
		taken := func(p string) bool {
			for _, f := range d.funnels {
				if !pathScope(f, funnelID, domain) {
					continue
				}
				if f.URL == p {
					return true
				}
				for _, st := range f.Steps {
					if st.URL == p {
						return true
					}
				}
			}
			return false
		}
		for i := 0; i < 20 && taken(unique); i++ {
			unique = path + "-" + sixDigits(unique)
		}
	})
	if !found {
		return errReply(http.StatusNotFound, "Funnel not found")
	}
	return ok(http.StatusOK, map[string]any{"uniqueUrl": unique, "ok": true})
}

// pathScope says whether a funnel's paths compete with the one asked about: the same
// funnel, any funnel on the same domain, or every funnel when neither is named.
func pathScope(f *funnelRec, funnelID, domain string) bool {
	if funnelID == "" && domain == "" {
		return true
	}
	return f.ID == funnelID || domain != "" && strings.EqualFold(f.DomainName, domain)
}

func sixDigits(s string) string {
	h := fnv.New32a()
	_, _ = h.Write([]byte(s))
	return fmt.Sprintf("%06d", h.Sum32()%1000000)
}

// POST /funnels/funnel/folder/create: a new folder at the root.
func (s *Server) handleCreateFolder(c *call) reply {
	var body struct {
		LocationID string `json:"locationId"`
		Type       string `json:"type"`
		Name       string `json:"name"`
		UserID     string `json:"userId"`
	}
	if bad := decodeObject(c.body, &body, ""); bad != nil {
		return *bad
	}
	var msgs []string
	if strings.TrimSpace(body.Name) == "" {
		msgs = append(msgs, "name should not be empty")
	}
	if body.Type != "funnel" && body.Type != "website" {
		msgs = append(msgs, oneOf("type", []string{"funnel", "website"}))
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	if body.LocationID != "" && body.LocationID != c.loc {
		return forbiddenLocation()
	}
	now := formatDate(s.now())
	var out folderRec
	c.st.with(func(d *data) {
		f := &folderRec{ID: d.newID(), Name: strings.TrimSpace(body.Name), Type: body.Type, Category: "folder",
			LocationID: d.locationID, DateAdded: now, DateUpdated: now}
		d.folders = append(d.folders, f)
		out = *f
	})
	return ok(http.StatusCreated, out)
}
