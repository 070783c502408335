package client_test

import (
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFunnelWithDomain: a domain a funnel uses answers with that funnel; a domain not
// attached is a 404.
func TestFunnelWithDomain(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	withDomain := funnelWithADomain(t, c)

	fw, _, err := c.FunnelWithDomain(ctx, withDomain.DomainName)
	if err != nil || fw.Domain == nil || fw.Domain.URL != withDomain.DomainName || !hasFunnel(fw.Funnels, withDomain.ID) {
		t.Fatalf("funnel-with-domain %s: %+v %v", withDomain.DomainName, fw, err)
	}
	if _, _, err := c.FunnelWithDomain(ctx, "not-attached.example.com"); !isStatus(err, 404) {
		t.Errorf("unattached domain: want 404, got %v", err)
	}
}

// TestAttachDomainShowsInFunnelWithDomain: an attached domain is known to
// funnel-with-domain; a host name that is not one is refused.
func TestAttachDomainShowsInFunnelWithDomain(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	d, resp, err := c.AttachDomain(ctx, client.AttachDomainRequest{Domain: "promo.lakeside-fitness.com"})
	if err != nil || d.URL != "promo.lakeside-fitness.com" || resp.StatusCode != 201 {
		t.Fatalf("attach: %+v %v", d, err)
	}
	fw, _, err := c.FunnelWithDomain(ctx, "promo.lakeside-fitness.com")
	if err != nil || fw.Domain == nil {
		t.Fatalf("attached domain not found: %v", err)
	}
	if _, _, err := c.AttachDomain(ctx, client.AttachDomainRequest{Domain: "https://bad/path"}); !isStatus(err, 422) {
		t.Errorf("bad host: want 422, got %v", err)
	}
}

// funnelWithADomain is the seed's first funnel with a domain.
func funnelWithADomain(t *testing.T, c *client.Client) client.Funnel {
	t.Helper()
	all, _, _ := c.ListAllFunnels(ctxT(t), client.ListFunnelsParams{}, 0)
	for i := range all {
		if all[i].DomainName != "" {
			return all[i]
		}
	}
	t.Fatal("no funnel with a domain in the seed")
	return client.Funnel{}
}

// TestHostAndPublicURL: one form of a host for every address — no scheme, no trailing
// slashes, lower case — and a path with one leading slash; no domain, no address.
func TestHostAndPublicURL(t *testing.T) {
	for in, want := range map[string]string{
		"Offers.Example.com":             "offers.example.com",
		" https://Offers.example.com// ": "offers.example.com",
		"http://offers.example.com/":     "offers.example.com",
		"":                               "",
	} {
		if got := client.Host(in); got != want {
			t.Errorf("Host(%q) = %q, want %q", in, got, want)
		}
	}
	for _, c := range []struct{ domain, path, want string }{
		{"Offers.Example.com/", "/spring", "https://offers.example.com/spring"},
		{"https://offers.example.com", "spring", "https://offers.example.com/spring"},
		{"offers.example.com", "", "https://offers.example.com"},
		{" ", "/spring", ""},
	} {
		if got := client.PublicURL(c.domain, c.path); got != c.want {
			t.Errorf("PublicURL(%q, %q) = %q, want %q", c.domain, c.path, got, c.want)
		}
	}
	r := client.Redirect{Domain: "A.Example", Path: ""}
	if got := r.OldURL(); got != "https://a.example/" {
		t.Errorf("a redirect of the bare domain answers at %q, want https://a.example/", got)
	}
}
