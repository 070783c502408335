package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
)

// LookupRow is one row of a lookup/multiple answer.
type LookupRow struct {
	LookupID      string          `json:"lookupId"`
	Target        string          `json:"target"`
	Action        string          `json:"action,omitempty"`
	PublishStatus string          `json:"publishStatus,omitempty"`
	Type          string          `json:"type,omitempty"`
	Raw           json.RawMessage `json:"-"`
}

func (l *LookupRow) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*l = LookupRow{LookupID: o.str("lookupid", "id"), Target: o.str("target"), Action: o.str("action"),
		PublishStatus: o.str("publishstatus", "status"), Type: o.str("type"), Raw: append(json.RawMessage(nil), b...)}
	return nil
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

// Product is a product of an order form.
type Product struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Price       float64         `json:"price"`
	Currency    string          `json:"currency,omitempty"`
	Type        string          `json:"type,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

func (p *Product) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*p = Product{ID: o.str("id", "productid"), Name: o.str("name", "title"), Description: o.str("description"),
		Price: o.float("price", "amount"), Currency: o.str("currency"), Type: o.str("type"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// OrderFormProducts returns the public products of order forms
// (GET /funnels/order-form/public/product); with productID, just that one.
func (c *Client) OrderFormProducts(ctx context.Context, productID string) ([]Product, *Response, error) {
	q := url.Values{}
	c.setLocation(q, "")
	setIf(q, "productId", productID)
	const path = "/funnels/order-form/public/product"
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: path, query: q})
	if err != nil {
		return nil, resp, err
	}
	if o, err := objectFields(body); err == nil {
		if raw, ok := o.get("product"); ok {
			var p Product
			if p.UnmarshalJSON(raw) == nil {
				return []Product{p}, resp, nil
			}
		}
		if _, ok := o.get("products", "data", "items", "results"); !ok && o.str("id", "name") != "" {
			var p Product
			if p.UnmarshalJSON(body) == nil {
				return []Product{p}, resp, nil
			}
		}
	}
	env, err := unwrapList(body, "products")
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	return decodeEach[Product](env.items), resp, nil
}

// GeoLocation is where the service places the caller.
type GeoLocation struct {
	Country     string          `json:"country"`
	CountryName string          `json:"countryName,omitempty"`
	Region      string          `json:"region,omitempty"`
	City        string          `json:"city,omitempty"`
	Timezone    string          `json:"timezone,omitempty"`
	IP          string          `json:"ip,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

func (g *GeoLocation) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*g = GeoLocation{Country: o.str("country", "countrycode"), CountryName: o.str("countryname"), Region: o.str("region", "state"),
		City: o.str("city"), Timezone: o.str("timezone", "tz"), IP: o.str("ip"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// GeoLocation returns where the service places the caller (GET /funnels/funnel/geo-location).
func (c *Client) GeoLocation(ctx context.Context) (*GeoLocation, *Response, error) {
	const path = "/funnels/funnel/geo-location"
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: path})
	if err != nil {
		return nil, resp, err
	}
	raw, _, err := unwrapRecord(body, "location", "geo")
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	var g GeoLocation
	if err := g.UnmarshalJSON(raw); err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	return &g, resp, nil
}

// Font is a custom font of the location.
type Font struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	FontFamily string          `json:"fontFamily,omitempty"`
	Format     string          `json:"format,omitempty"`
	URL        string          `json:"url,omitempty"`
	Raw        json.RawMessage `json:"-"`
}

func (f *Font) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*f = Font{ID: o.str("id"), Name: o.str("name"), FontFamily: o.str("fontfamily", "family"),
		Format: o.str("format"), URL: o.str("url", "src"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// CustomFonts returns the location's custom fonts (POST /funnels/custom-fonts, which
// the spec has carry only the Authorization header: no body, no Content-Type).
func (c *Client) CustomFonts(ctx context.Context) ([]Font, *Response, error) {
	const path = "/funnels/custom-fonts"
	body, resp, err := c.do(ctx, call{method: http.MethodPost, path: path})
	if err != nil {
		return nil, resp, err
	}
	env, err := unwrapList(body, "fonts", "customFonts")
	if err != nil {
		return nil, resp, decodeErr(http.MethodPost, path, resp, body, err)
	}
	return decodeEach[Font](env.items), resp, nil
}
