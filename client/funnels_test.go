package client_test

import (
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestListFunnelsPageByPage walks the funnel list in pages of 7 without reading a
// funnel twice, and reads one page of 5 with the whole count.
func TestListFunnelsPageByPage(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	all, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 25 {
		t.Fatalf("ListAllFunnels read %d funnels, want ≥ 25", len(all))
	}
	seen := map[string]bool{}
	for _, f := range all {
		if seen[f.ID] {
			t.Fatalf("funnel %s read twice while paging", f.ID)
		}
		seen[f.ID] = true
		if len(f.Steps) < 2 || len(f.Steps) > 8 {
			t.Errorf("funnel %q has %d steps", f.Name, len(f.Steps))
		}
	}
	page1, _, err := c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 5})
	if err != nil || len(page1.Funnels) != 5 || page1.Count != len(all) {
		t.Fatalf("ListFunnels limit 5: %d funnels, count %d, err %v", len(page1.Funnels), page1.Count, err)
	}
}

// reread reads the funnel list again and returns funnelID's funnel as it is now.
func reread(t *testing.T, c *client.Client, funnelID string) client.Funnel {
	t.Helper()
	all, _, err := c.ListAllFunnels(ctxT(t), client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range all {
		if f.ID == funnelID {
			return f
		}
	}
	t.Fatalf("funnel %s gone", funnelID)
	return client.Funnel{}
}

func hasFunnel(fs []client.Funnel, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
}
