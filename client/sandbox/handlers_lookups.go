package sandbox

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
)

// GET /funnels/lookup/funnel-with-domain: an attached domain and the funnels on it.
// Not a plain list, so no dialect reshapes it (PlainIDs etc. still apply).
func (s *Server) handleFunnelWithDomain(c *call) reply {
	host := strings.TrimSpace(c.q.Get("domain"))
	if host == "" {
		return invalid("domain should not be empty")
	}
	var dom domainRec
	var funnels []funnelRec
	found := false
	c.st.with(func(d *data) {
		dp := d.domainByHost(host)
		if dp == nil {
			return
		}
		found, dom = true, *dp
		var hits []*funnelRec
		for _, f := range d.funnels {
			if f.DomainID == dp.ID {
				hits = append(hits, f)
			}
		}
		slices.SortFunc(hits, func(a, b *funnelRec) int { return lessByName(a.Name, a.ID, b.Name, b.ID) })
		funnels = make([]funnelRec, 0, len(hits))
		for _, f := range hits {
			funnels = append(funnels, f.clone())
		}
	})
	if !found {
		return errReply(http.StatusNotFound, "Domain not found")
	}
	return ok(http.StatusOK, map[string]any{"domain": dom, "funnels": funnels})
}

// GET /funnels/lookup/redirect/regex: the regex redirects, optionally of one domain.
func (s *Server) handleRegexRedirects(c *call) reply {
	host := c.q.Get("domain")
	var out []redirectRec
	c.st.with(func(d *data) {
		out = make([]redirectRec, 0, len(d.redirects))
		for _, r := range d.redirects {
			if host == "" || strings.EqualFold(r.Domain, host) {
				out = append(out, r)
			}
		}
	})
	return listReply("redirects", out, map[string]any{"count": len(out)})
}

// GET /funnels/order-form/public/product: one product, or all of them.
func (s *Server) handleProducts(c *call) reply {
	id := c.q.Get("productId")
	var all []productRec
	c.st.with(func(d *data) { all = slices.Clone(d.products) })
	if id == "" {
		return listReply("products", all, nil)
	}
	for _, p := range all {
		if p.ID == id {
			return ok(http.StatusOK, map[string]any{"product": p})
		}
	}
	return errReply(http.StatusNotFound, "Product not found")
}

// GET /funnels/funnel/geo-location: a fixed location and the caller's address.
func (s *Server) handleGeoLocation(c *call) reply {
	ip, _, err := net.SplitHostPort(c.r.RemoteAddr)
	if err != nil {
		ip = c.r.RemoteAddr
	}
	return ok(http.StatusOK, map[string]any{
		"country": "US", "countryName": "United States", "region": "CA", "city": "San Francisco",
		"timezone": "America/Los_Angeles", "ip": ip,
	})
}

// POST /funnels/custom-fonts: the custom fonts of the location. Any body is ignored.
func (s *Server) handleFonts(c *call) reply {
	var out []fontRec
	c.st.with(func(d *data) { out = slices.Clone(d.fonts) })
	return listReply("fonts", out, nil)
}

// POST /funnels/domain/attach-domain: attaches a new domain to the location.
func (s *Server) handleAttachDomain(c *call) reply {
	var b struct {
		LocationID string `json:"locationId"`
		Domain     string `json:"domain"`
	}
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	host := strings.ToLower(strings.TrimSpace(b.Domain))
	switch {
	case host == "":
		return invalid("domain should not be empty")
	case !isHostName(host):
		return invalid("domain must be a valid host name")
	}
	if b.LocationID != "" && b.LocationID != c.loc {
		return forbiddenLocation()
	}
	var rep reply
	c.st.with(func(d *data) {
		if d.domainByHost(host) != nil {
			rep = invalid("domain is already attached")
			return
		}
		dom := &domainRec{ID: d.newID(), URL: host, LocationID: d.locationID, Attached: true}
		d.domains = append(d.domains, dom)
		rep = ok(http.StatusCreated, *dom)
	})
	return rep
}

// POST /funnels/lookup/multiple: answers one lookup row per entry of "lookups".
func (s *Server) handleLookupMultiple(c *call) reply {
	var b struct {
		Lookups json.RawMessage `json:"lookups"`
	}
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	var entries []struct {
		Target string `json:"target"`
		Action string `json:"action"`
	}
	if len(b.Lookups) > 0 && string(b.Lookups) != "null" {
		if err := json.Unmarshal(b.Lookups, &entries); err != nil {
			return invalid("lookups must be an array of objects with target and action")
		}
	}
	actions := []string{"publish", "unpublish", "redirect"}
	var msgs []string
	for i, e := range entries {
		if strings.TrimSpace(e.Target) == "" {
			msgs = append(msgs, fmt.Sprintf("lookups.%d.target should not be empty", i))
		}
		if !slices.Contains(actions, e.Action) {
			msgs = append(msgs, oneOf(fmt.Sprintf("lookups.%d.action", i), actions))
		}
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	rows := make([]lookupRow, 0, len(entries))
	c.st.with(func(d *data) {
		for _, e := range entries {
			row := lookupRow{LookupID: d.newID(), Target: e.Target, Action: e.Action, PublishStatus: "published", Type: "page"}
			switch e.Action {
			case "unpublish":
				row.PublishStatus = "draft"
			case "redirect":
				row.Type = "redirect"
			}
			rows = append(rows, row)
		}
	})
	return reply{status: http.StatusCreated, list: &listBody{key: "lookups", items: rows}}
}
