package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// Domain is a host name attached to the location.
type Domain struct {
	ID          string          `json:"id"`
	URL         string          `json:"url"` // a host name, not a URL, as the service names it
	DefaultPage string          `json:"defaultPage,omitempty"`
	LocationID  string          `json:"locationId,omitempty"`
	Deleted     bool            `json:"deleted,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

func (d *Domain) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*d = Domain{
		ID:          o.str("id", "domainid"),
		URL:         o.str("url", "domain", "name", "host"),
		DefaultPage: o.str("defaultpage"),
		LocationID:  o.str("locationid"),
		Deleted:     o.bool("deleted"),
		Raw:         append(json.RawMessage(nil), b...),
	}
	return nil
}

// Host is a domain as a bare host name, the one form in which domains are shown,
// compared and put into addresses: no surrounding spaces, no scheme, no trailing
// slashes, lower case (host names are case-insensitive, and the service stores them
// lower-cased).
func Host(domain string) string {
	d := strings.TrimSpace(domain)
	d = strings.TrimPrefix(strings.TrimPrefix(d, "https://"), "http://")
	return strings.ToLower(strings.TrimRight(d, "/"))
}

// PublicURL is where path is served on domain: https://, the domain as Host gives
// it, and the path with a leading slash; "" when there is no domain. A funnel's step
// is served at PublicURL(funnel.DomainName, step.URL); a redirect answers at its
// domain and path.
func PublicURL(domain, path string) string {
	d := Host(domain)
	if d == "" {
		return ""
	}
	if path != "" && !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return "https://" + d + path
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

// FunnelsWithDomain answers funnel-with-domain: the domain and the funnels using it.
type FunnelsWithDomain struct {
	Domain  *Domain  `json:"domain,omitempty"`
	Funnels []Funnel `json:"funnels"`
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
