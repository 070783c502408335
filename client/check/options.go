package check

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"time"
)

// Options tune a run. The zero value checks politely with the defaults below.
type Options struct {
	// PerHost is how many requests go to one host at once; 0 → 4.
	PerHost int
	// MaxInFlight bounds the requests under way over every host; 0 → 512.
	MaxInFlight int
	// Timeout bounds one request, from the dial to the end of the body read; 0 → 10 s.
	Timeout time.Duration
	// SlowAfter is the time to first byte (over a chain's hops) from which a page is
	// slow; 0 → 2 s.
	SlowAfter time.Duration
	// MaxRetryAfter is the longest Retry-After waited before the one retry of a 429
	// or 503; an answer asking for longer is kept as it is. 0 → 10 s.
	MaxRetryAfter time.Duration
	// MaxHops is the longest redirect chain followed; 0 → 10.
	MaxHops int
	// MaxBody bounds what is read of a page to parse its head; 0 → 1 MiB.
	MaxBody int64
	// WarnCertDays and FailCertDays: a certificate with fewer days left is a warning,
	// an error; 0 → 14 and 3.
	WarnCertDays, FailCertDays int
	// UserAgent names the checker to the pages' servers; "" → DefaultUserAgent.
	UserAgent string

	// AllowPrivate fetches addresses that resolve to loopback, private, link-local,
	// CGNAT, unique-local and metadata addresses; without it they are reported and
	// never dialled.
	AllowPrivate bool
	// Resolve are address overrides (curl's --resolve); the addresses they name are
	// dialled as given.
	Resolve []Rule
	// Resolver looks names up; nil → the system's (net.DefaultResolver).
	Resolver Resolver
	// RootCAs are certificate authorities trusted besides the system's (the
	// sandbox's); nil trusts the system's alone. Verification is never turned off.
	RootCAs []*x509.Certificate
	// Proxy is the proxy a request to an address goes through (nil, or nil answered:
	// none, the site asked directly). A proxied address's name is still looked up and
	// judged here first, as a direct one's, and refused alike; the proxy then reaches
	// it by its name, and an address a Resolve rule names is never proxied.
	Proxy func(*url.URL) (*url.URL, error)
	// Dial makes the connection to an IP address and port that the checks above let
	// through (and to a proxy, by the name Proxy gives); nil → a net.Dialer. Tests
	// record and fence what is dialled with it.
	Dial func(ctx context.Context, network, address string) (net.Conn, error)

	// Resume are answers of an interrupted run (Result.Answers, Saved.Resume): a
	// URL among them is not asked again.
	Resume []Answer
	// Progress is told the counts after every answer, from one goroutine at a time;
	// it must return quickly.
	Progress func(Progress)
	// Done is given each location's result as soon as it is complete, from one
	// goroutine at a time (Run returns them all as well).
	Done func(*Result)
	// Now is the clock for certificate days and stamps; nil → time.Now.
	Now func() time.Time
}

// DefaultUserAgent is the User-Agent of a run that names none.
const DefaultUserAgent = "funnels-check/1 (+https://github.com/funnelsdev/funnels; link check)"

// Progress is how far a run is: URLs planned (Total grows as redirects are
// followed), answered (Done, of which Reused were an interrupted run's), under way,
// and answered with a failure to connect (Failed).
type Progress struct {
	Total, Done, Reused, InFlight, Failed int
}

// ErrOptions matches every *OptionError.
var ErrOptions = errors.New("check options")

// OptionError is an option out of range.
type OptionError struct{ Option, Problem string }

func (e *OptionError) Error() string { return fmt.Sprintf("check: %s %s", e.Option, e.Problem) }

// Is makes errors.Is(err, ErrOptions) true.
func (e *OptionError) Is(target error) bool { return target == ErrOptions }

// withDefaults fills the zero fields, or says which field is out of range.
func (o Options) withDefaults() (Options, error) {
	for _, c := range []struct {
		name string
		bad  bool
		why  string
	}{
		{"PerHost", o.PerHost < 0 || o.PerHost > 64, "must be from 1 to 64"},
		{"MaxInFlight", o.MaxInFlight < 0, "must not be negative"},
		{"Timeout", o.Timeout < 0, "must not be negative"},
		{"SlowAfter", o.SlowAfter < 0, "must not be negative"},
		{"MaxRetryAfter", o.MaxRetryAfter < 0, "must not be negative"},
		{"MaxHops", o.MaxHops < 0 || o.MaxHops > 50, "must be from 1 to 50"},
		{"MaxBody", o.MaxBody < 0, "must not be negative"},
		{"FailCertDays", o.FailCertDays < 0 || o.WarnCertDays < 0, "must not be negative"},
	} {
		if c.bad {
			return o, &OptionError{Option: c.name, Problem: c.why}
		}
	}
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v == 0 {
			*v = d
		}
	}
	def(&o.PerHost, 4)
	def(&o.MaxInFlight, 512)
	def(&o.MaxHops, 10)
	def(&o.WarnCertDays, 14)
	def(&o.FailCertDays, 3)
	defDur(&o.Timeout, 10*time.Second)
	defDur(&o.SlowAfter, 2*time.Second)
	defDur(&o.MaxRetryAfter, 10*time.Second)
	if o.MaxBody == 0 {
		o.MaxBody = 1 << 20
	}
	if o.UserAgent == "" {
		o.UserAgent = DefaultUserAgent
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o, nil
}
