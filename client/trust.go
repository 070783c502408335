package client

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
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

// maxCertificatesFile bounds a file of authorities read: a bundle of every public
// authority is under a megabyte.
const maxCertificatesFile = 4 << 20

// ErrNotCertificatesFile is a path to authorities to trust that names no file of them:
// a folder, a device or a pipe (refused before it is opened, not waited on), a file
// larger than any bundle of certificates, or one with no certificate to read in it.
var ErrNotCertificatesFile = errors.New("not a file of certificates")

// ReadCertificatesFile reads the certificates of the PEM file at path
// (ParseCertificates). A path that is not there matches fs.ErrNotExist; one that names
// no file of certificates, ErrNotCertificatesFile; any other error is the system's.
func ReadCertificatesFile(path string) ([]*x509.Certificate, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w: not a regular file", path, ErrNotCertificatesFile)
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, maxCertificatesFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxCertificatesFile {
		return nil, fmt.Errorf("%s: %w: larger than %d MB", path, ErrNotCertificatesFile, maxCertificatesFile>>20)
	}
	cas, err := ParseCertificates(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %w", path, ErrNotCertificatesFile, err)
	}
	return cas, nil
}
