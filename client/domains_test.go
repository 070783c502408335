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
