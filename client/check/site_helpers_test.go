package check

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"testing"
	"time"
)

// testSite serves handler over TLS for every host under .check.test (a certificate
// of a CA of the test's own) and, in plain HTTP, a redirect to HTTPS; rules send
// every host there.
type testSite struct {
	rules []Rule
	ca    *x509.Certificate
}

// newTestCA is a CA and a certificate it signed for names, valid from notBefore
// to notAfter.
func newTestCA(t testing.TB, names []string, notBefore, notAfter time.Time) (*x509.Certificate, tls.Certificate) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "check test CA"},
		NotBefore: time.Now().Add(-48 * time.Hour), NotAfter: time.Now().Add(48 * time.Hour),
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true, IsCA: true}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: names[0]}, DNSNames: names,
		NotBefore: notBefore, NotAfter: notAfter, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	return ca, tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

func startTestSite(t testing.TB, handler http.Handler) *testSite {
	t.Helper()
	return startTestSiteCert(t, handler, []string{"*.check.test"}, time.Now().Add(-time.Hour), time.Now().Add(60*24*time.Hour))
}

func startTestSiteCert(t testing.TB, handler http.Handler, names []string, notBefore, notAfter time.Time) *testSite {
	t.Helper()
	ca, cert := newTestCA(t, names, notBefore, notAfter)
	secure := httptest.NewUnstartedServer(handler)
	secure.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	secure.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes a closing test cuts short
	secure.StartTLS()
	t.Cleanup(secure.Close)
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://"+r.Host+r.URL.RequestURI(), http.StatusMovedPermanently)
	}))
	t.Cleanup(plain.Close)
	rule := func(s string) Rule {
		r, err := ParseRule(s)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	return &testSite{ca: ca, rules: []Rule{
		rule("*:443:" + secure.Listener.Addr().String()),
		rule("*:80:" + plain.Listener.Addr().String()),
	}}
}

// rulesFor are the site's rules for host alone.
func (s *testSite) rulesFor(host string) []Rule {
	out := slices.Clone(s.rules)
	for i := range out {
		out[i].Host = host
	}
	return out
}

// options reach the site with no DNS and dials recorded in log.
func (s *testSite) options(log *dialLog) Options {
	return Options{Resolve: s.rules, Resolver: NoDNS{}, RootCAs: []*x509.Certificate{s.ca}, Dial: log.dial}
}

// page answers a small healthy page.
func page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html")
	_, _ = w.Write([]byte(`<html><head><title>` + r.URL.Path + `</title><meta name="description" content="d">` +
		`<link rel="canonical" href="https://` + r.Host + r.URL.Path + `"></head><body>hi</body></html>`))
}

// mapResolver answers names from a table; others do not exist.
type mapResolver map[string][]netip.Addr

func (m mapResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if a, ok := m[host]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// steps are n live steps on host at /p0 … /p(n-1).
func steps(host string, n int) []Step {
	out := make([]Step, n)
	for i := range out {
		out[i] = Step{ID: host + "-" + itoa(i), Name: "Step " + itoa(i), FunnelID: "F", Funnel: "Funnel", Host: host,
			Path: "/p" + itoa(i), Live: true}
	}
	return out
}

func itoa(i int) string { return big.NewInt(int64(i)).String() }
