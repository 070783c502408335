package client_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// hostileClient is a client of a hostile API, signed in with its sandbox's demo token.
func hostileClient(t *testing.T, modes hostile.Mode, tune ...func(*client.Options)) (*client.Client, *hostile.Server) {
	t.Helper()
	h := hostile.StartT(t, modes, sandbox.Options{})
	o := client.Options{
		BaseURL:     h.URL,
		LocationID:  h.Sandbox.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: h.Sandbox.DemoToken()}),
		RetryBase:   20 * time.Millisecond,
	}
	for _, f := range tune {
		f(&o)
	}
	c, err := client.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return c, h
}

// TestFarFutureRateLimitIsNotWaited: a 429 whose reset or Retry-After lies centuries
// ahead neither panics nor sends the request again at once nor sits there: one request,
// then a *RateLimitError that says until when.
func TestFarFutureRateLimitIsNotWaited(t *testing.T) {
	for _, tc := range []struct {
		name string
		mode hostile.Mode
	}{
		{"X-RateLimit-Reset 999999999999", hostile.FarFutureReset},
		{"Retry-After in the year 9999", hostile.FarFutureRetryAfter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, h := hostileClient(t, tc.mode)
			start := time.Now()
			_, _, err := c.GeoLocation(ctxT(t))
			var rl *client.RateLimitError
			if !errors.As(err, &rl) || !errors.Is(err, client.ErrRateLimited) {
				t.Fatalf("got %T %v, want a *RateLimitError", err, err)
			}
			if client.StatusCode(err) != 429 {
				t.Errorf("status %d", client.StatusCode(err))
			}
			if !rl.Until.After(start.Add(time.Hour)) {
				t.Errorf("until %v, want far ahead", rl.Until)
			}
			if !strings.Contains(err.Error(), "rate limited until") {
				t.Errorf("message %q", err)
			}
			if n := h.Count("GET", "/funnels/funnel/geo-location"); n != 1 {
				t.Errorf("sent %d requests, want 1", n)
			}
		})
	}
}
