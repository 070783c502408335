package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Page is one page of a step. Archived pages have Deleted set.
type Page struct {
	ID          string          `json:"id"`
	LocationID  string          `json:"locationId,omitempty"`
	FunnelID    string          `json:"funnelId,omitempty"`
	StepID      string          `json:"stepId,omitempty"`
	Name        string          `json:"name"`
	URL         string          `json:"url,omitempty"`
	Deleted     bool            `json:"deleted"`
	DateAdded   time.Time       `json:"dateAdded,omitzero"`
	DateUpdated time.Time       `json:"dateUpdated,omitzero"`
	PageVersion int             `json:"pageVersion,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

func (p *Page) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*p = Page{
		ID:          o.str("id", "pageid"),
		LocationID:  o.str("locationid"),
		FunnelID:    o.str("funnelid"),
		StepID:      o.str("stepid"),
		Name:        o.str("name", "title"),
		URL:         o.str("url", "path"),
		Deleted:     o.bool("deleted", "archived"),
		DateAdded:   o.time("dateadded", "createdat"),
		DateUpdated: o.time("dateupdated", "updatedat"),
		PageVersion: o.int("pageversion", "version"),
		Raw:         append(json.RawMessage(nil), b...),
	}
	return nil
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
	// Expect is how many pages the caller expects the funnel to have (its steps list
	// their pages' ids), for ListAllPages; 0 when it does not know.
	Expect int
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
	env, resp, err := c.doList(ctx, call{method: http.MethodGet, path: "/funnels/page", query: q}, nil, "pages", "funnelPages")
	if err != nil {
		return nil, resp, err
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

// ListAllPages reads every page of a funnel (or of one step), 20 at a time. The page
// list says no total, so for a person's request the funnel's page count (GET
// /funnels/page/count) is asked together with the first batch — a long list is then
// two round trips, the count's and one for every other batch, sent together
// (walk.go) — unless the caller expects fewer pages than a batch (p.Expect), when
// the count is asked only if the first batch comes back full; background work (the
// crawl, which has other funnels to read meanwhile) spends no request on it and reads
// on until a short batch. It stops early with a *ListStoppedError, returning what
// was read, on a batch it had read before (a server that ignores offset) or at the
// bounds of Options.
func (c *Client) ListAllPages(ctx context.Context, p ListPagesParams) ([]Page, *Response, error) {
	// The step filter is applied after each batch, so the server is asked for the
	// whole funnel and batches stay full until the end.
	step := p.StepID
	p.StepID, p.Limit = "", pageBatch
	inStep := func(pg *Page) bool { return step == "" || pg.StepID == "" || pg.StepID == step }
	spec := walkSpec[Page]{method: http.MethodGet, path: "/funnels/page", pageSize: pageBatch,
		id: func(pg *Page) string { return pg.ID }, keep: inStep,
		fetch: func(ctx context.Context, offset int) (listPage[Page], *Response, error) {
			q := p
			q.Offset = offset
			batch, resp, err := c.ListPages(ctx, q)
			return listPage[Page]{items: batch}, resp, err
		},
	}
	if !IsBackground(ctx) {
		spec.count = func(ctx context.Context) (int, error) {
			n, _, err := c.CountPages(ctx, p.LocationID, p.FunnelID)
			return n, err
		}
		spec.countFirst = p.Expect == 0 || p.Expect >= pageBatch
	}
	return walk(ctx, c, spec)
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

// FunnelStepDetails is the step part of an update-funnel-and-page body. Pointers and
// omitempty keep unset fields out of the body; Split and ControlTraffic are pointers
// because false and 0 are meaningful values to send.
type FunnelStepDetails struct {
	StepID           string          `json:"stepId,omitempty"`
	Name             string          `json:"name,omitempty"`
	Pages            []string        `json:"pages,omitzero"` // nil leaves it out; ArchivePage sends [] when no page is left
	Sequence         int             `json:"sequence,omitempty"`
	URL              string          `json:"url,omitempty"`
	Type             string          `json:"type,omitempty"`
	Products         []string        `json:"products,omitempty"`
	OriginID         string          `json:"originId,omitempty"`
	Split            *bool           `json:"split,omitempty"`
	ControlTraffic   *float64        `json:"control_traffic,omitempty"`
	RouteAllRequests *bool           `json:"route_all_requests,omitempty"`
	AdditionalRoutes []string        `json:"additional_routes,omitempty"`
	SplitStartedAt   json.RawMessage `json:"split_started_at,omitempty"`
	SplitEndedAt     json.RawMessage `json:"split_ended_at,omitempty"`
	DomainName       string          `json:"domainName,omitempty"`
}

// UpdateFunnelAndPageRequest is the body of POST /funnels/funnel/update-funnel-and-page.
type UpdateFunnelAndPageRequest struct {
	FunnelID             string             `json:"funnelId,omitempty"`
	LocationID           string             `json:"locationId,omitempty"`
	StepID               string             `json:"stepId,omitempty"`
	ArchivePageID        string             `json:"archivePageId,omitempty"`
	RestoreArchivePageID string             `json:"restoreArchivePageId,omitempty"`
	RestorePageID        string             `json:"restorePageId,omitempty"`
	FunnelStepDetails    *FunnelStepDetails `json:"funnelStepDetails,omitempty"`
}

// UpdateFunnelAndPage archives or restores a page, or ends a split test.
func (c *Client) UpdateFunnelAndPage(ctx context.Context, b UpdateFunnelAndPageRequest) (*Result, *Response, error) {
	if b.LocationID == "" {
		b.LocationID = c.location
	}
	cl, err := jsonCall(http.MethodPost, "/funnels/funnel/update-funnel-and-page", b)
	if err != nil {
		return nil, nil, err
	}
	return c.doResult(ctx, cl)
}

// ArchivePage archives pageID of step, leaving the step with the pages in remaining.
func (c *Client) ArchivePage(ctx context.Context, funnelID string, step Step, pageID string) (*Result, *Response, error) {
	left := make([]string, 0, len(step.Pages))
	for _, p := range step.Pages {
		if p != pageID {
			left = append(left, p)
		}
	}
	return c.UpdateFunnelAndPage(ctx, UpdateFunnelAndPageRequest{
		FunnelID: funnelID, StepID: step.ID, ArchivePageID: pageID,
		FunnelStepDetails: &FunnelStepDetails{StepID: step.ID, Pages: left},
	})
}

// RestorePage brings an archived page back into its step.
func (c *Client) RestorePage(ctx context.Context, funnelID, stepID, pageID string) (*Result, *Response, error) {
	return c.UpdateFunnelAndPage(ctx, UpdateFunnelAndPageRequest{FunnelID: funnelID, StepID: stepID, RestoreArchivePageID: pageID})
}

// EndSplitTest keeps winner as the step's only page and archives the other one.
func (c *Client) EndSplitTest(ctx context.Context, funnelID string, step Step, winner string) (*Result, *Response, error) {
	loser := ""
	for _, p := range step.Pages {
		if p != winner {
			loser = p
		}
	}
	if loser == "" || len(step.Pages) < 2 {
		return nil, nil, errors.New("end split test: the step has no second page to archive")
	}
	off, full := false, 100.0
	return c.UpdateFunnelAndPage(ctx, UpdateFunnelAndPageRequest{
		FunnelID: funnelID, StepID: step.ID, ArchivePageID: loser,
		FunnelStepDetails: &FunnelStepDetails{StepID: step.ID, Pages: []string{winner}, Split: &off, ControlTraffic: &full},
	})
}
