package client

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/oauth2"
)

// DefaultBaseURL is the public API of the service.
const DefaultBaseURL = "https://services.leadconnectorhq.com"

// Options configure a Client. Only BaseURL is required; zero values take the defaults
// given beside each field.
type Options struct {
	BaseURL    string
	LocationID string // filled into requests that name a location when they leave it empty
	// TokenSource gives the bearer token. When it also has Invalidate(accessToken
	// string), a 401 makes the client invalidate the refused token and retry once with
	// a fresh one. Nil sends no token (only the conversion works then).
	TokenSource oauth2.TokenSource
	HTTPClient  *http.Client // its Transport is used; nil → http.DefaultTransport
	UserAgent   string       // "" → "funnels-client"
	// APIVersion is the Version header every request carries: 2021-07-28, 2021-04-15,
	// 2023-02-21 or v3; "" → DefaultAPIVersion. New refuses any other value.
	APIVersion string

	Limit  int           // requests per window for the account; 0 → 100
	Window time.Duration // 0 → 10 s

	MaxRetries int           // retries of one request; 0 → 5, negative → none
	RetryBase  time.Duration // first backoff step; 0 → 500 ms
	// MaxRetryWait is the longest 429 wait sat through; a server asking for longer
	// ends the request with a *RateLimitError. 0 → the rate-limit window plus a minute.
	MaxRetryWait time.Duration
	Timeout      time.Duration // per attempt; 0 → 30 s

	// Bounds on one walk over a list's pages (ListAllFunnels, ListAllPages): past
	// them the walk stops with a *ListStoppedError. 0 → 200,000 items, 10,000 requests.
	MaxListItems    int
	MaxListRequests int

	// ReadOnly refuses every request that writes (see Writes) with a
	// *ReadOnlyError before anything is sent.
	ReadOnly bool

	Now func() time.Time // nil → time.Now

	// AccessStore keeps the access record (which route families this sign-in may
	// use) between sessions; nil keeps it for the session only.
	AccessStore AccessStore
}

// Client calls the funnels API. It is safe for concurrent use.
type Client struct {
	base      *url.URL
	location  string
	ts        oauth2.TokenSource
	http      *http.Client
	userAgent string
	version   string
	pacer     *pacer
	bus       *eventBus
	retries   int
	retryBase time.Duration
	maxWait   time.Duration
	timeout   time.Duration
	now       func() time.Time

	maxListItems, maxListRequests int
	readOnly                      bool
	checks                        []RequestCheck // each request passes them before it is sent (Share)
	seq                           atomic.Uint64
	access                        *accessBook
	vouched                       vouched // the token a route last answered, as a hash (route_refused.go)
}

// invalidator is what a token source implements to learn that the server refused a token.
type invalidator interface{ Invalidate(accessToken string) }

// New builds a client.
func New(opts Options) (*Client, error) {
	raw := strings.TrimRight(strings.TrimSpace(opts.BaseURL), "/")
	if raw == "" {
		return nil, errors.New("client: base URL is empty")
	}
	base, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("client: base URL: %w", err)
	}
	if base.Scheme != "http" && base.Scheme != "https" || base.Host == "" {
		return nil, fmt.Errorf("client: base URL %q needs http(s)://host", raw)
	}
	version := opts.APIVersion
	if version == "" {
		version = DefaultAPIVersion
	}
	if err := CheckAPIVersion(version); err != nil {
		return nil, fmt.Errorf("client: %w", err)
	}
	c := &Client{
		base:      base,
		location:  opts.LocationID,
		ts:        opts.TokenSource,
		userAgent: opts.UserAgent,
		version:   version,
		bus:       &eventBus{},
		retries:   opts.MaxRetries,
		retryBase: opts.RetryBase,
		maxWait:   opts.MaxRetryWait,
		timeout:   opts.Timeout,
		now:       opts.Now,
		access:    newAccessBook(opts.AccessStore),

		maxListItems:    opts.MaxListItems,
		maxListRequests: opts.MaxListRequests,
		readOnly:        opts.ReadOnly,
	}
	if c.maxListItems <= 0 {
		c.maxListItems = defaultMaxListItems
	}
	if c.maxListRequests <= 0 {
		c.maxListRequests = defaultMaxListRequests
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.userAgent == "" {
		c.userAgent = "funnels-client"
	}
	switch {
	case c.retries == 0:
		c.retries = 5
	case c.retries < 0:
		c.retries = 0
	}
	if c.retryBase <= 0 {
		c.retryBase = 500 * time.Millisecond
	}
	if c.maxWait < 0 {
		c.maxWait = 0
	}
	if c.timeout <= 0 {
		c.timeout = 30 * time.Second
	}
	transport := http.DefaultTransport
	if opts.HTTPClient != nil && opts.HTTPClient.Transport != nil {
		transport = opts.HTTPClient.Transport
	}
	// Redirects are not followed: the API never redirects, and following one could
	// carry the token to another host.
	c.http = &http.Client{Transport: transport, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
	limit, window := opts.Limit, opts.Window
	if limit <= 0 {
		limit = 100
	}
	if window <= 0 {
		window = 10 * time.Second
	}
	c.pacer = newPacer(limit, window, c.now)
	return c, nil
}

// BaseURL is the API's base address.
func (c *Client) BaseURL() string { return c.base.String() }

// APIVersion is the Version header every request carries.
func (c *Client) APIVersion() string { return c.version }

// LocationID is the default location of requests.
func (c *Client) LocationID() string { return c.location }

// Response describes the HTTP answer behind a result.
type Response struct {
	StatusCode int
	Header     http.Header
	Rate       RateLimit // the limits this answer reported (Known() false if none)
	TraceID    string
	Attempts   int
	Latency    time.Duration // from the first send to the last answer, waits included
}
