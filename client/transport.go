package client

import "net/http"

// IdleConnsPerHost is how many connections to one host NewTransport opens, and keeps
// when idle: a crawl's requests at once, twice over, so that sub-accounts crawled side
// by side (one host) still find one waiting; a request past them waits for one. The
// default transport opens any number and keeps 2: over HTTP/1.1 every request beyond
// the second then opened a connection of its own once the one before it ended, a TLS
// handshake and two round trips on most requests of a crawl. Over HTTP/2 the requests
// share one connection and the number changes nothing.
const IdleConnsPerHost = 64

// NewTransport is the transport of a program's API and token calls: the default
// transport's settings (the proxy from the environment, HTTP/2 where the server offers
// it, its timeouts), opening and keeping IdleConnsPerHost connections to a host. One
// made per run and shared by its clients keeps their connections in one pool.
func NewTransport() *http.Transport {
	t, ok := http.DefaultTransport.(*http.Transport)
	if ok {
		t = t.Clone()
	} else { // replaced by something else: the default's settings that matter here
		t = &http.Transport{Proxy: http.ProxyFromEnvironment, ForceAttemptHTTP2: true}
	}
	t.MaxIdleConnsPerHost, t.MaxConnsPerHost = IdleConnsPerHost, IdleConnsPerHost
	t.MaxIdleConns = max(t.MaxIdleConns, 2*IdleConnsPerHost)
	return t
}
