package client

import (
	"net/url"
	"slices"
)

// RequestCheck refuses a request before anything is sent: its method, its escaped
// path, its query and its JSON body (nil: none). Nil lets it go.
type RequestCheck func(method, path string, query url.Values, body []byte) error

// Share is a client that sends through c's pacer, token and access record — one
// rate-limit budget, one lane for a person's requests before background work — with
// its own subscribers and request numbers, read-only when readOnly or when c is, and
// checks that each request it sends must pass first. The team server hands each
// session one per sub-account, so every session is paced together and each hears
// only its own requests.
func (c *Client) Share(readOnly bool, checks ...RequestCheck) *Client {
	return &Client{
		checks:    append(slices.Clip(c.checks), checks...),
		base:      c.base,
		location:  c.location,
		ts:        c.ts,
		http:      c.http,
		userAgent: c.userAgent,
		version:   c.version,
		pacer:     c.pacer,
		bus:       &eventBus{},
		retries:   c.retries,
		retryBase: c.retryBase,
		maxWait:   c.maxWait,
		timeout:   c.timeout,
		now:       c.now,
		access:    c.access,

		maxListItems:    c.maxListItems,
		maxListRequests: c.maxListRequests,
		readOnly:        c.readOnly || readOnly,
	}
}
