package ui

import (
	"context"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestTheHealthViewSaysItDoesNotGoThroughTheProxy: where no site is reached and a
// proxy is named for them, the Health view's title says that its check asks each
// site directly, every line the screen's width at 80 and 200 columns; where the
// sites answer, it does not.
func TestTheHealthViewSaysItDoesNotGoThroughTheProxy(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close()
	const note = "no site reached: the check goes direct, not through HTTPS_PROXY — the network may be the cause"
	proxy := func(string) string { return "http://proxy.corp.example:3128" }
	for _, width := range []int{80, 200} {
		sb, c := testClient(t, sandbox.Options{Sites: sandbox.SitesOptions{Enabled: true}}, -1)
		opts := demoOptions(c, sb)
		opts.Account, opts.Index, opts.CheckProxy = "demo", builtIndex(t, sb, c), proxy
		nowhere := check.Options{Resolver: check.NoDNS{}}
		for _, r := range []string{"*:443:127.0.0.1:" + port, "*:80:127.0.0.1:" + port} {
			rule, err := check.ParseRule(r)
			if err != nil {
				t.Fatal(err)
			}
			nowhere.Resolve = append(nowhere.Resolve, rule)
		}
		opts.Check = &nowhere
		h := newIndexHarness(t, opts, width, 30)
		v := checked(h)
		if !strings.Contains(line(v, "Health · checked"), "✗ no site reached") {
			t.Fatalf("at %d columns the title does not say it:\n%s", width, v)
		}
		if !strings.Contains(h.m.status.notice, note) {
			t.Fatalf("at %d columns the status bar does not say it: %q\n%s", width, h.m.status.notice, v)
		}
		sameWidths(t, v, width)
		checkFrame(t, h.m.View().Content, width, 30)
	}

	h, _ := healthHarness(t, 80, 30, nil, "")
	h.m.opts.CheckProxy = proxy
	if v := checked(h); strings.Contains(v, "no site reached") {
		t.Fatalf("the sites answered, yet:\n%s", v)
	}
}

// dnsAnswersNothing is a machine's DNS that resolves no outside name.
type dnsAnswersNothing struct{}

func (dnsAnswersNothing) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	return nil, &net.DNSError{Err: "server misbehaving", Name: host, IsTemporary: true}
}

// TestTheHealthViewSaysNamesAreLookedUpHereFirst: a check through a proxy where no
// name resolves on this machine says so in the title and on the status bar.
func TestTheHealthViewSaysNamesAreLookedUpHereFirst(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{Sites: sandbox.SitesOptions{Enabled: true}}, -1)
	opts := demoOptions(c, sb)
	opts.Account, opts.Index = "demo", builtIndex(t, sb, c)
	opts.Check = &check.Options{Resolver: dnsAnswersNothing{},
		Proxy: func(*url.URL) (*url.URL, error) { return url.Parse("http://proxy.corp.example:3128") }}
	h := newIndexHarness(t, opts, 80, 30)
	v := checked(h)
	if !strings.Contains(line(v, "Health · checked"), "✗ no name resolved") {
		t.Fatalf("the title does not say it:\n%s", v)
	}
	if want := "names are looked up on this machine first"; !strings.Contains(h.m.status.notice, want) {
		t.Fatalf("the status bar does not say it: %q", h.m.status.notice)
	}
	sameWidths(t, v, 80)
}
