package login

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// TestACodeExchangeMetACertificateNotTrusted: the token endpoint's certificate not
// trusted is said for what it is, with what would help, exit 1: not "not signed in"
// (exit 3), which signing in again would not mend.
func TestACodeExchangeMetACertificateNotTrusted(t *testing.T) {
	cause := &url.Error{Op: "Post", URL: "https://services.example/oauth/token", Err: &tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}}
	err := loginError(fmt.Errorf("exchanging the code: %w", cause))
	if got := cmdutil.ExitCode(err); got != cmdutil.ExitAPI {
		t.Errorf("exit %d, want %d", got, cmdutil.ExitAPI)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "could not exchange the code: the server's certificate is not trusted: it is signed by an authority") ||
		!strings.Contains(msg, "nothing was stored") || !strings.Contains(msg, "FUNNELS_CA_FILE") {
		t.Errorf("%q", msg)
	}
}
