package client_test

import (
	"encoding/json"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestLookupOperations reads the fonts (a POST with no body), the order-form products
// (all, one, an unknown one) and the geo-location.
func TestLookupOperations(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	fonts, _, err := c.CustomFonts(ctx)
	if err != nil || len(fonts) == 0 || fonts[0].FontFamily == "" {
		t.Fatalf("fonts: %+v %v", fonts, err)
	}
	// custom-fonts carries only the Authorization header: no body.
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/custom-fonts" && r.Body != "" {
			t.Errorf("custom-fonts sent a body %q", r.Body)
		}
	}
	products, _, err := c.OrderFormProducts(ctx, "")
	if err != nil || len(products) == 0 {
		t.Fatalf("products: %+v %v", products, err)
	}
	one, _, err := c.OrderFormProducts(ctx, products[0].ID)
	if err != nil || len(one) != 1 || one[0].ID != products[0].ID || one[0].Price != products[0].Price {
		t.Fatalf("one product: %+v %v", one, err)
	}
	if _, _, err := c.OrderFormProducts(ctx, "nope"); !isStatus(err, 404) {
		t.Errorf("unknown product: want 404, got %v", err)
	}
	geo, _, err := c.GeoLocation(ctx)
	if err != nil || len(geo.Country) != 2 {
		t.Fatalf("geo: %+v %v", geo, err)
	}
}

// TestLookupMultiple posts a lookup and reads its rows; a body that is not an object
// is refused before it is sent.
func TestLookupMultiple(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	rows, _, resp, err := c.LookupMultiple(ctx, json.RawMessage(`{"lookups":[{"target":"/spring-sale","action":"publish"}]}`))
	if err != nil || resp.StatusCode != 201 || len(rows) != 1 || rows[0].Target != "/spring-sale" {
		t.Fatalf("lookup/multiple: %+v %v", rows, err)
	}
	if _, _, _, err := c.LookupMultiple(ctx, json.RawMessage(`[1,2]`)); err == nil {
		t.Errorf("a non-object lookup body must be refused before sending")
	}
}
