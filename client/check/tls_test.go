package check

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// A domain's certificate is judged by its days left and whether it verifies: an
// expired one, one for other names, one from an authority not trusted, and one that
// ends soon. Each is one finding of the domain, its steps under it.
func TestCertificates(t *testing.T) {
	now := time.Now()
	for _, c := range []struct {
		name      string
		names     []string
		from, to  time.Time
		trust     bool
		want      string
		days      int
		inMessage string
	}{
		{"expired", []string{"*.check.test"}, now.Add(-90 * 24 * time.Hour), now.Add(-50 * time.Hour), true,
			"error tls domain shop.check.test", -3, "expired 3 days ago"},
		{"other name", []string{"elsewhere.example"}, now.Add(-time.Hour), now.Add(90 * 24 * time.Hour), true,
			"error tls domain shop.check.test", 89, "not valid for shop.check.test"},
		{"untrusted", []string{"*.check.test"}, now.Add(-time.Hour), now.Add(90 * 24 * time.Hour), false,
			"error tls domain shop.check.test", 89, "not signed by a trusted authority"},
		{"ends in 10 days", []string{"*.check.test"}, now.Add(-time.Hour), now.Add(10*24*time.Hour + time.Hour), true,
			"warning cert-expiry domain shop.check.test fix=renew the certificate", 10, "expires in 10 days"},
		{"ends tomorrow", []string{"*.check.test"}, now.Add(-time.Hour), now.Add(25 * time.Hour), true,
			"error cert-expiry domain shop.check.test fix=renew the certificate", 1, "expires in 1 day"},
	} {
		t.Run(c.name, func(t *testing.T) {
			site := startTestSiteCert(t, http.HandlerFunc(page), c.names, c.from, c.to)
			var log dialLog
			opts := site.options(&log)
			if !c.trust {
				opts.RootCAs = nil
			}
			res, err := Run(ctxT(t), []Location{{Steps: steps("shop.check.test", 2)}}, opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := problems(res[0]); !slices.Equal(got, []string{c.want}) {
				t.Fatalf("found %v", got)
			}
			f := res[0].Findings[0]
			if f.Evidence.CertDays == nil || *f.Evidence.CertDays != c.days || !strings.Contains(f.Message, c.inMessage) {
				t.Errorf("%s: days %v", f.Message, f.Evidence.CertDays)
			}
			if f.Severity == Error && f.Kind == KindTLS && len(f.Affects) != 2 {
				t.Errorf("affects %v", f.Affects)
			}
		})
	}
}

// A domain that answers nothing is one finding, and so is a host no rule or
// resolver knows.
func TestDomainsThatDoNotAnswer(t *testing.T) {
	site := startTestSite(t, http.HandlerFunc(page))
	var log dialLog
	opts := site.options(&log)
	// closed.check.test: a port nothing listens on; plain.check.test: http:// goes
	// to the TLS port, which answers 400 without a redirect to https://.
	tlsAt := site.rules[0].Addr.String() + ":" + itoa(site.rules[0].ToPort)
	opts.Resolve = nil
	for _, s := range []string{"closed.check.test:127.0.0.1:1", "plain.check.test:" + tlsAt} {
		r, err := ParseRule(s)
		if err != nil {
			t.Fatal(err)
		}
		opts.Resolve = append(opts.Resolve, r)
	}
	loc := Location{Steps: append(steps("closed.check.test", 1), steps("plain.check.test", 1)...)}
	loc.Steps = append(loc.Steps, Step{ID: "n", Host: "nowhere.invalid", Path: "/x", Live: true},
		Step{ID: "archived", Host: "nowhere.invalid", Path: "/y"}, Step{ID: "no domain", Path: "/z", Live: true})
	res, err := Run(ctxT(t), []Location{loc}, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"error dns domain nowhere.invalid",
		"error not-answering domain closed.check.test",
		"warning no-https domain plain.check.test",
	}
	if got := problems(res[0]); !slices.Equal(got, want) {
		t.Errorf("found %v", got)
	}
}
