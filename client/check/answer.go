package check

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"syscall"
	"time"
)

// Answer is what one address answered, once a run: the raw material of findings,
// kept so a run cut short can go on where it stopped.
type Answer struct {
	URL        string    `json:"url"`
	At         time.Time `json:"at"`
	Status     int       `json:"status,omitempty"`
	Location   string    `json:"location,omitempty"` // a redirect's Location, made absolute
	TTFBMillis int64     `json:"ttfbMs"`
	Address    string    `json:"address,omitempty"` // the IP address and port answered from
	Proxy      string    `json:"proxy,omitempty"`   // the proxy it was asked through, its password hidden
	Head       *Head     `json:"head,omitempty"`    // a 200 HTML page's head
	Robots     string    `json:"robots,omitempty"`  // X-Robots-Tag
	Cert       *Cert     `json:"cert,omitempty"`    // the certificate an https address showed
	Failure    *Failure  `json:"failure,omitempty"` // why there was no answer
	// RetryAfterMillis is a wait asked for (429 or 503) longer than the run waits.
	RetryAfterMillis int64 `json:"retryAfterMs,omitempty"`
}

// Cert is a server's certificate as the run saw it.
type Cert struct {
	NotAfter time.Time `json:"notAfter"`
	Verified bool      `json:"verified"` // valid for the name, in date and trusted
}

// FailureKind is why an address gave no answer.
type FailureKind string

// The failures.
const (
	FailDNS          FailureKind = "dns"           // the name does not exist
	FailDNSLookup    FailureKind = "dns-lookup"    // the lookup itself failed
	FailBlocked      FailureKind = "blocked"       // only addresses the run does not fetch
	FailTLSExpired   FailureKind = "tls-expired"   // the certificate's dates do not hold now
	FailTLSName      FailureKind = "tls-name"      // the certificate is for other names
	FailTLSUntrusted FailureKind = "tls-untrusted" // signed by no authority the run trusts
	FailTLS          FailureKind = "tls"           // the handshake failed otherwise
	FailTimeout      FailureKind = "timeout"
	FailRefused      FailureKind = "refused"
	FailOther        FailureKind = "other"
)

// Reached reports whether a server was met at the address: it answered a status, or
// its TLS handshake failed (a server took part). A name not found or not looked up,
// a connection refused, timed out or failed otherwise, and an address not fetched
// are not: a network that lets nothing out but through a proxy makes every address
// one of those.
func (a Answer) Reached() bool {
	if a.Status > 0 {
		return true
	}
	if a.Failure == nil {
		return false
	}
	switch a.Failure.Kind {
	case FailTLSExpired, FailTLSName, FailTLSUntrusted, FailTLS:
		return true
	}
	return false
}

// NoneReached is, when no address of results met a server, how many were asked (not
// counting those not fetched for what they resolve to) and one of them; 0 when any
// address met a server. A nil result (a location not checked) holds none.
func NoneReached(results []*Result) (asked int, one string) {
	for _, res := range results {
		if res == nil {
			continue
		}
		for _, a := range res.Answers {
			switch {
			case a.Reached():
				return 0, ""
			case a.Failure == nil || a.Failure.Kind == FailBlocked:
				continue
			}
			if asked++; one == "" {
				one = a.URL
			}
		}
	}
	return asked, one
}

// NoneResolved is, when no name of results resolved (every address asked failed in
// its lookup), how many addresses were asked, those not fetched left out; 0 when any
// met a server or failed otherwise.
func NoneResolved(results []*Result) int {
	asked := 0
	for _, res := range results {
		if res == nil {
			continue
		}
		for _, a := range res.Answers {
			switch {
			case a.Failure != nil && a.Failure.Kind == FailBlocked:
				continue
			case a.Failure == nil || (a.Failure.Kind != FailDNS && a.Failure.Kind != FailDNSLookup):
				return 0
			}
			asked++
		}
	}
	return asked
}

// Failure is an address that gave no answer.
type Failure struct {
	Kind    FailureKind `json:"kind"`
	Text    string      `json:"text"`
	Address string      `json:"address,omitempty"` // the address refused (blocked)
	Reason  string      `json:"reason,omitempty"`  // what that address is (blocked)
}

// failureOf names err; the certificate a failed handshake showed goes in cert.
func failureOf(err error, cert **Cert) *Failure {
	var blocked *BlockedError
	var dnsErr *DNSError
	var verify *tls.CertificateVerificationError
	var ne net.Error
	switch {
	case errors.As(err, &blocked):
		return &Failure{Kind: FailBlocked, Text: blocked.Error(), Address: blocked.Addr.String(), Reason: blocked.Reason}
	case errors.As(err, &dnsErr) && dnsErr.NotFound:
		return &Failure{Kind: FailDNS, Text: dnsErr.Error()}
	case errors.As(err, &dnsErr):
		return &Failure{Kind: FailDNSLookup, Text: dnsErr.Error()}
	case errors.As(err, &verify):
		if len(verify.UnverifiedCertificates) > 0 {
			*cert = &Cert{NotAfter: verify.UnverifiedCertificates[0].NotAfter}
		}
		return tlsFailure(verify.Err)
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return &Failure{Kind: FailTimeout, Text: "no answer in time"}
	case errors.Is(err, syscall.ECONNREFUSED):
		return &Failure{Kind: FailRefused, Text: "connection refused"}
	}
	var alert tls.AlertError
	var record tls.RecordHeaderError
	if errors.As(err, &alert) || errors.As(err, &record) {
		return &Failure{Kind: FailTLS, Text: "TLS handshake failed: " + err.Error()}
	}
	return &Failure{Kind: FailOther, Text: err.Error()}
}

// tlsFailure names a certificate that did not verify.
func tlsFailure(err error) *Failure {
	var invalid x509.CertificateInvalidError
	var name x509.HostnameError
	var authority x509.UnknownAuthorityError
	switch {
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return &Failure{Kind: FailTLSExpired, Text: "the certificate is expired or not yet valid"}
	case errors.As(err, &name):
		return &Failure{Kind: FailTLSName, Text: "the certificate is not valid for " + name.Host}
	case errors.As(err, &authority):
		return &Failure{Kind: FailTLSUntrusted, Text: "the certificate is not signed by a trusted authority"}
	}
	return &Failure{Kind: FailTLS, Text: "the certificate does not verify: " + err.Error()}
}
