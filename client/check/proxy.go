package check

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
)

// A run asks each site directly unless Options.Proxy names a proxy for it. Then the
// request goes through a transport of its own, whose connections are made to the
// proxies alone: an address is never dialled past the judgement because it happens
// to be a proxy's. Before a request is handed to that transport, its host is looked
// up and judged as a direct request's would be (a private address refused, a name
// that does not resolve said), so a proxy is never asked for what the run would not
// fetch itself; the proxy then reaches the site by its name.

// routes sends each request directly or through its proxy.
type routes struct {
	direct, proxied http.RoundTripper
	d               *dialer
	proxy           func(*url.URL) (*url.URL, error)
}

// RoundTrip sends req the way its address goes.
func (rt *routes) RoundTrip(req *http.Request) (*http.Response, error) {
	p, err := rt.proxyFor(req.Context(), req.URL)
	switch {
	case err != nil:
		if req.Body != nil {
			_ = req.Body.Close()
		}
		return nil, err
	case p == nil:
		return rt.direct.RoundTrip(req)
	}
	if via, ok := req.Context().Value(viaKey{}).(*string); ok {
		*via = p.Redacted()
	}
	rt.d.allowProxy(proxyAddr(p))
	return rt.proxied.RoundTrip(req)
}

// viaKey keys, in a request's context, where RoundTrip writes the proxy the request
// went through (its password hidden): fetchOnce's answer names it.
type viaKey struct{}

// CloseIdleConnections closes both transports' idle connections.
func (rt *routes) CloseIdleConnections() {
	for _, t := range []http.RoundTripper{rt.direct, rt.proxied} {
		if c, ok := t.(interface{ CloseIdleConnections() }); ok {
			c.CloseIdleConnections()
		}
	}
}

// proxyFor is the proxy u goes through, its host judged first; nil: none (no proxy
// named for it, or a resolve rule names where it is).
func (rt *routes) proxyFor(ctx context.Context, u *url.URL) (*url.URL, error) {
	host, port := u.Hostname(), portOf(u)
	if _, ok := matchRule(rt.d.rules, host, port); ok {
		return nil, nil
	}
	p, err := rt.proxy(u)
	if err != nil || p == nil {
		return nil, err
	}
	if _, err := rt.d.targets(ctx, host, port); err != nil {
		return nil, err
	}
	return p, nil
}

// portOf is the port u is asked at.
func portOf(u *url.URL) int {
	if p, err := strconv.Atoi(u.Port()); err == nil {
		return p
	}
	if u.Scheme == "http" {
		return 80
	}
	return 443
}

// proxyAddr is the HOST:PORT a transport dials for proxy p, as net/http names it.
func proxyAddr(p *url.URL) string {
	port := p.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443", "socks5": "1080", "socks5h": "1080"}[p.Scheme]
	}
	return net.JoinHostPort(p.Hostname(), port)
}

// proxies are the proxies' addresses a run has gone through: the only ones its
// proxied transport dials.
type proxies struct {
	mu    sync.Mutex
	addrs map[string]bool
}

// allowProxy lets the proxied transport dial addr.
func (d *dialer) allowProxy(addr string) {
	d.proxies.mu.Lock()
	defer d.proxies.mu.Unlock()
	if d.proxies.addrs == nil {
		d.proxies.addrs = map[string]bool{}
	}
	d.proxies.addrs[addr] = true
}

// dialProxy connects to a proxy, by the name it was given: the proxy is the person's
// own setting, where a site's address is the run's to judge.
func (d *dialer) dialProxy(ctx context.Context, network, addr string) (net.Conn, error) {
	d.proxies.mu.Lock()
	ok := d.proxies.addrs[addr]
	d.proxies.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("dial %s: not a proxy of this run", addr)
	}
	return d.dial(ctx, network, addr)
}
