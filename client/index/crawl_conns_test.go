package index

import (
	"crypto/tls"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestACrawlKeepsItsConnections: a crawl over TLS opens at most the connections its
// transport keeps, not one for most requests, whether the server speaks HTTP/1.1 (a
// connection a request at a time) or HTTP/2 (one connection for all). The default
// transport's settings, which keep 2 idle connections to a host, are crawled the same
// way beside it to show what is measured.
func TestACrawlKeepsItsConnections(t *testing.T) {
	crawl := func(t *testing.T, h2 bool, tr *http.Transport) (requests, conns int) {
		sb := sandbox.New(sandbox.Options{Limit: 100000, Window: time.Second, Bulk: sandbox.Bulk{Funnels: 600, PagesPerFunnel: 1}})
		srv := httptest.NewUnstartedServer(sb)
		srv.EnableHTTP2 = h2
		var opened atomic.Int64
		srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
			if s == http.StateNew {
				opened.Add(1)
			}
		}
		srv.StartTLS()
		defer srv.Close()
		defer tr.CloseIdleConnections()
		tr.TLSClientConfig = &tls.Config{RootCAs: srv.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs}
		c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: sb.LocationID(), HTTPClient: &http.Client{Transport: tr},
			TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.DemoToken()})})
		if err != nil {
			t.Fatal(err)
		}
		s := Open(filepath.Join(t.TempDir(), "index.db"), KeyOf(srv.URL, sb.LocationID()))
		p, err := runBounded(t, &Crawler{Client: c, Store: s})
		if err != nil {
			t.Fatalf("crawl: %v", err)
		}
		return p.Requests, int(opened.Load())
	}
	if client.IdleConnsPerHost < 2*DefaultWorkers {
		t.Fatalf("%d idle connections kept for a crawl of %d at once", client.IdleConnsPerHost, DefaultWorkers)
	}
	requests, conns := crawl(t, false, client.NewTransport())
	if conns > client.IdleConnsPerHost {
		t.Errorf("HTTP/1.1: %d connections opened for %d requests, %d at once", conns, requests, DefaultWorkers)
	}
	t.Logf("HTTP/1.1: %d connections for %d requests", conns, requests)
	if requests, conns = crawl(t, true, client.NewTransport()); conns > 4 {
		t.Errorf("HTTP/2: %d connections opened for %d requests", conns, requests)
	}
	t.Logf("HTTP/2: %d connections for %d requests", conns, requests)
	byDefault := http.DefaultTransport.(*http.Transport).Clone()
	if requests, conns = crawl(t, false, byDefault); conns <= 2*DefaultWorkers {
		t.Errorf("the default transport opened %d connections for %d requests: the test does not tell one transport from the other", conns, requests)
	}
	t.Logf("HTTP/1.1, the default transport: %d connections for %d requests", conns, requests)
}
