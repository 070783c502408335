package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// A 404 is the router's — the route is not on this server — when it is the answer
// the same server gives for a route that no server has, with the request's own
// method and path in the places that answer had the canary's: the same content
// type and the same body once the paths and methods are taken out. That is what the
// server does, whatever words it uses. An answer that does not echo the path it was
// asked for (an empty body, a load balancer's page, a generic message) cannot be told
// from an item's this way; such a 404 is left to what else the server does
// (route_missing.go).

// canaryPath is a route no server has, asked once a client (and those it shares
// its access record with) to learn how the server answers a missing route. Its
// segments are ones no route's parameter takes.
const canaryPath = "/funnels/funnel/__no-such-route__/__funnels-cli__"

// Marks put where a request's path and method stood in its answer.
const (
	pathMark   = "\x00PATH\x00"
	methodMark = "\x00METHOD\x00"
)

// answerShape is a 404's answer with what the request put in it taken out.
type answerShape struct {
	mediaType string
	body      string
	echoes    bool // the body held the path asked: it says which route was missed
}

// shapeOf is the shape of an answer to method on target (the whole URL asked): its
// media type, and its body with the request's path (with its query, escaped or
// not) and the method before it marked; a JSON object's keys sorted and its trace
// id left out, which differs from one answer to the next.
func shapeOf(method, target string, header http.Header, body []byte) answerShape {
	s := answerShape{}
	if mt, _, err := mime.ParseMediaType(header.Get("Content-Type")); err == nil {
		s.mediaType = mt
	}
	text := string(bytes.TrimSpace(body))
	var obj map[string]any
	if json.Unmarshal([]byte(text), &obj) == nil && obj != nil {
		for k := range obj {
			if strings.EqualFold(k, "traceId") {
				delete(obj, k)
			}
		}
		if b, err := json.Marshal(obj); err == nil {
			text = string(b)
		}
	}
	if u, err := url.Parse(target); err == nil {
		for _, p := range []string{u.RequestURI(), u.EscapedPath(), u.Path} {
			if p != "" && p != "/" && strings.Contains(text, p) {
				text, s.echoes = strings.ReplaceAll(text, p, pathMark), true
			}
		}
	}
	s.body = strings.ReplaceAll(text, method+" "+pathMark, methodMark+" "+pathMark)
	return s
}

// missedRoute is how the server answers a route it does not have, asked at most
// once for the client's access record; the zero shape when it answered otherwise
// than with a 404. Without an answer (the server unreachable, ctx ended, a 5xx or
// 429 past its retries) it is asked again next time: a passing failure is no answer
// about its routes.
func (c *Client) missedRoute(ctx context.Context) answerShape {
	if s, known := c.access.missedRoute(); known {
		return s
	}
	_, _, err := c.do(ctx, call{method: http.MethodGet, path: canaryPath})
	var api *APIError
	switch {
	case errors.As(err, &api) && api.shape != nil:
		c.access.setMissedRoute(*api.shape)
		return *api.shape
	case err == nil || api != nil && api.StatusCode < 500 && api.StatusCode != http.StatusTooManyRequests:
		c.access.setMissedRoute(answerShape{})
	}
	return answerShape{}
}

// routersAnswer reports whether e is the server's answer to a route it does not
// have: the shape of its answer to the canary, which echoed the path asked.
func (c *Client) routersAnswer(ctx context.Context, e *APIError) bool {
	if e.shape == nil || !e.shape.echoes {
		return false
	}
	missed := c.missedRoute(ctx)
	return missed.echoes && *e.shape == missed
}
