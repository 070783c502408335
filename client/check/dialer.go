package check

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"sync"
)

// Resolver looks host names up; *net.Resolver is one. Tests and the sandbox give
// their own.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// NoDNS is a Resolver that knows no name: with resolve rules for every host a run
// should reach, nothing leaves the machine to ask a DNS server (the sandbox's sites,
// a test).
type NoDNS struct{}

// LookupNetIP answers that host does not exist.
func (NoDNS) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	return nil, &net.DNSError{Err: "no such host (no DNS in this run)", Name: host, IsNotFound: true}
}

// DNSError is a host name that did not resolve.
type DNSError struct {
	Host     string
	NotFound bool // the name does not exist (NXDOMAIN), as opposed to a lookup that failed
	Err      error
}

func (e *DNSError) Error() string {
	if e.NotFound {
		return e.Host + " does not resolve"
	}
	return "looking up " + e.Host + ": " + e.Err.Error()
}

func (e *DNSError) Unwrap() error { return e.Err }

// dialer makes every connection of a run: the address a resolve rule names, or the
// host's addresses looked up once a run and judged by addrClass before any of them is
// dialled. It dials IP addresses only, so the name cannot resolve to another address
// between the judgement and the connection (DNS rebinding).
type dialer struct {
	rules        []Rule
	resolver     Resolver
	allowPrivate bool
	dial         func(ctx context.Context, network, address string) (net.Conn, error)

	mu      sync.Mutex
	lookups map[string]*lookup

	proxies proxies // the proxies the run went through (proxy.go)
}

// lookup is one host's addresses, looked up once a run.
type lookup struct {
	done  chan struct{}
	addrs []netip.Addr
	err   error
}

func newDialer(o *Options) *dialer {
	d := &dialer{rules: o.Resolve, resolver: o.Resolver, allowPrivate: o.AllowPrivate, dial: o.Dial,
		lookups: map[string]*lookup{}}
	if d.resolver == nil {
		d.resolver = net.DefaultResolver
	}
	if d.dial == nil {
		nd := &net.Dialer{Timeout: o.Timeout, KeepAlive: -1}
		d.dial = nd.DialContext
	}
	return d
}

// DialContext connects to addr (HOST:PORT) as the rules and the address policy allow.
func (d *dialer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	port, _ := strconv.Atoi(portText)
	targets, err := d.targets(ctx, host, port)
	if err != nil {
		return nil, err
	}
	var first error
	for _, t := range targets {
		conn, err := d.dial(ctx, network, t.String())
		if err == nil {
			return conn, nil
		}
		if first == nil {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	return nil, first
}

// targets are the addresses to try for host and port, or why there are none.
func (d *dialer) targets(ctx context.Context, host string, port int) ([]netip.AddrPort, error) {
	if r, ok := matchRule(d.rules, host, port); ok {
		to := r.ToPort
		if to == 0 {
			to = port
		}
		return []netip.AddrPort{netip.AddrPortFrom(r.Addr, uint16(to))}, nil
	}
	addrs, err := d.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	var out []netip.AddrPort
	var refused *BlockedError
	for _, a := range addrs {
		a = a.Unmap()
		if c := addrClass(a); c != "" && !d.allowPrivate {
			if refused == nil {
				refused = &BlockedError{Host: host, Addr: a, Reason: c}
			}
			continue
		}
		out = append(out, netip.AddrPortFrom(a, uint16(port)))
	}
	if len(out) == 0 {
		if refused != nil {
			return nil, refused
		}
		return nil, &DNSError{Host: host, NotFound: true, Err: errors.New("no address")}
	}
	return out, nil
}

// resolve is host's addresses: an IP literal as it is, a name looked up once a run
// (a lookup cut short by its caller's context is not kept).
func (d *dialer) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	d.mu.Lock()
	l, ok := d.lookups[host]
	if !ok {
		l = &lookup{done: make(chan struct{})}
		d.lookups[host] = l
	}
	d.mu.Unlock()
	if ok {
		select {
		case <-l.done:
			return l.addrs, l.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	addrs, err := d.resolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		var dnsErr *net.DNSError
		switch {
		case ctx.Err() != nil:
			err = ctx.Err()
		case errors.As(err, &dnsErr):
			err = &DNSError{Host: host, NotFound: dnsErr.IsNotFound, Err: err}
		default:
			err = &DNSError{Host: host, Err: err}
		}
	}
	l.addrs, l.err = addrs, err
	if ctx.Err() != nil {
		d.mu.Lock()
		delete(d.lookups, host)
		d.mu.Unlock()
	}
	close(l.done)
	return addrs, err
}
