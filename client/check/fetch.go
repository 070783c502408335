package check

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"mime"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// drainLimit is what is read of a body that is not parsed (or past its head) so the
// connection can carry the next request; a longer body closes the connection.
const drainLimit = 64 << 10

// maxHeaderBytes bounds an answer's status line and headers, as a browser does (a
// page whose headers are longer does not load in one): a server cannot make every
// request of a run hold megabytes.
const maxHeaderBytes = 256 << 10

// newHTTPClient is the client of a run: connections made by the dialer (a proxy
// only where Options.Proxy names one, the address judged first: proxy.go), the
// system's authorities and the options' trusted, redirects not followed (each hop
// is one URL of the run), no cookie jar.
func newHTTPClient(o *Options, d *dialer) *http.Client {
	roots, err := x509.SystemCertPool()
	if err != nil || roots == nil {
		roots = x509.NewCertPool()
	}
	for _, c := range o.RootCAs {
		roots.AddCert(c)
	}
	tr := &http.Transport{
		Proxy:                  nil,
		DialContext:            d.DialContext,
		TLSClientConfig:        &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12},
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           o.MaxInFlight,
		MaxIdleConnsPerHost:    o.PerHost,
		IdleConnTimeout:        30 * time.Second,
		TLSHandshakeTimeout:    o.Timeout,
		ResponseHeaderTimeout:  o.Timeout,
		MaxResponseHeaderBytes: maxHeaderBytes,
	}
	var rt http.RoundTripper = tr
	if o.Proxy != nil {
		proxied := tr.Clone()
		proxied.Proxy = func(req *http.Request) (*url.URL, error) { return o.Proxy(req.URL) }
		proxied.DialContext = d.dialProxy
		rt = &routes{direct: tr, proxied: proxied, d: d, proxy: o.Proxy}
	}
	return &http.Client{
		Transport:     rt,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// fetchOnce asks u once. It returns nil when ctx ended first (nothing is known of
// u), and the wait a 429 or 503 asked for (0: none).
func (r *runner) fetchOnce(ctx context.Context, u string) (*Answer, time.Duration) {
	a := &Answer{URL: u, At: r.o.Now()}
	rctx, cancel := context.WithTimeout(ctx, r.o.Timeout)
	defer cancel()
	start := time.Now()
	trace := &httptrace.ClientTrace{
		GotConn: func(info httptrace.GotConnInfo) {
			if info.Conn != nil && a.Proxy == "" { // a proxy's address is not the site's
				a.Address = info.Conn.RemoteAddr().String()
			}
		},
		GotFirstResponseByte: func() { a.TTFBMillis = time.Since(start).Milliseconds() },
	}
	rctx = context.WithValue(httptrace.WithClientTrace(rctx, trace), viaKey{}, &a.Proxy)
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, u, nil)
	if err != nil {
		a.Failure = &Failure{Kind: FailOther, Text: "not an address: " + err.Error()}
		return a, 0
	}
	req.Header.Set("User-Agent", r.o.UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
	resp, err := r.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0
		}
		a.Failure = failureOf(err, &a.Cert)
		return a, 0
	}
	defer resp.Body.Close()
	a.Status = resp.StatusCode
	if resp.TLS != nil && len(resp.TLS.PeerCertificates) > 0 {
		a.Cert = &Cert{NotAfter: resp.TLS.PeerCertificates[0].NotAfter, Verified: true}
	}
	if loc := resp.Header.Get("Location"); loc != "" && isRedirect(resp.StatusCode) {
		a.Location = absolute(req.URL, loc)
	}
	a.Robots = clean(strings.Join(resp.Header.Values("X-Robots-Tag"), ", "))
	if resp.StatusCode == http.StatusOK && isHTML(resp.Header.Get("Content-Type")) {
		h := ParseHead(io.LimitReader(resp.Body, r.o.MaxBody))
		a.Head = &h
	}
	_, _ = io.CopyN(io.Discard, resp.Body, drainLimit)
	if ctx.Err() != nil {
		return nil, 0
	}
	var wait time.Duration
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		wait = retryAfter(resp.Header.Get("Retry-After"), r.o.Now())
	}
	return a, wait
}

func isRedirect(status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// isHTML reports whether a Content-Type is an HTML page (none said counts).
func isHTML(ct string) bool {
	if strings.TrimSpace(ct) == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && (mt == "text/html" || mt == "application/xhtml+xml")
}

// absolute is a Location made absolute against the address that sent it, in the
// form run keys take (normURL); a Location that is not an address is kept as sent.
func absolute(base *url.URL, loc string) string {
	ref, err := url.Parse(strings.TrimSpace(loc))
	if err != nil {
		return loc
	}
	abs := base.ResolveReference(ref).String()
	if n, ok := normURL(abs); ok {
		return n
	}
	return abs
}

// retryAfter is the wait a Retry-After asks for: seconds or an HTTP date; 0 for
// none, a bad value or a time passed. Values are clamped so no arithmetic overflows.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	const most = 24 * time.Hour
	if allDigits(v) {
		if len(v) > 6 {
			return most
		}
		n, _ := strconv.Atoi(v)
		return time.Duration(n) * time.Second
	}
	t, err := http.ParseTime(v)
	if err != nil || !t.After(now) {
		return 0
	}
	return min(t.Sub(now), most)
}

// normURL is an address as a run keys it: http or https only, host lower-cased and
// without its default port, the fragment dropped, an empty path "/".
func normURL(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" || u.User != nil {
		return "", false
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", false
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if host == "" || (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	u.Host = host
	if port != "" {
		u.Host += ":" + port
	}
	u.Fragment, u.RawFragment = "", ""
	if u.Path == "" {
		u.Path, u.RawPath = "/", ""
	}
	return u.String(), true
}
