package client

import (
	"crypto/x509"
	"errors"
)

// ErrUntrustedCertificate is an answer refused before it was read because the
// server's TLS certificate is not one this machine trusts: an authority it does not
// know (a proxy that inspects HTTPS, a self-signed server), a certificate made out to
// another name, or one expired or not yet valid. Trying again gives the same
// certificate, so such a request is not retried. A NetworkError whose cause is one
// matches it.
var ErrUntrustedCertificate = errors.New("the server's certificate is not trusted")

// CertificateProblem says what is wrong with the server's certificate when err (of a
// request, or of anything that wraps one) is a certificate this machine does not
// trust, and what would help; false when err is no such failure. It is decided by the
// certificate check's own error types, never by their words. A message says
// ErrUntrustedCertificate's words, then these.
func CertificateProblem(err error) (what, help string, ok bool) {
	// The certificate check returns these as values (crypto/x509's Verify).
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	var invalid x509.CertificateInvalidError
	switch {
	case errors.As(err, &unknown):
		return "it is signed by an authority this machine does not trust",
			"behind a proxy that inspects HTTPS, name the proxy's CA certificate (a PEM file) in FUNNELS_CA_FILE, or add it to the system's trusted certificates", true
	case errors.As(err, &host):
		return "it is made out to another name",
			"check the server's address (the base URL)", true
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return "it has expired or is not yet valid",
			"check this machine's clock", true
	case errors.As(err, &invalid):
		return "it is not valid for this use",
			"check the server's address (the base URL)", true
	}
	return "", "", false
}

// CertificateLine is a certificate problem in one line, ErrUntrustedCertificate's
// words, what is wrong and what would help; false when err is none.
func CertificateLine(err error) (string, bool) {
	what, help, ok := CertificateProblem(err)
	if !ok {
		return "", false
	}
	return ErrUntrustedCertificate.Error() + ": " + what + " — " + help, true
}
