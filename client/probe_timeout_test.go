package client_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
)

// Each probe waits at most the time it is given: a server that takes connections and
// never answers gets a row saying so for every route asked, and the probe ends.
func TestProbeGivesEachRouteItsTime(t *testing.T) {
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	t.Cleanup(func() { close(done); srv.Close() })
	c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: "Loc1", MaxRetries: 1,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "pit-x"})})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := c.ProbeWithin(context.Background(), client.DefaultProbeTimeout/50)
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, r := range rows {
		if !r.Probed {
			continue
		}
		asked++
		if r.Result != "no answer" || !strings.Contains(r.Meaning, "no answer within 200ms") {
			t.Errorf("%s: %s, %s", r.Route, r.Result, r.Meaning)
		}
	}
	if asked < 3 {
		t.Errorf("asked %d routes", asked)
	}
}
