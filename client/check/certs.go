package check

import (
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
)

// ParseCertificates reads the certificates of a PEM file (a CA to trust:
// Options.RootCAs); other blocks are skipped, and a file with no certificate is an
// error.
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
		return nil, errors.New("no certificate in the PEM data")
	}
	return out, nil
}
