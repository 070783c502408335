package index

import "testing"

// TestKeysNameWhatAnItemSitsUnder: a page's key holds its funnel and step, not its
// folders; a funnel's holds its folders.
func TestKeysNameWhatAnItemSitsUnder(t *testing.T) {
	for _, c := range []struct {
		it   Item
		want string
	}{
		{Item{Kind: KindPage, Name: "Offer", Path: "/spring-offer", Where: "Promos › Q3 › Spring Sale › Checkout"}, "offer /spring-offer spring sale › checkout"},
		{Item{Kind: KindStep, Name: "Checkout", Path: "/c", Where: "Promos › Spring Sale"}, "checkout /c spring sale"},
		{Item{Kind: KindFunnel, Name: "Spring Sale", Where: "Promos › Q3"}, "spring sale promos › q3"},
		{Item{Kind: KindPage, Name: "Café", Where: "Á"}, "café á"},
	} {
		if got := c.it.Key(); got != c.want {
			t.Errorf("%+v: key %q, want %q", c.it, got, c.want)
		}
	}
	if got := lastCrumbs("a › b › c", 2); got != "b › c" {
		t.Errorf("lastCrumbs = %q", got)
	}
}
