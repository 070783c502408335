package cmdutil

import (
	"cmp"
	"net/url"

	"golang.org/x/net/http/httpproxy"
)

// proxyConfig is the proxies the environment getenv reads names, as a transport
// reads them: HTTPS_PROXY, HTTP_PROXY and NO_PROXY, in either case.
func proxyConfig(getenv func(string) string) httpproxy.Config {
	env := func(name, lower string) string { return cmp.Or(getenv(name), getenv(lower)) }
	return httpproxy.Config{
		HTTPProxy:  env("HTTP_PROXY", "http_proxy"),
		HTTPSProxy: env("HTTPS_PROXY", "https_proxy"),
		NoProxy:    env("NO_PROXY", "no_proxy"),
		CGI:        getenv("REQUEST_METHOD") != "",
	}
}

// ProxyNamed reports whether the environment getenv reads names a proxy at all.
func ProxyNamed(getenv func(string) string) bool {
	cfg := proxyConfig(getenv)
	return cfg.HTTPSProxy != "" || cfg.HTTPProxy != ""
}

// ProxyFunc is the proxy a request to an address goes through, as a transport picks
// it from the environment getenv reads; nil for none (a loopback address never goes
// through one).
func ProxyFunc(getenv func(string) string) func(*url.URL) (*url.URL, error) {
	cfg := proxyConfig(getenv)
	return cfg.ProxyFunc()
}

// ProxyOf is ProxyFunc's proxy for address, with its password hidden; "" for none.
func ProxyOf(getenv func(string) string, address string) string {
	u, err := url.Parse(address)
	if err != nil {
		return ""
	}
	p, err := ProxyFunc(getenv)(u)
	if err != nil || p == nil {
		return ""
	}
	return p.Redacted()
}
