package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Funnel is a funnel or website with its steps. Its JSON tags are our own output
// shape (for --json); decoding goes through UnmarshalJSON and accepts the service's
// shapes.
type Funnel struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	LocationID string `json:"locationId,omitempty"`
	Type       string `json:"type,omitempty"`
	Category   string `json:"category,omitempty"`
	URL        string `json:"url,omitempty"`
	DomainID   string `json:"domainId,omitempty"`
	DomainName string `json:"domainName,omitempty"`
	ParentID   string `json:"parentId,omitempty"`
	Steps      []Step `json:"steps"`
	// StepsKnown is false when the record came without a steps field (a folder
	// listing's summary): Steps is then unknown, not empty.
	StepsKnown       bool            `json:"-"`
	DateAdded        time.Time       `json:"dateAdded,omitzero"`
	DateUpdated      time.Time       `json:"dateUpdated,omitzero"`
	Deleted          bool            `json:"deleted,omitempty"`
	FaviconURL       string          `json:"faviconUrl,omitempty"`
	TrackingCodeHead string          `json:"trackingCodeHead,omitempty"`
	TrackingCodeBody string          `json:"trackingCodeBody,omitempty"`
	Raw              json.RawMessage `json:"-"` // the record as the server sent it
}

func (f *Funnel) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	f.fromFields(o, b, false)
	return nil
}

// fromFields is the funnel of the object b, whose fields (objectFields) are o. owned
// says b is a record the stream read (checked, and copied out of the answer for this
// funnel alone): it becomes Raw as it is, and its steps are read without checking
// them again, each step's Raw a part of it; else Raw and the steps' are copies.
func (f *Funnel) fromFields(o fields, b []byte, owned bool) {
	raw := json.RawMessage(b[:len(b):len(b)])
	if !owned {
		raw = append(json.RawMessage(nil), b...)
	}
	*f = Funnel{
		ID:               o.str("id", "funnelid"),
		Name:             o.str("name", "title"),
		LocationID:       o.str("locationid"),
		Type:             o.str("type"),
		Category:         o.str("category"),
		URL:              o.str("url", "path"),
		DomainID:         o.str("domainid"),
		DomainName:       o.str("domainname", "domain"),
		ParentID:         o.str("parentid", "folderid"),
		DateAdded:        o.time("dateadded", "createdat"),
		DateUpdated:      o.time("dateupdated", "updatedat"),
		Deleted:          o.bool("deleted"),
		FaviconURL:       o.str("faviconurl"),
		TrackingCodeHead: o.str("trackingcodehead"),
		TrackingCodeBody: o.str("trackingcodebody"),
		Raw:              raw,
	}
	steps, ok := o.get("steps")
	if !ok {
		return
	}
	if owned {
		if items, ok := scanArrayItems(steps, true); ok {
			f.Steps, f.StepsKnown = make([]Step, 0, len(items)), true
			for _, it := range items {
				if it[0] != '{' {
					continue // not a step, as decodeEach skips it
				}
				if so, err := objectFieldsOf(it, true); err == nil {
					var s Step
					s.fromFields(so, it, true)
					f.Steps = append(f.Steps, s)
				}
			}
			return
		}
	}
	if env, err := unwrapList(steps); err == nil {
		f.Steps, f.StepsKnown = decodeEach[Step](env.items), true
	}
}

// ListFunnelsParams filter GET /funnels/funnel/list.
type ListFunnelsParams struct {
	LocationID string // "" → the client's location
	ParentID   *string
	Name       string // substring search
	Type       string // "funnel" or "website"
	Category   string
	Offset     int
	Limit      int // 0 → the server's default
}

// FunnelList is one page of funnels and the total count of matches.
type FunnelList struct {
	Funnels []Funnel `json:"funnels"`
	Count   int      `json:"count"`
	// CountKnown is false when the server sent a bare list with no count; Count is
	// then just the length of this page.
	CountKnown bool `json:"-"`
}

// ListFunnels returns one page of funnels (GET /funnels/funnel/list).
func (c *Client) ListFunnels(ctx context.Context, p ListFunnelsParams) (*FunnelList, *Response, error) {
	q := url.Values{}
	c.setLocation(q, p.LocationID)
	if p.ParentID != nil {
		q.Set("parentId", *p.ParentID)
	}
	setIf(q, "name", p.Name)
	setIf(q, "type", p.Type)
	setIf(q, "category", p.Category)
	if p.Offset > 0 {
		q.Set("offset", strconv.Itoa(p.Offset))
	}
	if p.Limit > 0 {
		q.Set("limit", strconv.Itoa(p.Limit))
	}
	env, resp, err := c.doList(ctx, call{method: http.MethodGet, path: "/funnels/funnel/list", query: q}, nil, "funnels")
	if err != nil {
		return nil, resp, err
	}
	out := &FunnelList{Funnels: decodeEach[Funnel](env.items)}
	out.Count = len(out.Funnels)
	if env.wrapper != nil {
		if _, ok := env.wrapper.get("count", "total"); ok {
			out.Count, out.CountKnown = env.wrapper.int("count", "total"), true
		}
	}
	return out, resp, nil
}

// ListAllFunnels walks ListFunnels page by page until every match is read: up to the
// count the server announces (a short page is not the end while the count says more
// remain), or, with no count, to a short page. It stops early with a *ListStoppedError,
// returning what was read, on a page it had read before or at the bounds of Options.
// pageSize 0 → 100.
func (c *Client) ListAllFunnels(ctx context.Context, p ListFunnelsParams, pageSize int) ([]Funnel, *Response, error) {
	return c.listAllFunnels(ctx, p, pageSize, nil)
}

// ListAllFunnelsUnless is ListAllFunnels asking, when the list goes on past its first
// page, whether to read the rest: enough, handed the first page's funnels and the
// list's count (known false: the server announced none), ends the read there by
// returning true — one request instead of the whole list, when the first page or
// something asked beside it already answers.
func (c *Client) ListAllFunnelsUnless(ctx context.Context, p ListFunnelsParams, pageSize int, enough func(first []Funnel, count int, known bool) bool) ([]Funnel, *Response, error) {
	return c.listFunnelsWalk(ctx, p, pageSize, nil, func(first []Funnel, count int, known bool) bool { return !enough(first, count, known) })
}

// listAllFunnels is ListAllFunnels handing first the funnels of the first page when
// the list goes on past it.
func (c *Client) listAllFunnels(ctx context.Context, p ListFunnelsParams, pageSize int, first func([]Funnel)) ([]Funnel, *Response, error) {
	return c.listFunnelsWalk(ctx, p, pageSize, first, nil)
}

// listFunnelsWalk walks the funnel list with the first page's hooks of walkSpec.
func (c *Client) listFunnelsWalk(ctx context.Context, p ListFunnelsParams, pageSize int, first func([]Funnel), goOn func([]Funnel, int, bool) bool) ([]Funnel, *Response, error) {
	if pageSize <= 0 {
		pageSize = 100
	}
	p.Limit = pageSize
	return walk(ctx, c, walkSpec[Funnel]{method: http.MethodGet, path: "/funnels/funnel/list", pageSize: pageSize,
		id: func(f *Funnel) string { return f.ID }, first: first, goOn: goOn,
		fetch: func(ctx context.Context, offset int) (listPage[Funnel], *Response, error) {
			q := p
			q.Offset = offset
			page, resp, err := c.ListFunnels(ctx, q)
			if err != nil {
				return listPage[Funnel]{}, resp, err
			}
			return listPage[Funnel]{items: page.Funnels, count: page.Count, countKnown: page.CountKnown}, resp, nil
		}})
}
