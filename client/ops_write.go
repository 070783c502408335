package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"

	"github.com/google/uuid"
)

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

// NewStep is the step object of create-step.
type NewStep struct {
	ID       string   `json:"id"` // a uuid v4; CreateStep makes one when empty
	Name     string   `json:"name"`
	URL      string   `json:"url"`
	Type     string   `json:"type"`
	Pages    []string `json:"pages"`
	Sequence int      `json:"sequence"`
}

// CreateStepRequest is the body of POST /funnels/funnel/create-step.
type CreateStepRequest struct {
	Step           NewStep `json:"step"`
	FunnelID       string  `json:"funnelId"`
	DomainName     string  `json:"domainName,omitempty"`
	SplitStartedAt string  `json:"split_started_at,omitempty"`
	SplitEndedAt   string  `json:"split_ended_at,omitempty"`
}

// CreateStep adds a step to a funnel. The service creates the step's first page and
// its answer is not reliable, so callers re-read the funnel afterwards. The id used
// is returned in the Result.
func (c *Client) CreateStep(ctx context.Context, b CreateStepRequest) (*Result, *Response, error) {
	if b.Step.ID == "" {
		b.Step.ID = uuid.NewString()
	}
	if b.Step.Pages == nil {
		b.Step.Pages = []string{}
	}
	cl, err := jsonCall(http.MethodPost, "/funnels/funnel/create-step", b)
	if err != nil {
		return nil, nil, err
	}
	r, resp, err := c.doResult(ctx, cl)
	if r != nil && r.ID == "" {
		r.ID = b.Step.ID
	}
	return r, resp, err
}

// CreateFolderRequest is the body of POST /funnels/funnel/folder/create. It has no parent
// field: new folders appear at the top level.
type CreateFolderRequest struct {
	LocationID string `json:"locationId"`
	Type       string `json:"type"` // "funnel" or "website"
	Name       string `json:"name"`
	UserID     string `json:"userId,omitempty"`
}

// CreateFolder makes a folder and returns it as the service answered.
func (c *Client) CreateFolder(ctx context.Context, b CreateFolderRequest) (*Folder, *Response, error) {
	if b.LocationID == "" {
		b.LocationID = c.location
	}
	cl, err := jsonCall(http.MethodPost, "/funnels/funnel/folder/create", b)
	if err != nil {
		return nil, nil, err
	}
	body, resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, resp, err
	}
	f := &Folder{Name: b.Name, Type: b.Type}
	if raw, _, err := unwrapRecord(body, "folder"); err == nil {
		var got Folder
		if got.UnmarshalJSON(raw) == nil && got.ID != "" {
			f = &got
		}
	}
	return f, resp, nil
}

// AttachDomainRequest is the body of POST /funnels/domain/attach-domain.
type AttachDomainRequest struct {
	LocationID string `json:"locationId"`
	Domain     string `json:"domain"` // a host name
}

// AttachDomain attaches a host name to the location.
func (c *Client) AttachDomain(ctx context.Context, b AttachDomainRequest) (*Domain, *Response, error) {
	if b.LocationID == "" {
		b.LocationID = c.location
	}
	cl, err := jsonCall(http.MethodPost, "/funnels/domain/attach-domain", b)
	if err != nil {
		return nil, nil, err
	}
	body, resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, resp, err
	}
	d := &Domain{URL: b.Domain, LocationID: b.LocationID}
	if raw, _, err := unwrapRecord(body, "domain"); err == nil {
		var got Domain
		if got.UnmarshalJSON(raw) == nil && got.URL != "" {
			d = &got
		}
	}
	return d, resp, nil
}

// LookupMultiple posts a lookup/multiple body (a JSON object whose fields the spec
// leaves open) and returns the rows of the answer.
func (c *Client) LookupMultiple(ctx context.Context, body json.RawMessage) ([]LookupRow, *Result, *Response, error) {
	if _, err := objectFields(body); err != nil {
		return nil, nil, nil, errors.New("lookup/multiple: the body must be a JSON object")
	}
	out, resp, err := c.do(ctx, call{method: http.MethodPost, path: "/funnels/lookup/multiple", body: body})
	if err != nil {
		return nil, nil, resp, err
	}
	env, _ := unwrapList(out, "lookups", "rows")
	r := decodeResult(out)
	return decodeEach[LookupRow](env.items), &r, resp, nil
}

// AttachSocialAccount attaches an OAuth account of a social platform
// (POST /social-media-posting/oauth/{locationId}/{platform}/accounts/{accountId}).
func (c *Client) AttachSocialAccount(ctx context.Context, locationID, platform, accountID string, body json.RawMessage) (*Result, *Response, error) {
	if locationID == "" {
		locationID = c.location
	}
	if len(body) == 0 {
		body = json.RawMessage("{}")
	}
	if _, err := objectFields(body); err != nil {
		return nil, nil, errors.New("social account: the body must be a JSON object")
	}
	path := "/social-media-posting/oauth/" + url.PathEscape(locationID) + "/" + url.PathEscape(platform) +
		"/accounts/" + url.PathEscape(accountID)
	return c.doResult(ctx, call{method: http.MethodPost, path: path, body: body})
}
