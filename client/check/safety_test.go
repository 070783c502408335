package check

import (
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"testing"
)

// A step or a redirect whose address resolves to a loopback, metadata, private or
// IPv6 loopback address is reported and never dialled: the run dials only the
// address a resolve rule names.
func TestPrivateAddressesAreReportedNotFetched(t *testing.T) {
	loc := Location{ID: "L",
		Steps: []Step{
			{ID: "s1", Name: "Loop", Host: "loopback.check.test", Path: "/a", Live: true},
			{ID: "s2", Name: "Six", Host: "six.check.test", Path: "/b", Live: true},
			{ID: "s3", Name: "Fine", Host: "good.check.test", Path: "/fine", Live: true},
		},
		Redirects: []Redirect{
			{ID: "r1", Host: "good.check.test", Path: "/meta", Target: "http://metadata.check.test/latest/meta-data/", Action: "url"},
			{ID: "r2", Host: "good.check.test", Path: "/in", Target: "https://intranet.check.test/", Action: "url"},
			{ID: "r3", Host: "good.check.test", Path: "/via", Target: "https://good.check.test/hop", Action: "url"},
		},
	}
	// The good host answers its redirects as the location says, and /hop sends on to
	// the intranet: a hop of a chain is judged like any address.
	site := startTestSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, rd := range loc.Redirects {
			if r.URL.Path == rd.Path {
				http.Redirect(w, r, rd.Target, http.StatusMovedPermanently)
				return
			}
		}
		if r.URL.Path == "/hop" {
			http.Redirect(w, r, "https://intranet.check.test/admin", http.StatusFound)
			return
		}
		page(w, r)
	}))
	var log dialLog
	opts := site.options(&log)
	// Only the good host has rules; the others resolve through the resolver.
	opts.Resolve = site.rulesFor("good.check.test")
	opts.Resolver = mapResolver{
		"loopback.check.test": {netip.MustParseAddr("127.0.0.1")},
		"metadata.check.test": {netip.MustParseAddr("169.254.169.254")},
		"intranet.check.test": {netip.MustParseAddr("10.0.0.1")},
		"six.check.test":      {netip.MustParseAddr("::1")},
	}
	res, err := Run(ctxT(t), []Location{loc}, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"error blocked domain loopback.check.test",
		"error blocked domain six.check.test",
		"error blocked redirect good.check.test/in",
		"error blocked redirect good.check.test/meta",
		"error blocked redirect good.check.test/via",
	}
	if got := problems(res[0]); !slices.Equal(got, want) {
		t.Errorf("found:\n%s", strings.Join(got, "\n"))
	}
	for _, f := range res[0].Findings {
		if f.Kind == KindBlocked && f.Evidence.Address == "" {
			t.Errorf("%s names no address", brief(f))
		}
		if f.Subject.Path == "/meta" && !strings.Contains(f.Message, "169.254.169.254, a metadata address") {
			t.Errorf("meta: %s", f.Message)
		}
	}
	rule := site.rules[0].Addr.String()
	for _, a := range log.list() {
		if !strings.HasPrefix(a, rule+":") {
			t.Errorf("dialled %s", a)
		}
	}

	// Allowed, the same run dials them (the test's dialer refuses all but loopback).
	opts.AllowPrivate = true
	log = dialLog{}
	opts.Dial = log.dial
	if _, err := Run(ctxT(t), []Location{loc}, opts); err != nil {
		t.Fatal(err)
	}
	dialled := strings.Join(log.list(), " ")
	for _, a := range []string{"127.0.0.1:443", "[::1]:443", "10.0.0.1:443", "169.254.169.254:80"} {
		if !strings.Contains(dialled, a) {
			t.Errorf("with private addresses allowed, %s was not dialled: %s", a, dialled)
		}
	}
}

func TestAddrClass(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1": "loopback", "127.8.9.10": "loopback", "::1": "loopback",
		"10.0.0.1": "private", "172.16.5.4": "private", "192.168.1.1": "private",
		"169.254.169.254": "metadata", "169.254.1.1": "link-local", "fe80::1": "link-local",
		"100.64.0.1": "CGNAT", "100.100.100.200": "metadata", "fd00::1": "unique-local", "fd00:ec2::254": "metadata",
		"0.0.0.0": "unspecified", "::": "unspecified", "224.0.0.1": "multicast", "ff02::1": "multicast",
		"::ffff:10.0.0.1": "private", "64:ff9b::a00:1": "private", "2002:a9fe:a9fe::": "metadata",
		"240.0.0.1": "reserved", "198.18.0.1": "reserved",
		// The IPv4 inside the other ways IPv6 carries one: NAT64's local-use prefix,
		// SIIT-translated, IPv4-compatible; and the old site-local block.
		"64:ff9b:1::a9fe:a9fe": "metadata", "64:ff9b:1:2::7f00:1": "loopback", "::ffff:0:a00:1": "private",
		"::7f00:1": "loopback", "::a9fe:a9fe": "metadata", "fec0::1": "site-local",
		"64:ff9b:1::808:808": "", "::ffff:0:808:808": "",
		// The local-use prefix under a prefix shorter than 96 bits (RFC 6052's other
		// layouts): 10.1.2.8 as /64, /56 and /48 carry it, 169.254.169.254 as /48;
		// 8.8.8.8 under each is public.
		"64:ff9b:1:0:a:102:800:0": "private", "64:ff9b:1:0a:1:208::": "private", "64:ff9b:1:a01:2:800::": "private",
		"64:ff9b:1:a9fe:a9:fe00::": "metadata",
		"64:ff9b:1:0:8:808:800:0":  "", "64:ff9b:1:08:8:808::": "", "64:ff9b:1:808:8:800::": "",
		"93.184.216.34": "", "2606:2800:220:1:248:1893:25c8:1946": "", "8.8.8.8": "",
	} {
		if got := addrClass(netip.MustParseAddr(addr)); got != want {
			t.Errorf("%s: %q, want %q", addr, got, want)
		}
	}
}
