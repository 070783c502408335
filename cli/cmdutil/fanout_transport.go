package cmdutil

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// countingTransport counts the requests of a whole run across its sub-accounts, for
// its progress line.
type countingTransport struct {
	next http.RoundTripper
	n    *atomic.Int64
}

func (t countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.n.Add(1)
	return t.next.RoundTrip(r)
}

// Token calls of a set share one pace: the service counts an agency's minting and
// listing against the agency's own bucket (100 requests in 10 seconds), not the
// sub-accounts', so a hundred sub-accounts minted at once would fill it. Nine a
// second keeps any ten seconds under a hundred.
const (
	tokenCallsPerSecond = 9
	tokenCallRetries    = 5
	longestTokenWait    = 30 * time.Second
)

// pacedTransport sends the token calls of a set (mint, refresh, the agency's list) at
// the agency's pace, and sits out a 429 the service still answers (its Retry-After,
// at most longestTokenWait) before sending again, so a full bucket is waited for
// rather than counted as a failed sub-account.
type pacedTransport struct {
	next    http.RoundTripper
	limiter *rate.Limiter
}

func newPacedTransport(next http.RoundTripper) *pacedTransport {
	return &pacedTransport{next: next, limiter: rate.NewLimiter(tokenCallsPerSecond, tokenCallsPerSecond)}
}

func (t *pacedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		if err := t.limiter.Wait(r.Context()); err != nil {
			return nil, fmt.Errorf("waiting for the agency's rate limit: %w", err)
		}
		resp, err := t.next.RoundTrip(r)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests || attempt == tokenCallRetries {
			return resp, err
		}
		if r.Body != nil && r.GetBody == nil {
			return resp, nil // a body that cannot be sent again: the 429 stands
		}
		wait := retryAfter(resp.Header.Get("Retry-After"))
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		select {
		case <-time.After(wait):
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
		if r.GetBody != nil {
			body, err := r.GetBody()
			if err != nil {
				return nil, fmt.Errorf("sending again after a 429: %w", err)
			}
			r = r.Clone(r.Context())
			r.Body = body
		}
	}
}

// retryAfter is a Retry-After in seconds as a wait: a second when it says nothing
// usable, never longer than longestTokenWait.
func retryAfter(v string) time.Duration {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return time.Second
	}
	return min(time.Duration(n)*time.Second, longestTokenWait)
}
