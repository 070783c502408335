package client

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	"golang.org/x/oauth2"
)

// maxNetworkRetries and maxServerRetries bound the retries of a GET that got no answer
// or a 5xx: a server in trouble is seldom back within seconds, and a person waiting at
// the status bar should learn of it in a few. A 429 gets the full MaxRetries: its
// wait is known and the request will pass.
const (
	maxNetworkRetries = 3
	maxServerRetries  = 3
)

// call is one operation's request, before it is sent.
type call struct {
	method string
	path   string     // escaped path below the base URL, starting with "/"
	query  url.Values // nil for none
	body   []byte     // JSON; nil sends no body
	noAuth bool       // the conversion carries no token
	// settles marks a caller that settles an unsettled 404 itself (the probe): do
	// asks the server nothing more about it.
	settles bool
	// stream, when set, reads a 2xx answer's body as it arrives (a list: see
	// decode_stream.go) instead of it being read whole, and returns the answer's
	// traceId when it held one. It is called afresh on every attempt.
	stream func(*boundedReader) (trace string, err error)
}

// unreadableAnswer is an answer that came but could not be read: over a bound, or
// not the JSON it should be. It is not retried: the same answer would come again.
type unreadableAnswer struct {
	err  error
	head []byte // the first bytes of the body
}

func (u *unreadableAnswer) Error() string { return u.err.Error() }

// jsonCall builds a call whose body is v marshalled as JSON.
func jsonCall(method, path string, v any) (call, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return call{}, fmt.Errorf("encode %s body: %w", path, err)
	}
	return call{method: method, path: path, body: b}, nil
}

// do sends cl, pacing, retrying and reporting as the package doc says, and returns
// the body of a 2xx answer.
func (c *Client) do(ctx context.Context, cl call) ([]byte, *Response, error) {
	if c.readOnly && Writes(cl.method, cl.path) {
		return nil, nil, &ReadOnlyError{Method: cl.method, Path: cl.path}
	}
	for _, check := range c.checks {
		if err := check(cl.method, cl.path, cl.query, cl.body); err != nil {
			return nil, nil, err
		}
	}
	u := *c.base
	// cl.path is already escaped (ids go through url.PathEscape); keep it as sent.
	escaped := strings.TrimRight(u.EscapedPath(), "/") + cl.path
	unescaped, err := url.PathUnescape(escaped)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: bad path: %w", cl.method, cl.path, err)
	}
	u.Path, u.RawPath = unescaped, escaped
	if len(cl.query) > 0 {
		u.RawQuery = cl.query.Encode()
	}
	display := cl.path
	if u.RawQuery != "" {
		display += "?" + u.RawQuery
	}
	write := Writes(cl.method, cl.path)
	rec := RequestRecord{
		ID: c.seq.Add(1), Method: cl.method, URL: u.String(), Path: display, Version: c.version,
		Body: cl.body, Authorized: !cl.noAuth && c.ts != nil, Started: c.now(), Background: IsBackground(ctx),
		Prior: priorOf(ctx, write),
	}
	c.bus.started(rec.ID, rec.Method, rec.Path, rec.Background, rec.Prior, rec.Body)
	body, resp, err := c.attempts(ctx, cl, u.String(), &rec)
	if api := (*APIError)(nil); errors.As(err, &api) && api.unsettled && !cl.settles {
		c.settle404(ctx, cl, api)
	} else if errors.As(err, &api) {
		c.settleRefusal(ctx, cl, api)
	}
	rec.Answer = recordedAnswer(body, write)
	rec.Latency = c.now().Sub(rec.Started)
	if err != nil {
		rec.Err = err.Error()
		rec.Canceled = ctx.Err() != nil // the caller's context, not one attempt's timeout
	}
	status := 0
	if resp != nil {
		resp.Latency = rec.Latency
		status = resp.StatusCode
	}
	c.learnAccess(cl, status, err)
	c.bus.finished(rec)
	return body, resp, err
}

func (c *Client) attempts(ctx context.Context, cl call, target string, rec *RequestRecord) ([]byte, *Response, error) {
	idempotent := cl.method == http.MethodGet || cl.method == http.MethodHead
	retried401 := false
	for attempt := 1; ; attempt++ {
		rec.Attempts = attempt
		if err := c.pacer.wait(ctx); err != nil {
			return nil, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, err)
		}
		seq := c.pacer.sending()
		var token *oauth2.Token
		if rec.Authorized {
			t, err := c.ts.Token()
			if err != nil {
				c.pacer.answered() // never sent
				return nil, nil, &AuthError{Err: err}
			}
			token = t
		}
		status, header, body, streamTrace, err := c.send(ctx, cl, target, token)
		c.pacer.answered()
		var unreadable *unreadableAnswer
		if errors.As(err, &unreadable) {
			err = nil
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, ctx.Err())
			}
			netErr := &NetworkError{Method: cl.method, Path: cl.path, Err: err}
			// A server that does not answer at all is rarely back within seconds: fewer
			// tries than for a 429, so a dead server is reported in a few seconds. A
			// certificate this machine does not trust is the same on every try.
			if idempotent && attempt <= min(c.retries, maxNetworkRetries) && !errors.Is(netErr, ErrUntrustedCertificate) {
				if werr := c.backoff(ctx, cl, attempt, 0, describeNetErr(err)); werr != nil {
					return nil, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, werr)
				}
				continue
			}
			return nil, nil, netErr
		}
		resp := &Response{StatusCode: status, Header: header, Attempts: attempt, TraceID: cmp.Or(streamTrace, traceID(header, body))}
		rec.Status, rec.TraceID = status, resp.TraceID
		if rl, ok := ParseRateLimit(header, c.now()); ok {
			resp.Rate = rl
			rec.Rate = rl
			// Unauthenticated calls are counted in another bucket than the account's:
			// their figures would mislead the pacer and the status bar.
			if rec.Authorized {
				c.pacer.observe(rl, seq)
				c.bus.setRate(rl)
			}
		}
		if unreadable != nil {
			// Over a bound or not JSON: the same answer would come again, so it is not
			// retried like a connection that dropped.
			return nil, resp, unreadableErr(cl, resp, unreadable, c.maxListItems)
		}
		if status >= 200 && status < 300 {
			if token != nil {
				c.vouchFor(cl, token.AccessToken)
			}
			return body, resp, nil
		}
		apiErr := newAPIError(cl, status, header, redactToken(body, token), c.now())
		if status == http.StatusNotFound {
			shape := shapeOf(cl.method, target, header, redactToken(body, token))
			apiErr.shape = &shape
		}
		apiErr.noteVersion(c.version, redactToken(body, token))
		if apiErr.WrongLocation {
			apiErr.Location = c.requestLocation(cl)
		}
		switch {
		case status == http.StatusUnauthorized && token != nil && !retried401 && apiErr.Refusal == NotRefused:
			// A refusal of the route or of a scope is not an expired token: refreshing
			// would spend a refresh token for the same answer.
			inv, ok := c.ts.(invalidator)
			if !ok {
				return nil, resp, apiErr
			}
			inv.Invalidate(token.AccessToken)
			fresh, err := c.ts.Token()
			if err != nil {
				return nil, resp, &AuthError{Err: err}
			}
			if fresh.AccessToken == token.AccessToken {
				return nil, resp, apiErr
			}
			retried401 = true
			attempt-- // a refresh is not a retry of the request
		case status == http.StatusTooManyRequests && resp.Rate.DailySpent():
			// No retry passes before the day's count starts again: say when that is.
			return nil, resp, dailyLimitError(apiErr, resp.Rate.DailyReset, c.now())
		case status == http.StatusTooManyRequests:
			// A 429 was not processed, so any method may go again.
			wait, until, asked := rateWait(c.now(), apiErr.RetryAfter, resp.Rate.Reset, resetMargin, rand.Int64N)
			if attempt > c.retries || asked && wait > c.longestWait() {
				rl := &RateLimitError{APIError: apiErr, at: c.now()}
				switch {
				case asked && wait >= maxHeaderWait:
					// The wait read from the headers was cut to a year: its date is ours, not the server's.
					rl.Beyond = true
				case asked:
					rl.Until = until
				}
				return nil, resp, rl
			}
			if !asked {
				wait = c.backoffDelay(attempt)
			}
			c.pacer.holdFor(wait)
			c.bus.publish(RetryEvent{Method: cl.method, Path: cl.path, Attempt: attempt, Wait: wait, StatusCode: status, Cause: "rate limited",
				Background: rec.Background})
		case status >= 500 && idempotent && attempt <= min(c.retries, maxServerRetries):
			if err := c.backoff(ctx, cl, attempt, status, "server error"); err != nil {
				return nil, resp, fmt.Errorf("%s %s: %w", cl.method, cl.path, err)
			}
		default:
			return nil, resp, apiErr
		}
	}
}

// dailyLimitError is the error of a 429 that said the day's requests are used up,
// until reset (zero: not said; a reset already past is now).
func dailyLimitError(apiErr *APIError, reset, now time.Time) *RateLimitError {
	rl := &RateLimitError{APIError: apiErr, Daily: true, at: now}
	switch {
	case reset.IsZero():
	case reset.Sub(now) >= maxHeaderWait:
		rl.Beyond = true
	default:
		rl.Until = reset
		if reset.Before(now) {
			rl.Until = now
		}
	}
	return rl
}

// send makes one attempt. A body cut short is an error like a dropped connection.
func (c *Client) send(ctx context.Context, cl call, target string, token *oauth2.Token) (status int, header http.Header, body []byte, streamTrace string, err error) {
	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var rdr io.Reader
	if cl.body != nil {
		rdr = bytes.NewReader(cl.body)
	}
	req, err := http.NewRequestWithContext(actx, cl.method, target, rdr)
	if err != nil {
		return 0, nil, nil, "", fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Version", c.version)
	req.Header.Set("User-Agent", c.userAgent)
	req.Header.Set("Accept", "application/json")
	if cl.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != nil {
		req.Header.Set("Authorization", "Bearer "+token.AccessToken)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, nil, "", stripURLError(err)
	}
	defer res.Body.Close()
	br := newBoundedReader(res.Body)
	if cl.stream != nil && res.StatusCode >= 200 && res.StatusCode < 300 {
		trace, err := cl.stream(br)
		switch {
		case br.readErr != nil:
			return 0, nil, nil, "", fmt.Errorf("reading the %d answer: %w", res.StatusCode, br.readErr)
		case err != nil:
			return res.StatusCode, res.Header, nil, "", &unreadableAnswer{err: err, head: br.head}
		}
		return res.StatusCode, res.Header, nil, trace, nil
	}
	// Any other answer is one record (or an error): bounded as one.
	body, err = io.ReadAll(br)
	switch {
	case br.readErr != nil:
		return 0, nil, nil, "", fmt.Errorf("reading the %d answer: %w", res.StatusCode, br.readErr)
	case err != nil:
		return res.StatusCode, res.Header, nil, "", &unreadableAnswer{err: err, head: br.head}
	}
	return res.StatusCode, res.Header, body, "", nil
}

// stripURLError drops the *url.Error wrapper, whose text repeats the whole URL.
func stripURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// describeNetErr names a failure to get an answer the way a person would say it.
func describeNetErr(err error) string {
	var dnsErr *net.DNSError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "connection dropped"
	case errors.As(err, &dnsErr):
		return "host not found"
	}
	return "network error"
}

// backoff waits before retry attempt+1 and tells subscribers why.
func (c *Client) backoff(ctx context.Context, cl call, attempt, status int, cause string) error {
	wait := c.backoffDelay(attempt)
	c.bus.publish(RetryEvent{Method: cl.method, Path: cl.path, Attempt: attempt, Wait: wait, StatusCode: status, Cause: cause,
		Background: IsBackground(ctx)})
	return sleepCtx(ctx, wait)
}

// backoffDelay is exponential with equal jitter: half the step fixed, half random.
func (c *Client) backoffDelay(attempt int) time.Duration {
	const ceiling = 20 * time.Second
	d := min(c.retryBase, ceiling) << min(max(attempt-1, 0), 10) // no overflow: 20 s · 1024
	d = min(d, ceiling)
	half := d / 2
	return half + time.Duration(rand.Int64N(int64(half)+1))
}

// newAPIError reads an error answer: {statusCode, message (string or array), error,
// traceId}, or any other body, which is quoted, never decoded.
func newAPIError(cl call, status int, header http.Header, body []byte, now time.Time) *APIError {
	e := &APIError{Method: cl.method, Path: cl.path, StatusCode: status, TraceID: traceID(header, body)}
	if d, ok := parseRetryAfter(header.Get("Retry-After"), now); ok {
		e.RetryAfter = d
	}
	if o, err := objectFields(bytes.TrimSpace(body)); err != nil {
		if len(bytes.TrimSpace(body)) > 0 {
			e.Snippet = quoteSnippet(bytes.TrimSpace(body))
		}
	} else {
		e.Messages = o.strs("message", "messages", "errordescription", "detail")
		e.Reason = o.str("error")
		if raw, ok := o.get("error"); ok {
			if env, err := objectFields(raw); err == nil {
				// The v3 envelope: {"error": {code, message, details, resolution}}.
				e.Code, e.Resolution = env.str("code"), env.str("resolution")
				if len(e.Messages) == 0 {
					e.Messages = env.strs("message", "messages")
				}
			}
		}
		if len(e.Messages) == 0 && e.Reason != "" {
			e.Messages, e.Reason = []string{e.Reason}, ""
		}
	}
	e.Refusal = refusalOf(status, e.Messages)
	if e.Refusal == NotRefused {
		read404(e)
	}
	if e.Refusal != NotRefused {
		if rf, ok := familyOf(cl.method, cl.path); ok {
			e.Family, e.Scope = rf.Family, rf.Scope
		}
	}
	e.WrongLocation = e.Refusal == NotRefused && isWrongLocation(status, e.Messages)
	return e
}

// requestLocation is the location a request named: its locationId parameter, its
// body's, or the client's own.
func (c *Client) requestLocation(cl call) string {
	if loc := cl.query.Get("locationId"); loc != "" {
		return loc
	}
	if o, err := objectFields(cl.body); err == nil {
		if loc := o.str("locationid"); loc != "" {
			return loc
		}
	}
	return c.location
}

// redactToken blanks the access token sent wherever an error answer quotes it back (a
// gateway that echoes the Authorization header into its message): what the server
// said goes on to status bars and logs, the token must not.
func redactToken(body []byte, token *oauth2.Token) []byte {
	if token == nil || token.AccessToken == "" || !bytes.Contains(body, []byte(token.AccessToken)) {
		return body
	}
	return bytes.ReplaceAll(body, []byte(token.AccessToken), []byte("[redacted]"))
}

// traceID takes the trace id from the body or, failing that, a header.
func traceID(h http.Header, body []byte) string {
	// The service puts traceId last in the wrapper: find it from the end instead of
	// decoding a whole (possibly large) list a second time on every request.
	t := bytes.TrimSpace(body)
	if len(t) > 0 && t[0] == '{' {
		const k = `"traceId"`
		if i := bytes.LastIndex(t, []byte(k)); i >= 0 {
			rest := bytes.TrimLeft(t[i+len(k):], " \t\r\n")
			if len(rest) > 0 && rest[0] == ':' {
				var id string
				if json.NewDecoder(bytes.NewReader(rest[1:])).Decode(&id) == nil && id != "" {
					return id
				}
			}
		}
	}
	for _, k := range []string{"X-Trace-Id", "Traceid", "X-Request-Id"} {
		if v := h.Get(k); v != "" {
			return v
		}
	}
	return ""
}

// unreadableErr is the error of an answer that could not be read: a *TooLargeError
// for one over a bound, else a *DecodeError quoting its first bytes.
func unreadableErr(cl call, resp *Response, u *unreadableAnswer, maxItems int) error {
	switch {
	case errors.Is(u.err, errOverList):
		return &TooLargeError{Method: cl.method, Path: cl.path, List: true, Limit: maxItems}
	case errors.Is(u.err, errOverRecord):
		return &TooLargeError{Method: cl.method, Path: cl.path, Limit: maxRecordBytes}
	}
	return decodeErr(cl.method, cl.path, resp, u.head, u.err)
}

// doList sends cl and reads its 2xx answer as a stream of records (decode_stream.go),
// handing each to keep as it is read, and finds the list in it under keys by the
// tolerance rules.
func (c *Client) doList(ctx context.Context, cl call, keep keepFunc, keys ...string) (listEnvelope, *Response, error) {
	var got *streamed
	cl.stream = func(br *boundedReader) (string, error) {
		v, err := readStream(br, c.maxListItems, keep)
		got = v
		return v.traceID(), err
	}
	_, resp, err := c.do(ctx, cl)
	if err != nil {
		return listEnvelope{}, resp, err
	}
	if got == nil {
		got = &streamed{}
	}
	env := got.envelope(keys...)
	if resp != nil && resp.TraceID == "" && env.wrapper != nil {
		resp.TraceID = env.wrapper.str("traceid")
	}
	return env, resp, nil
}
