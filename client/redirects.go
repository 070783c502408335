package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Redirect is a URL redirect of one of the location's domains: a visit to Domain +
// Path goes to Target. Action says what Target is: a funnel's step, a website's page,
// any other address (url), or every path of the domain (all).
type Redirect struct {
	ID            string          `json:"id"`
	LocationID    string          `json:"locationId,omitempty"`
	Domain        string          `json:"domain"`
	Path          string          `json:"path"`
	PathLowercase string          `json:"pathLowercase,omitempty"`
	Type          string          `json:"type,omitempty"` // "Permanent"
	Target        string          `json:"target"`
	Action        string          `json:"action"`
	Raw           json.RawMessage `json:"-"`
}

func (r *Redirect) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*r = Redirect{
		ID: o.str("id", "redirectid"), LocationID: o.str("locationid"),
		Domain: o.str("domain", "domainname", "host"), Path: o.str("path", "source"),
		PathLowercase: o.str("pathlowercase"), Type: o.str("type"),
		Target: o.str("target", "destination", "url"), Action: o.str("action"),
		Raw: append(json.RawMessage(nil), b...),
	}
	return nil
}

// OldURL is the address the redirect answers: https://domain/path, by PublicURL's
// rule ("/" when the path is empty).
func (r *Redirect) OldURL() string {
	return PublicURL(r.Domain, "/"+strings.TrimPrefix(r.Path, "/"))
}

// ListRedirectsParams ask for one page of GET /funnels/lookup/redirect/list. The
// service wants limit and offset on every call, so both are always sent.
type ListRedirectsParams struct {
	LocationID string // "" → the client's location
	Search     string // narrows by text of the domain, path or target
	Offset     int
	Limit      int // 0 → RedirectPageSize
}

// RedirectPageSize is the page size ListRedirects asks for when none is given.
const RedirectPageSize = 100

// RedirectList is one page of redirects and the count of every match.
type RedirectList struct {
	Redirects []Redirect `json:"redirects"`
	Count     int        `json:"count"`
	// CountKnown is false when the answer carried no count; Count is then the
	// length of this page.
	CountKnown bool `json:"-"`
}

const redirectListPath = "/funnels/lookup/redirect/list"

// ListRedirects returns one page of the location's redirects
// (GET /funnels/lookup/redirect/list), read from {"data": {"count", "data": [...]}}
// or any of the other list shapes.
func (c *Client) ListRedirects(ctx context.Context, p ListRedirectsParams) (*RedirectList, *Response, error) {
	if p.Limit <= 0 {
		p.Limit = RedirectPageSize
	}
	q := url.Values{}
	c.setLocation(q, p.LocationID)
	q.Set("limit", strconv.Itoa(p.Limit))
	q.Set("offset", strconv.Itoa(max(0, p.Offset)))
	setIf(q, "search", p.Search)
	env, resp, err := c.doList(ctx, call{method: http.MethodGet, path: redirectListPath, query: q}, nil, "redirects")
	if err != nil {
		return nil, resp, err
	}
	out := &RedirectList{Redirects: decodeEach[Redirect](env.items)}
	out.Count = len(out.Redirects)
	if n, ok := listCount(env.wrapper); ok {
		out.Count, out.CountKnown = n, true
	}
	return out, resp, nil
}

// listCount finds the total of a wrapped list: beside the list, or one level down
// where the list itself sits ({"data": {"count": 42, "data": [...]}}).
func listCount(w fields) (int, bool) {
	if w == nil {
		return 0, false
	}
	if _, ok := w.get("count", "total"); ok {
		return w.int("count", "total"), true
	}
	for _, k := range []string{"data", "results", "redirects"} {
		if raw, ok := w.get(k); ok {
			if inner, err := objectFields(raw); err == nil {
				if _, ok := inner.get("count", "total"); ok {
					return inner.int("count", "total"), true
				}
			}
		}
	}
	return 0, false
}

// ListAllRedirects reads every redirect of the location, page after page, by the
// list walk every ListAll shares (walk.go): advancing by what each page held until the
// count is reached (or, with no count, to a short page), and stopping early with a
// *ListStoppedError, returning what was read, on a page of redirects it had read
// before or at the bounds of Options.
func (c *Client) ListAllRedirects(ctx context.Context, p ListRedirectsParams) ([]Redirect, *Response, error) {
	if p.Limit <= 0 {
		p.Limit = RedirectPageSize
	}
	return walk(ctx, c, walkSpec[Redirect]{method: http.MethodGet, path: redirectListPath, pageSize: p.Limit,
		id: func(r *Redirect) string { return r.ID },
		fetch: func(ctx context.Context, offset int) (listPage[Redirect], *Response, error) {
			q := p
			q.Offset = offset
			page, resp, err := c.ListRedirects(ctx, q)
			if err != nil {
				return listPage[Redirect]{}, resp, err
			}
			return listPage[Redirect]{items: page.Redirects, count: page.Count, countKnown: page.CountKnown}, resp, nil
		}})
}

// CreateRedirectRequest is the body of POST /funnels/lookup/redirect.
type CreateRedirectRequest struct {
	LocationID string `json:"locationId"`
	Domain     string `json:"domain"` // a host name of the location
	Path       string `json:"path"`   // "/old-offer"
	Target     string `json:"target"` // where the path goes
	Action     string `json:"action"` // funnel, website, url or all
}

const redirectPath = "/funnels/lookup/redirect"

// CreateRedirect adds a redirect and returns it as the service answered it. An
// answer that is not readable still means the redirect was made: what was sent comes
// back then, without an id.
func (c *Client) CreateRedirect(ctx context.Context, b CreateRedirectRequest) (*Redirect, *Response, error) {
	if b.LocationID == "" {
		b.LocationID = c.location
	}
	cl, err := jsonCall(http.MethodPost, redirectPath, b)
	if err != nil {
		return nil, nil, err
	}
	body, resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, resp, err
	}
	r := decodeRedirect(body, Redirect{LocationID: b.LocationID, Domain: b.Domain, Path: b.Path, Target: b.Target, Action: b.Action})
	return r, resp, nil
}

// UpdateRedirectRequest is the body of PATCH /funnels/lookup/redirect/{id}: the domain
// and path of a redirect stay; where it goes may change.
type UpdateRedirectRequest struct {
	Target     string `json:"target"`
	Action     string `json:"action"`
	LocationID string `json:"locationId"`
}

// UpdateRedirect changes where the redirect id goes.
func (c *Client) UpdateRedirect(ctx context.Context, id string, b UpdateRedirectRequest) (*Redirect, *Response, error) {
	path, err := redirectIDPath(id)
	if err != nil {
		return nil, nil, err
	}
	if b.LocationID == "" {
		b.LocationID = c.location
	}
	cl, err := jsonCall(http.MethodPatch, path, b)
	if err != nil {
		return nil, nil, err
	}
	body, resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, resp, err
	}
	r := decodeRedirect(body, Redirect{ID: id, LocationID: b.LocationID, Target: b.Target, Action: b.Action})
	return r, resp, nil
}

// DeleteRedirect removes the redirect id (DELETE /funnels/lookup/redirect/{id}).
func (c *Client) DeleteRedirect(ctx context.Context, id string) (*Response, error) {
	path, err := redirectIDPath(id)
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	c.setLocation(q, "")
	_, resp, err := c.do(ctx, call{method: http.MethodDelete, path: path, query: q})
	return resp, err
}

func redirectIDPath(id string) (string, error) {
	if strings.TrimSpace(id) == "" {
		return "", errors.New("redirect: the id is empty")
	}
	return redirectPath + "/" + url.PathEscape(id), nil
}

// decodeRedirect reads the redirect of a write's answer ({"data": Redirect}, bare or
// under "redirect"); fields the answer leaves out are taken from sent.
func decodeRedirect(body []byte, sent Redirect) *Redirect {
	raw, _, err := unwrapRecord(body, "redirect")
	if err != nil {
		return &sent
	}
	var got Redirect
	if got.UnmarshalJSON(raw) != nil || got.ID == "" && got.Domain == "" && got.Target == "" {
		return &sent
	}
	fill := func(dst *string, src string) {
		if *dst == "" {
			*dst = src
		}
	}
	fill(&got.ID, sent.ID)
	fill(&got.LocationID, sent.LocationID)
	fill(&got.Domain, sent.Domain)
	fill(&got.Path, sent.Path)
	fill(&got.Target, sent.Target)
	fill(&got.Action, sent.Action)
	return &got
}

// RegexRedirect is a pattern-based redirect of a domain.
type RegexRedirect struct {
	ID     string          `json:"id"`
	Domain string          `json:"domain,omitempty"`
	Regex  string          `json:"regex"`
	Target string          `json:"target"`
	Type   int             `json:"type,omitempty"` // HTTP status of the redirect, 301 or 302
	Raw    json.RawMessage `json:"-"`
}

func (r *RegexRedirect) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*r = RegexRedirect{ID: o.str("id"), Domain: o.str("domain", "domainname"), Regex: o.str("regex", "pattern", "source"),
		Target: o.str("target", "destination", "to"), Type: o.int("type", "statuscode"), Raw: append(json.RawMessage(nil), b...)}
	return nil
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
