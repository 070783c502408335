package client

import (
	"context"
	"net/http"
	"net/url"
)

// PathCheckParams ask whether a step path is free (GET /funnels/funnel/funnel-step-page-url).
type PathCheckParams struct {
	LocationID string
	FunnelID   string
	Name       string
	Path       string // "/offer"
	Domain     string
}

// CheckStepPath asks the service whether a path is free, and for its suggestion when not.
func (c *Client) CheckStepPath(ctx context.Context, p PathCheckParams) (*PathCheck, *Response, error) {
	q := url.Values{}
	c.setLocation(q, p.LocationID)
	setIf(q, "funnelId", p.FunnelID)
	setIf(q, "name", p.Name)
	q.Set("path", p.Path)
	q.Set("type", "page")
	setIf(q, "domain", p.Domain)
	const path = "/funnels/funnel/funnel-step-page-url"
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: path, query: q})
	if err != nil {
		return nil, resp, err
	}
	raw, _, err := unwrapRecord(body)
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	o, err := objectFields(raw)
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	return &PathCheck{Asked: p.Path, UniqueURL: o.str("uniqueurl", "url", "path"), OK: o.bool("ok"), TraceID: o.str("traceid")}, resp, nil
}

// FunnelWithDomain returns an attached domain and the funnels that use it
// (GET /funnels/lookup/funnel-with-domain).
func (c *Client) FunnelWithDomain(ctx context.Context, domain string) (*FunnelsWithDomain, *Response, error) {
	q := url.Values{}
	c.setLocation(q, "")
	q.Set("domain", domain)
	const path = "/funnels/lookup/funnel-with-domain"
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: path, query: q})
	if err != nil {
		return nil, resp, err
	}
	o, err := objectFields(body)
	if err != nil {
		// A bare list of funnels is an answer too.
		env, lerr := unwrapList(body)
		if lerr != nil {
			return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
		}
		return &FunnelsWithDomain{Funnels: decodeEach[Funnel](env.items)}, resp, nil
	}
	out := &FunnelsWithDomain{Funnels: []Funnel{}}
	if raw, ok := o.get("domain"); ok {
		var d Domain
		if d.UnmarshalJSON(raw) == nil {
			out.Domain = &d
		}
	}
	if raw, ok := o.get("funnels"); ok {
		if env, err := unwrapList(raw); err == nil {
			out.Funnels = decodeEach[Funnel](env.items)
		}
	} else if raw, ok := o.get("funnel"); ok {
		var f Funnel
		if f.UnmarshalJSON(raw) == nil {
			out.Funnels = append(out.Funnels, f)
		}
	} else if raw, ok := o.get("data"); ok {
		if env, err := unwrapList(raw, "funnels"); err == nil {
			out.Funnels = decodeEach[Funnel](env.items)
		}
	}
	return out, resp, nil
}

// RegexRedirects lists the location's pattern redirects, optionally of one domain
// (GET /funnels/lookup/redirect/regex).
func (c *Client) RegexRedirects(ctx context.Context, domain string) ([]RegexRedirect, *Response, error) {
	q := url.Values{}
	c.setLocation(q, "")
	setIf(q, "domain", domain)
	const path = "/funnels/lookup/redirect/regex"
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: path, query: q})
	if err != nil {
		return nil, resp, err
	}
	env, err := unwrapList(body, "redirects")
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	return decodeEach[RegexRedirect](env.items), resp, nil
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
