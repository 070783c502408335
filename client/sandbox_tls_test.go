package client_test

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestTheSandboxOverHTTPSSpeaksHTTP2: the sandbox served over HTTPS (Options.TLS) is
// answered over HTTP/2 by the client's own transport, as the real service is, once
// the authority it hands out is trusted; a client that does not trust it is refused
// for the certificate.
func TestTheSandboxOverHTTPSSpeaksHTTP2(t *testing.T) {
	sb := sandboxtest.Start(t, sandbox.Options{TLS: true})
	if !strings.HasPrefix(sb.URL, "https://") || sb.CAPEM() == nil {
		t.Fatalf("URL %s, CA %d bytes", sb.URL, len(sb.CAPEM()))
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(sb.CAPEM()) {
		t.Fatal("the CA is no PEM certificate")
	}
	tr := client.NewTransport()
	tr.TLSClientConfig = &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(), HTTPClient: &http.Client{Transport: tr},
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.ListFunnels(ctxT(t), client.ListFunnelsParams{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequestWithContext(ctxT(t), http.MethodGet, sb.URL+"/_sandbox/requests", nil)
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.ProtoMajor != 2 {
		t.Errorf("answered over %s, want HTTP/2", resp.Proto)
	}

	plain, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()})})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := plain.ListFunnels(ctxT(t), client.ListFunnelsParams{Limit: 1}); !errors.Is(err, client.ErrUntrustedCertificate) {
		t.Errorf("a client that does not trust the sandbox's authority: %v", err)
	}
}
