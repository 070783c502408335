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
// then a *RateLimitError that says the wait is a year or more, naming no date (the
// only one the client could name is the year it cut the header's wait to).
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
			if !rl.Beyond || !rl.Until.IsZero() {
				t.Errorf("beyond %v, until %v: want a wait past a year and no date", rl.Beyond, rl.Until)
			}
			if !strings.Contains(err.Error(), "rate limited for a year or more") || strings.Contains(err.Error(), "until") {
				t.Errorf("message %q", err)
			}
			if time.Since(start) > time.Minute {
				t.Errorf("sat through the wait")
			}
			if n := h.Count("GET", "/funnels/funnel/geo-location"); n != 1 {
				t.Errorf("sent %d requests, want 1", n)
			}
		})
	}
}

// firstFunnel is the id of the first funnel the sandbox lists, with its steps.
func firstFunnel(t *testing.T, c *client.Client) client.Funnel {
	t.Helper()
	page, _, err := c.ListFunnels(ctxT(t), client.ListFunnelsParams{Limit: 1})
	if err != nil || len(page.Funnels) == 0 {
		t.Fatalf("list funnels: %v", err)
	}
	return page.Funnels[0]
}

// TestEndlessPagesStopOnARepeatedBatch: a server that ignores offset sends the same 20
// pages for ever; the walk stops at the second batch and keeps the first.
func TestEndlessPagesStopOnARepeatedBatch(t *testing.T) {
	c, h := hostileClient(t, hostile.EndlessPages)
	f := firstFunnel(t, c)
	pages, _, err := c.ListAllPages(ctxT(t), client.ListPagesParams{FunnelID: f.ID})
	var stop *client.ListStoppedError
	if !errors.As(err, &stop) || !errors.Is(err, client.ErrIncompleteList) || stop.Reason != client.StopRepeatedPage {
		t.Fatalf("got %v, want a repeated page", err)
	}
	if len(pages) != 20 || stop.Items != 20 || stop.Requests != 2 {
		t.Errorf("kept %d pages, error says %d items in %d requests", len(pages), stop.Items, stop.Requests)
	}
	if n := h.Count("GET", "/funnels/page"); n != 2 {
		t.Errorf("asked %d times", n)
	}
	// One step's pages: the filter keeps fewer, the walk stops all the same.
	step := f.Steps[0].ID
	pages, _, err = c.ListAllPages(ctxT(t), client.ListPagesParams{FunnelID: f.ID, StepID: step})
	if !errors.Is(err, client.ErrIncompleteList) || len(pages) == 0 {
		t.Fatalf("step: %d pages, %v", len(pages), err)
	}
	for _, p := range pages {
		if p.StepID != step {
			t.Errorf("page %s of step %s kept", p.ID, p.StepID)
		}
	}
}

// TestEndlessFunnelPagesStopAtTheBounds: full pages of new funnels with a count of a
// billion end at the bound on items, or on requests, whichever comes first.
func TestEndlessFunnelPagesStopAtTheBounds(t *testing.T) {
	c, h := hostileClient(t, hostile.EndlessFunnelPages, func(o *client.Options) { o.MaxListItems = 1000 })
	all, _, err := c.ListAllFunnels(ctxT(t), client.ListFunnelsParams{}, 100)
	var stop *client.ListStoppedError
	if !errors.As(err, &stop) || stop.Reason != client.StopItemLimit || stop.Bound != 1000 {
		t.Fatalf("got %v, want the item bound", err)
	}
	if len(all) != 1000 || h.Count("GET", "/funnels/funnel/list") != 10 {
		t.Errorf("kept %d funnels in %d requests", len(all), h.Count("GET", "/funnels/funnel/list"))
	}
	if !strings.Contains(err.Error(), "1000 items") {
		t.Errorf("message %q", err)
	}

	c, h = hostileClient(t, hostile.EndlessFunnelPages, func(o *client.Options) { o.MaxListRequests = 3 })
	all, _, err = c.ListAllFunnels(ctxT(t), client.ListFunnelsParams{}, 50)
	if !errors.As(err, &stop) || stop.Reason != client.StopRequestLimit || len(all) != 150 || h.Count("GET", "/funnels/funnel/list") != 3 {
		t.Fatalf("got %d funnels in %d requests, %v; want 150 in 3 and the request bound", len(all), h.Count("GET", "/funnels/funnel/list"), err)
	}
}
