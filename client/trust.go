package client

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
)

// ParseCertificates reads the certificates of a PEM file (certificate authorities to
// trust: TrustCertificates); other blocks (a key beside them) are skipped, and a file
// with no certificate is an error.
func ParseCertificates(data []byte) ([]*x509.Certificate, error) {
	var out []*x509.Certificate
	for {
		var b *pem.Block
		b, data = pem.Decode(data)
		if b == nil {
			break
		}
		if b.Type != "CERTIFICATE" {
			continue
		}
		c, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			return nil, fmt.Errorf("reading a certificate: %w", err)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, errors.New("no certificate in it (a PEM file of CERTIFICATE blocks)")
	}
	return out, nil
}

// TrustCertificates makes t trust the authorities cas besides the system's: a proxy
// that inspects HTTPS, or a server of a certificate of its own. Go reads
// SSL_CERT_FILE on Linux alone; this works on every system. Nothing is trusted in
// place of the system's authorities, and verification is never turned off.
func TrustCertificates(t *http.Transport, cas []*x509.Certificate) {
	if len(cas) == 0 {
		return
	}
	roots, err := x509.SystemCertPool()
	if err != nil || roots == nil { // a system with no pool Go can read: these alone
		roots = x509.NewCertPool()
	}
	for _, c := range cas {
		roots.AddCert(c)
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if t.TLSClientConfig != nil {
		cfg = t.TLSClientConfig.Clone()
	}
	cfg.RootCAs = roots
	t.TLSClientConfig = cfg
}
