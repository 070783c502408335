package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// A canary a proxy in front of the server could not pass on (a 503, no retry left)
// teaches nothing: the next 404 that needs it asks again and learns the router's
// answer.
func TestMissedRouteIsAskedAgainAfterAFailure(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{Surface: sandbox.SurfaceDocumented})
	target, err := url.Parse(sb.URL)
	if err != nil {
		t.Fatal(err)
	}
	pass := httputil.NewSingleHostReverseProxy(target)
	var failed atomic.Bool
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, canaryPath) && failed.CompareAndSwap(false, true) {
			http.Error(w, `{"message":"upstream unavailable"}`, http.StatusServiceUnavailable)
			return
		}
		pass.ServeHTTP(w, r)
	}))
	t.Cleanup(proxy.Close)
	c, err := New(Options{BaseURL: proxy.URL, LocationID: sb.Server.LocationID(), UserAgent: "funnels-test",
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}),
		RetryBase:   time.Millisecond, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if s := c.missedRoute(ctx); s.echoes || !failed.Load() {
		t.Fatalf("a canary answered 503 gave a shape: %+v", s)
	}
	if s := c.missedRoute(ctx); !s.echoes {
		t.Fatalf("the canary was not asked again after a 503: %+v", s)
	}
}
