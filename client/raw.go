package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// conversionPath is the one operation sent without a token.
const conversionPath = "/funnels/event/conversion"

// Raw sends any request to the API with the same headers, auth, pacing and retries as
// the typed methods, and returns the answer's body (for `funnels api`). path is
// relative to the base URL and may carry a query, which is merged with query. A body
// must be JSON.
func (c *Client) Raw(ctx context.Context, method, path string, query url.Values, body []byte) ([]byte, *Response, error) {
	method = strings.ToUpper(strings.TrimSpace(method))
	if method == "" {
		method = http.MethodGet
	}
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
		return nil, nil, fmt.Errorf("api: path %q must start with a single /", path)
	}
	u, err := url.Parse(path)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return nil, nil, fmt.Errorf("api: path %q is not a path", path)
	}
	q := u.Query()
	for k, vs := range query {
		for _, v := range vs {
			q.Add(k, v)
		}
	}
	if len(body) > 0 && !json.Valid(body) {
		return nil, nil, fmt.Errorf("api: the body is not valid JSON")
	}
	cl := call{method: method, path: u.EscapedPath(), query: q, noAuth: u.Path == conversionPath}
	if len(body) > 0 {
		cl.body = body
	}
	return c.do(ctx, cl)
}
