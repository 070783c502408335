package index

import (
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// A funnel the funnel list answers without its steps (a server or a proxy that
// leaves the field out) is still the location's: the look-up returns it, steps
// unknown, rather than saying the location has no such funnel.
func TestLookupFunnelListedWithoutSteps(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{Surface: sandbox.SurfaceDocumented})
	proxied := funnelListProxy(t, sb, func(page map[string]any) {
		for _, v := range page {
			if list, ok := v.([]any); ok {
				for _, f := range list {
					if m, ok := f.(map[string]any); ok {
						delete(m, "steps")
					}
				}
			}
		}
	})
	direct := newClient(t, sb, "")
	ctx := ctxT(t)
	all, _, err := direct.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil || len(all) == 0 {
		t.Fatalf("the funnel list: %d funnels, %v", len(all), err)
	}
	via := &sandbox.Running{URL: proxied, Server: sb.Server}
	got, err := LookupFunnel(ctx, newClient(t, via, ""), newStore(t, via), all[0].ID, false)
	if err != nil || got.Funnel == nil || got.Funnel.ID != all[0].ID || got.Funnel.StepsKnown {
		t.Fatalf("looked up %+v (%v), want the funnel, steps unknown", got.Funnel, err)
	}
}
