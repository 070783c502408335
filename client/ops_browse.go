package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

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
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: "/funnels/funnel/list", query: q})
	if err != nil {
		return nil, resp, err
	}
	env, err := unwrapList(body, "funnels")
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, "/funnels/funnel/list", resp, body, err)
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
	if pageSize <= 0 {
		pageSize = 100
	}
	p.Limit = pageSize
	return walk(c, http.MethodGet, "/funnels/funnel/list", pageSize, func(f *Funnel) string { return f.ID }, nil,
		func(offset int) (listPage[Funnel], *Response, error) {
			p.Offset = offset
			page, resp, err := c.ListFunnels(ctx, p)
			if err != nil {
				return listPage[Funnel]{}, resp, err
			}
			return listPage[Funnel]{items: page.Funnels, count: page.Count, countKnown: page.CountKnown}, resp, nil
		})
}

// FolderEntities returns what one folder holds (GET /funnels/funnel/folder/entities);
// parentID "" is the root. The answer's shape is not documented, so both a mixed list
// (told apart by category) and separate folders/funnels lists are read.
func (c *Client) FolderEntities(ctx context.Context, locationID, parentID, typ string) (*Entities, *Response, error) {
	q := url.Values{}
	c.setLocation(q, locationID)
	setIf(q, "parentId", parentID)
	setIf(q, "type", typ)
	const path = "/funnels/funnel/folder/entities"
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: path, query: q})
	if err != nil {
		return nil, resp, err
	}
	out, err := decodeEntities(body)
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	return out, resp, nil
}

func decodeEntities(body []byte) (*Entities, error) {
	out := &Entities{Folders: []Folder{}, Funnels: []Funnel{}}
	env, err := unwrapList(body, "entities")
	if err != nil {
		return nil, err
	}
	if env.wrapper != nil {
		// {"folders": [...], "funnels": [...]}: lists of one kind each.
		rawFolders, hasFolders := env.wrapper.get("folders")
		rawFunnels, hasFunnels := env.wrapper.get("funnels")
		if _, hasEntities := env.wrapper.get("entities"); !hasEntities && (hasFolders || hasFunnels) {
			if fe, err := unwrapList(rawFolders); err == nil {
				out.Folders = append(out.Folders, decodeEach[Folder](fe.items)...)
			}
			if fu, err := unwrapList(rawFunnels); err == nil {
				out.Funnels = append(out.Funnels, decodeEach[Funnel](fu.items)...)
			}
			return out, nil
		}
	}
	for _, it := range env.items {
		o, err := objectFields(it)
		if err != nil {
			continue
		}
		if isFolderEntity(o) {
			var f Folder
			if f.UnmarshalJSON(it) == nil {
				out.Folders = append(out.Folders, f)
			}
			continue
		}
		var fn Funnel
		if fn.UnmarshalJSON(it) == nil {
			out.Funnels = append(out.Funnels, fn)
		}
	}
	return out, nil
}

func isFolderEntity(o fields) bool {
	for _, k := range []string{"category", "entitytype", "kind"} {
		if v := o.str(k); v != "" {
			return v == "folder"
		}
	}
	return o.bool("isfolder") || o.str("type") == "folder"
}

// Page returns one page with every field the service sends (GET /funnels/page/{id}).
func (c *Client) Page(ctx context.Context, id string) (*Page, *Response, error) {
	path := "/funnels/page/" + url.PathEscape(id)
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: path})
	if err != nil {
		return nil, resp, err
	}
	raw, _, err := unwrapRecord(body, "page")
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	var p Page
	if err := p.UnmarshalJSON(raw); err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	return &p, resp, nil
}

// ListPagesParams filter GET /funnels/page.
type ListPagesParams struct {
	LocationID string
	FunnelID   string // required by the service
	StepID     string // narrows to one step; also applied here, in case the server ignores it
	Offset     int
	Limit      int // 0 → 20; many accounts refuse more than 20
}

// ListPages returns one page of pages of a funnel (GET /funnels/page).
func (c *Client) ListPages(ctx context.Context, p ListPagesParams) ([]Page, *Response, error) {
	q := url.Values{}
	c.setLocation(q, p.LocationID)
	q.Set("funnelId", p.FunnelID)
	setIf(q, "stepId", p.StepID)
	// The documented route wants both, every time.
	limit := p.Limit
	if limit <= 0 {
		limit = pageBatch
	}
	q.Set("limit", strconv.Itoa(limit))
	q.Set("offset", strconv.Itoa(max(0, p.Offset)))
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: "/funnels/page", query: q})
	if err != nil {
		return nil, resp, err
	}
	env, err := unwrapList(body, "pages", "funnelPages")
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, "/funnels/page", resp, body, err)
	}
	pages := decodeEach[Page](env.items)
	if p.StepID != "" {
		kept := pages[:0]
		for _, pg := range pages {
			if pg.StepID == "" || pg.StepID == p.StepID {
				kept = append(kept, pg)
			}
		}
		pages = kept
	}
	return pages, resp, nil
}

// pageBatch is the largest page size every account accepts.
const pageBatch = 20

// ListAllPages reads every page of a funnel (or of one step), 20 at a time, until a
// short batch. It stops early with a *ListStoppedError, returning what was read, on a
// batch it had read before (a server that ignores offset) or at the bounds of Options.
func (c *Client) ListAllPages(ctx context.Context, p ListPagesParams) ([]Page, *Response, error) {
	// The step filter is applied after each batch, so the server is asked for the
	// whole funnel and batches stay full until the end.
	step := p.StepID
	p.StepID, p.Limit = "", pageBatch
	inStep := func(pg *Page) bool { return step == "" || pg.StepID == "" || pg.StepID == step }
	return walk(c, http.MethodGet, "/funnels/page", pageBatch, func(pg *Page) string { return pg.ID }, inStep,
		func(offset int) (listPage[Page], *Response, error) {
			p.Offset = offset
			batch, resp, err := c.ListPages(ctx, p)
			return listPage[Page]{items: batch}, resp, err
		})
}

// CountPages returns how many pages a funnel has (GET /funnels/page/count).
func (c *Client) CountPages(ctx context.Context, locationID, funnelID string) (int, *Response, error) {
	q := url.Values{}
	c.setLocation(q, locationID)
	q.Set("funnelId", funnelID)
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: "/funnels/page/count", query: q})
	if err != nil {
		return 0, resp, err
	}
	raw, _, err := unwrapRecord(body)
	if err != nil {
		return 0, resp, decodeErr(http.MethodGet, "/funnels/page/count", resp, body, err)
	}
	o, err := objectFields(raw)
	if err != nil {
		return 0, resp, decodeErr(http.MethodGet, "/funnels/page/count", resp, body, err)
	}
	return o.int("count", "total"), resp, nil
}

func (c *Client) setLocation(q url.Values, loc string) {
	if loc == "" {
		loc = c.location
	}
	setIf(q, "locationId", loc)
}

func setIf(q url.Values, k, v string) {
	if v != "" {
		q.Set(k, v)
	}
}

func decodeErr(method, path string, resp *Response, body []byte, err error) error {
	status := 0
	if resp != nil {
		status = resp.StatusCode
	}
	return &DecodeError{Method: method, Path: path, StatusCode: status, Snippet: quoteSnippet(body), Err: err}
}
