package client_test

import (
	"errors"
	"net/http"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestTrustCertificates: a transport told to trust a server's authority (read from a
// PEM file with a key beside it) is answered by it; one not told is refused for the
// certificate, and a file with no certificate is refused.
func TestTrustCertificates(t *testing.T) {
	srv, _ := sandboxtest.TLS(t, `{"funnels":[],"count":0}`)
	pemFile := append([]byte("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"),
		sandboxtest.CertPEM(srv)...)
	cas, err := client.ParseCertificates(pemFile)
	if err != nil || len(cas) != 1 || !cas[0].Equal(srv.Certificate()) {
		t.Fatalf("%v %v", cas, err)
	}
	if _, err := client.ParseCertificates([]byte("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")); err == nil {
		t.Error("a file with no certificate read as some")
	}
	list := func(tr *http.Transport) error {
		c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: "Loc1", HTTPClient: &http.Client{Transport: tr},
			TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "pit-test"})})
		if err != nil {
			return err
		}
		_, _, err = c.ListFunnels(ctxT(t), client.ListFunnelsParams{Limit: 1})
		return err
	}
	if err := list(client.NewTransport()); !errors.Is(err, client.ErrUntrustedCertificate) {
		t.Errorf("not told to trust it: %v", err)
	}
	tr := client.NewTransport()
	client.TrustCertificates(tr, cas)
	if err := list(tr); err != nil {
		t.Errorf("told to trust it: %v", err)
	}
	if tr.TLSClientConfig.InsecureSkipVerify {
		t.Error("verification turned off")
	}
}
