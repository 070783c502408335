package check

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
)

// testProxy is an HTTP proxy on loopback that joins a CONNECT to any host to the
// test site's TLS address, forwards a plain request to its plain one, and keeps the
// host:port of each it was asked.
type testProxy struct {
	url   *url.URL
	mu    sync.Mutex
	asked []string
}

func startTestProxy(t *testing.T, site *testSite) *testProxy {
	t.Helper()
	addr := func(r Rule) string { return netip.AddrPortFrom(r.Addr, uint16(r.ToPort)).String() }
	secure, plain := addr(site.rules[0]), addr(site.rules[1])
	p := &testProxy{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.asked = append(p.asked, r.Method+" "+r.Host)
		p.mu.Unlock()
		if r.Method != http.MethodConnect {
			out, _ := http.NewRequestWithContext(r.Context(), r.Method, "http://"+plain+r.URL.RequestURI(), nil)
			out.Host = r.Host
			resp, err := http.DefaultTransport.RoundTrip(out)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			defer resp.Body.Close()
			for k, v := range resp.Header {
				w.Header()[k] = v
			}
			w.WriteHeader(resp.StatusCode)
			_, _ = io.Copy(w, resp.Body)
			return
		}
		up, err := net.Dial("tcp", secure)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			up.Close()
			return
		}
		_, _ = conn.Write([]byte("HTTP/1.1 200 Connection established\r\n\r\n"))
		go func() { _, _ = io.Copy(up, bufio.NewReader(io.MultiReader(buf, conn))); up.Close() }()
		_, _ = io.Copy(conn, up)
		conn.Close()
	}))
	t.Cleanup(srv.Close)
	p.url, _ = url.Parse(srv.URL)
	return p
}

func (p *testProxy) list() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := slices.Clone(p.asked)
	slices.Sort(out)
	return slices.Compact(out)
}

// TestAProxyNamedIsGoneThrough: where Options.Proxy names a proxy, a site is asked
// through it, by its name: the run dials the proxy alone, never the site's address,
// and names the proxy, not an address, it answered from. A host that resolves to a private address is
// still refused before the proxy is asked for it, the proxy's own address asked
// directly is refused as any loopback one, and a host a resolve rule names is reached
// directly.
func TestAProxyNamedIsGoneThrough(t *testing.T) {
	loc := Location{ID: "L",
		Steps: []Step{
			{ID: "s1", Name: "Offer", Host: "good.check.test", Path: "/offer", Live: true},
			{ID: "s2", Name: "Ruled", Host: "ruled.check.test", Path: "/ruled", Live: true},
		},
		Redirects: []Redirect{
			{ID: "r1", Host: "good.check.test", Path: "/in", Target: "https://intranet.check.test/", Action: "url"},
		},
	}
	var proxy *testProxy
	site := startTestSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/in":
			http.Redirect(w, r, "https://intranet.check.test/", http.StatusMovedPermanently)
		case "/to-proxy":
			http.Redirect(w, r, "http://"+proxy.url.Host+"/x", http.StatusMovedPermanently)
		default:
			page(w, r)
		}
	}))
	proxy = startTestProxy(t, site)
	loc.Redirects = append(loc.Redirects, Redirect{ID: "r2", Host: "good.check.test", Path: "/to-proxy", Target: "http://" + proxy.url.Host + "/x", Action: "url"})
	var log dialLog
	opts := site.options(&log)
	opts.Resolve = site.rulesFor("ruled.check.test")
	opts.Resolver = mapResolver{
		"good.check.test":     {netip.MustParseAddr("93.184.216.34")},
		"intranet.check.test": {netip.MustParseAddr("10.0.0.1")},
	}
	// As the environment's proxies do, an address given as an IP is asked directly:
	// the proxy's own is judged as any site's.
	opts.Proxy = func(u *url.URL) (*url.URL, error) {
		if _, err := netip.ParseAddr(u.Hostname()); err == nil {
			return nil, nil
		}
		return proxy.url, nil
	}
	res, err := Run(ctxT(t), []Location{loc}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := problems(res[0]), []string{"error blocked redirect good.check.test/in", "error blocked redirect good.check.test/to-proxy"}; !slices.Equal(got, want) {
		t.Errorf("found:\n%s", strings.Join(got, "\n"))
	}
	if got, want := proxy.list(), []string{"CONNECT good.check.test:443", "GET good.check.test"}; !slices.Equal(got, want) {
		t.Errorf("the proxy was asked %q, want %q", got, want)
	}
	rule := site.rules[0].Addr.String()
	for _, a := range log.list() {
		if a != proxy.url.Host && !strings.HasPrefix(a, rule+":") {
			t.Errorf("dialled %s", a)
		}
	}
	for _, f := range res[0].Findings {
		if f.Subject.Type == SubjectStep && f.Subject.Host == "good.check.test" && f.Evidence.Proxy != proxy.url.String() {
			t.Errorf("%s: the evidence names the proxy %q, want %s", brief(f), f.Evidence.Proxy, proxy.url)
		}
	}
	for _, a := range res[0].Answers {
		if strings.Contains(a.URL, "good.check.test") && (a.Address != "" || a.Proxy != proxy.url.String()) {
			t.Errorf("%s: answered from %q through %q, want no address and the proxy %s", a.URL, a.Address, a.Proxy, proxy.url)
		}
		if strings.Contains(a.URL, "ruled.check.test") && a.Status != 0 && a.Address == "" {
			t.Errorf("%s: asked directly, yet no address", a.URL)
		}
	}
}
