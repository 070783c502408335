package check

import (
	"net/netip"
	"strings"
	"testing"
)

func TestParseRule(t *testing.T) {
	ip4, ip6 := netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1")
	for in, want := range map[string]Rule{
		"offers.example.com:443:127.0.0.1":       {Host: "offers.example.com", Port: 443, Addr: ip4},
		"Offers.Example.com:443:127.0.0.1:40123": {Host: "offers.example.com", Port: 443, Addr: ip4, ToPort: 40123},
		"offers.example.com:127.0.0.1":           {Host: "offers.example.com", Addr: ip4},
		"offers.example.com:127.0.0.1:8443":      {Host: "offers.example.com", Addr: ip4, ToPort: 8443},
		"a.example:443:[::1]":                    {Host: "a.example", Port: 443, Addr: ip6},
		"a.example:443:::1":                      {Host: "a.example", Port: 443, Addr: ip6},
		"a.example:[::1]:9":                      {Host: "a.example", Addr: ip6, ToPort: 9},
		"*:80:127.0.0.1:8080":                    {Host: "*", Port: 80, Addr: ip4, ToPort: 8080},
		" a.example:[::ffff:127.0.0.1] ":         {Host: "a.example", Addr: ip4},
	} {
		got, err := ParseRule(in)
		if err != nil || got != want {
			t.Errorf("%q: %+v %v", in, got, err)
		}
	}
	for _, in := range []string{"", "a.example", "a.example:", "a.example:443", "a.example:443:", "a.example:::1",
		"a.example:70000:127.0.0.1", "a.example:0:127.0.0.1", "a b:127.0.0.1", "a.example:443:1.2.3.4:", "a.example:[::1",
		"a.example:[::1]x", "a.example:443:localhost", "a..example:127.0.0.1", "a.example:fe80::1%eth0", "a.example:1.2.3.4:99999"} {
		if r, err := ParseRule(in); err == nil {
			t.Errorf("%q read as %+v", in, r)
		}
	}
}

func TestParseRulesAndMatch(t *testing.T) {
	rules, err := ParseRules(strings.NewReader("# sites\n\nx.example:443:127.0.0.2\n*:443:127.0.0.3\nx.example:127.0.0.4\n*:127.0.0.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		host string
		port int
		want string
	}{{"x.example", 443, "127.0.0.2"}, {"x.example", 80, "127.0.0.4"}, {"y.example", 443, "127.0.0.3"}, {"y.example", 80, "127.0.0.5"},
		// The same name in another case, or fully qualified, is the rule's.
		{"X.Example", 443, "127.0.0.2"}, {"x.example.", 80, "127.0.0.4"}} {
		if r, ok := matchRule(rules, c.host, c.port); !ok || r.Addr.String() != c.want {
			t.Errorf("%s:%d → %v %v", c.host, c.port, r, ok)
		}
	}
	if r, err := ParseRule("Z.Example.:443:127.0.0.6"); err != nil || r.Host != "z.example" {
		t.Errorf("a fully qualified rule: %+v %v", r, err)
	}
	if _, err := ParseRules(strings.NewReader("ok.example:127.0.0.1\nbad\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err %v", err)
	}
}

// Any text either fails to parse or parses to a rule that reads back the same from
// its String.
func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"a.example:443:127.0.0.1", "a.example:[::1]:8443", "*:80:10.0.0.1:8080", "a.example:443:::1",
		"x:1.2.3.4", "a.example:[::ffff:1.2.3.4]", "::", "a:443:[fe80::1%25x]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRule(s)
		if err != nil {
			return
		}
		back, err := ParseRule(r.String())
		if err != nil || back != r {
			t.Fatalf("%q → %+v → %q → %+v %v", s, r, r.String(), back, err)
		}
		if !r.Addr.IsValid() || r.Port < 0 || r.Port > 65535 || r.ToPort < 0 || r.ToPort > 65535 || !validHost(r.Host) {
			t.Fatalf("%q → %+v", s, r)
		}
	})
}
