package ui

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/url"
	"strings"
	"testing"

	fauth "github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
)

// A suspended sub-account says so in the status bar, never "sign in again"; a
// profile with no sign-in names the ones that have one.
func TestErrorTextOfSignInFacts(t *testing.T) {
	susp := &client.AuthError{Err: &fauth.SuspendedError{Location: "LOC", Status: 400, Message: "Location is not active"}}
	if got, want := errorText(susp), "sub-account LOC is suspended (400 Location is not active) — your sign-in is kept"; got != want {
		t.Fatalf("suspended: %q, want %q", got, want)
	}
	none := &client.AuthError{Err: &fauth.LoginRequiredError{Profile: "default", Reason: "no token stored", SignedIn: []string{"acme"},
		Err: errors.New("missing")}}
	if got := errorText(none); !strings.Contains(got, "signed in: acme — `funnels auth switch acme`") || strings.Contains(got, "sign in again") {
		t.Fatalf("not signed in: %q", got)
	}
}

// A 429 from the token endpoint is a wait, not a sign-out.
func TestErrorTextOfARateLimitedRefresh(t *testing.T) {
	err := &client.AuthError{Err: &fauth.TokenEndpointError{Status: 429, Code: "rate_limited"}}
	if got := errorText(err); !strings.HasPrefix(got, "429 ") || strings.Contains(got, "not signed in") || strings.Contains(got, "funnels login") {
		t.Fatalf("rate-limited refresh: %q", got)
	}
}

// A certificate this machine does not trust says so and what would help, in the
// status bar, whether a request or a refresh of the token met it.
func TestErrorTextOfACertificateNotTrusted(t *testing.T) {
	cause := &url.Error{Op: "Get", URL: "https://services.example/x", Err: &tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}}
	for _, err := range []error{&client.NetworkError{Method: "GET", Path: "/funnels/funnel/list", Err: cause}, &client.AuthError{Err: cause}} {
		if got := errorText(err); !strings.HasPrefix(got, "the server's certificate is not trusted: it is signed by an authority") ||
			!strings.Contains(got, "FUNNELS_CA_FILE") {
			t.Errorf("%T: %q", err, got)
		}
	}
}

// TestStaleRowsSayACertificateNotTrusted: rows kept after a reload failed say why in
// the pane's title: the status code, a certificate not trusted (not "no answer"), or
// no answer.
func TestStaleRowsSayACertificateNotTrusted(t *testing.T) {
	cert := &url.Error{Op: "Get", URL: "https://services.example/x", Err: &tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}}
	for _, c := range []struct {
		err  error
		want string
	}{
		{&client.NetworkError{Method: "GET", Path: "/funnels/funnel/folder/entities", Err: cert}, "cert not trusted"},
		{&client.NetworkError{Method: "GET", Path: "/funnels/funnel/folder/entities", Err: errors.New("connection refused")}, "no answer"},
		{&client.APIError{StatusCode: 503}, "503"},
	} {
		if got := staleWhy(c.err); got != c.want {
			t.Errorf("%v: %q, want %q", c.err, got, c.want)
		}
	}
}
