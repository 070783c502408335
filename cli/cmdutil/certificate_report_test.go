package cmdutil

import (
	"crypto/tls"
	"crypto/x509"
	"net/url"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
)

// TestACertificateNotTrustedIsSaidForWhatItIs: a request refused for the server's
// certificate says that, what is wrong with it and what would help, not "no answer
// from server"; a refresh of the token that met it says the same, not "not signed in".
func TestACertificateNotTrustedIsSaidForWhatItIs(t *testing.T) {
	verify := func(cause error) error {
		return &url.Error{Op: "Get", URL: "https://services.example/x", Err: &tls.CertificateVerificationError{Err: cause}}
	}
	for _, tc := range []struct {
		err        error
		what, help string
	}{
		{&client.NetworkError{Method: "GET", Path: "/funnels/funnel/list", Err: verify(x509.UnknownAuthorityError{})},
			"signed by an authority this machine does not trust", "FUNNELS_CA_FILE"},
		{&client.NetworkError{Method: "GET", Path: "/funnels/funnel/list", Err: verify(x509.HostnameError{Certificate: &x509.Certificate{}, Host: "localhost"})},
			"made out to another name", "base URL"},
		{&client.AuthError{Err: verify(x509.CertificateInvalidError{Cert: &x509.Certificate{}, Reason: x509.Expired})},
			"expired or is not yet valid", "clock"},
	} {
		lines := strings.Join(describe(nil, tc.err, "funnels login"), "\n")
		if !strings.HasPrefix(lines, "the server's certificate is not trusted: ") || !strings.Contains(lines, tc.what) ||
			!strings.Contains(lines, tc.help) || strings.Contains(lines, "no answer") || strings.Contains(lines, "not signed in") {
			t.Errorf("%v told as %q", tc.err, lines)
		}
	}
}
