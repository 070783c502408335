package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
)

// Location is a sub-account as the locations API describes it (GET
// /locations/{locationId}, scope locations.readonly): what funnels needs of it is its
// name, which no route of the funnels API gives.
type Location struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	CompanyID string          `json:"companyId,omitempty"`
	Raw       json.RawMessage `json:"-"`
}

func (l *Location) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*l = Location{ID: o.str("id", "_id"), Name: o.str("name"), CompanyID: o.str("companyid"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// errNoLocation is an answer that holds no location.
var errNoLocation = errors.New("the answer holds no location")

// GetLocation reads the client's sub-account from the locations API. The route is no
// funnels route and many tokens may not read it (a private integration token made
// for funnels seldom holds locations.readonly; a server that has only the funnels
// routes answers 404): callers treat any error as "no name known", and the access
// record learns nothing from it.
func (c *Client) GetLocation(ctx context.Context) (*Location, *Response, error) {
	if c.location == "" {
		return nil, nil, errors.New("GET /locations: no location id")
	}
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: "/locations/" + url.PathEscape(c.location)})
	if err != nil {
		return nil, resp, err
	}
	o, err := objectFields(body)
	if err != nil {
		return nil, resp, errNoLocation
	}
	raw := json.RawMessage(body)
	if inner, ok := o.get("location"); ok { // the documented {"location": {…}}
		raw = inner
	}
	var l Location
	if err := json.Unmarshal(raw, &l); err != nil || l.ID == "" && l.Name == "" {
		return nil, resp, errNoLocation
	}
	if l.ID != "" && l.ID != c.location {
		return nil, resp, errors.New("GET /locations: the answer is about another location")
	}
	l.ID = c.location
	return &l, resp, nil
}
