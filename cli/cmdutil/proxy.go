package cmdutil

import (
	"cmp"
	"net/url"

	"golang.org/x/net/http/httpproxy"
)

// ProxyNamed reports whether the environment getenv reads names a proxy at all.
func ProxyNamed(getenv func(string) string) bool {
	for _, v := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"} {
		if getenv(v) != "" {
			return true
		}
	}
	return false
}

// ProxyFunc is the proxy a request to an address goes through, as a transport picks
// it from the environment getenv reads (HTTPS_PROXY, HTTP_PROXY and NO_PROXY, either
// case); nil for none (a loopback address never goes through one).
func ProxyFunc(getenv func(string) string) func(*url.URL) (*url.URL, error) {
	env := func(name, lower string) string { return cmp.Or(getenv(name), getenv(lower)) }
	cfg := httpproxy.Config{
		HTTPProxy:  env("HTTP_PROXY", "http_proxy"),
		HTTPSProxy: env("HTTPS_PROXY", "https_proxy"),
		NoProxy:    env("NO_PROXY", "no_proxy"),
		CGI:        getenv("REQUEST_METHOD") != "",
	}
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
