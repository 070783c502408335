package client_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestACertificateNotTrustedIsSaidAndNotRetried: a server whose TLS certificate this
// machine does not trust (a proxy that inspects HTTPS, a self-signed server) or that is
// made out to another name gives the same certificate on every try: the request is
// sent once, and its error matches ErrUntrustedCertificate (and ErrNetwork: no answer
// was read) and says what is wrong and what would help. Any other error is no
// certificate problem.
func TestACertificateNotTrustedIsSaidAndNotRetried(t *testing.T) {
	srv, conns := sandboxtest.TLS(t, `{"funnels":[],"count":0}`)
	for _, tc := range []struct {
		name, base string
		hc         *http.Client
		what       string
	}{
		{"an authority not trusted", srv.URL, nil, "signed by an authority this machine does not trust"},
		// The test server's certificate is made out to 127.0.0.1 and example.com.
		{"another name", strings.Replace(srv.URL, "127.0.0.1", "localhost", 1), srv.Client(), "made out to another name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := client.New(client.Options{BaseURL: tc.base, LocationID: "Loc1", HTTPClient: tc.hc,
				TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "pit-test"})})
			if err != nil {
				t.Fatal(err)
			}
			conns.Store(0)
			_, _, err = c.ListFunnels(ctxT(t), client.ListFunnelsParams{Limit: 1})
			if !errors.Is(err, client.ErrUntrustedCertificate) || !errors.Is(err, client.ErrNetwork) {
				t.Fatalf("got %v, want ErrUntrustedCertificate and ErrNetwork", err)
			}
			if what, help, ok := client.CertificateProblem(err); !ok || !strings.Contains(what, tc.what) || help == "" {
				t.Errorf("problem %q (help %q, %v), want %q", what, help, ok, tc.what)
			}
			if n := conns.Load(); n != 1 {
				t.Errorf("%d connections, want 1: a certificate not trusted was tried again", n)
			}
		})
	}
	c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: "Loc1", HTTPClient: srv.Client(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "pit-test"})})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.ListFunnels(ctxT(t), client.ListFunnelsParams{Limit: 1}); err != nil {
		t.Fatalf("the same server, its certificate trusted: %v", err)
	}
	for _, err := range []error{nil, client.ErrNetwork, &client.NetworkError{Method: "GET", Path: "/x", Err: errors.New("connection refused")}} {
		if _, _, ok := client.CertificateProblem(err); ok || errors.Is(err, client.ErrUntrustedCertificate) {
			t.Errorf("%v taken for a certificate not trusted", err)
		}
	}
}
