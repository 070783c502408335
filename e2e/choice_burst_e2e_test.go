package e2e

import "testing"

// TestTUILettersPickAChoice: letters typed into a choice of the real binary pick the
// option they name, in one burst with the key that opens the form: E, "Purchase",
// enter (which moves on with it) and ctrl+s send a Purchase; n, a name, a path,
// "upsell" and two enters make an upsell step. What the sandbox was sent says so.
func TestTUILettersPickAChoice(t *testing.T) {
	needTmux(t)
	for _, c := range []burstCase{
		{name: "event",
			burst:  []string{"E", "Purchase", "Enter", "C-s"},
			method: "POST", path: "/funnels/event/conversion",
			want: map[string]string{"eventName": "Purchase"}},
		{name: "step type",
			open:   []move{springSale},
			burst:  []string{"n", "VIP", "Enter", "/vip-upsell", "Enter", "upsell", "Enter", "Enter"},
			method: "POST", path: "/funnels/funnel/create-step",
			want: map[string]string{"step.name": "VIP", "step.url": "/vip-upsell", "step.type": "upsell_funnel_page"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s, base := startBurstTUI(t, 120, 40)
			for _, m := range c.open {
				s.burst(m.keys...)
				s.waitFor(m.wait...)
			}
			skip := len(sandboxLog(t, base))
			s.burst(c.burst...)
			r := awaitRequest(t, base, skip, c.method, c.path)
			for k, want := range c.want {
				if got := sentValue(t, r, k); got != want {
					t.Errorf("%s is %q, want %q (%s %s %s)", k, got, want, r.Method, r.Path, r.Body)
				}
			}
		})
	}
}
