package cmdutil

import (
	"cmp"
	"net/url"

	"golang.org/x/net/http/httpproxy"
)

// ProxyOf is the proxy a request to address goes through, as the run's transport
// picks it from the environment (HTTPS_PROXY, HTTP_PROXY and NO_PROXY, either case),
// with its password hidden; "" for none (a loopback address never goes through one).
func ProxyOf(getenv func(string) string, address string) string {
	u, err := url.Parse(address)
	if err != nil {
		return ""
	}
	env := func(name, lower string) string { return cmp.Or(getenv(name), getenv(lower)) }
	cfg := httpproxy.Config{
		HTTPProxy:  env("HTTP_PROXY", "http_proxy"),
		HTTPSProxy: env("HTTPS_PROXY", "https_proxy"),
		NoProxy:    env("NO_PROXY", "no_proxy"),
		CGI:        getenv("REQUEST_METHOD") != "",
	}
	p, err := cfg.ProxyFunc()(u)
	if err != nil || p == nil {
		return ""
	}
	return p.Redacted()
}
