package cmdutil

import (
	"net/http"
	"testing"

	"github.com/funnelsdev/funnels/client"
)

// TestARunSharesOneTransport: every client of a run, and of a copy of its Factory (a
// command that runs another's), sends through one transport sized to a crawl, and
// the debug log wraps that same one.
func TestARunSharesOneTransport(t *testing.T) {
	ios, _, _ := TestStreams("")
	env := map[string]string{}
	f := NewFactory(ios, func(k string) string { return env[k] }, "test")
	a, err := f.Transport(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	copied := *f
	b, err := copied.Transport(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tr, ok := a.(*http.Transport)
	if !ok || a != b || tr == http.DefaultTransport {
		t.Fatalf("transports %p and %p (the default %p): want one of the run's own", a, b, http.DefaultTransport)
	}
	if tr.MaxIdleConnsPerHost != client.IdleConnsPerHost || tr.MaxConnsPerHost != client.IdleConnsPerHost || !tr.ForceAttemptHTTP2 || tr.Proxy == nil {
		t.Errorf("idle per host %d, at most %d, HTTP/2 %v, proxy from the environment %v: want %d, %[5]d, true, true",
			tr.MaxIdleConnsPerHost, tr.MaxConnsPerHost, tr.ForceAttemptHTTP2, tr.Proxy != nil, client.IdleConnsPerHost)
	}
	env["FUNNELS_DEBUG"] = "1"
	d, err := f.Transport(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if dt, ok := d.(*debugTransport); !ok || dt.base != a {
		t.Errorf("with the debug log: %T, want the run's transport under it", d)
	}
}
