package check

import (
	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// hintProxy says once, when no address of the run met a server and the environment
// names a proxy for them, that check asks every site directly: behind a network that
// lets nothing out but through its proxy, every finding is then of the network, not
// of the sites, and nothing else would say so.
func hintProxy(f *cmdutil.Factory, outcomes []outcome) {
	results := make([]*linkcheck.Result, len(outcomes))
	for i, o := range outcomes {
		results[i] = o.Result
	}
	asked, one := linkcheck.NoneReached(results)
	if asked == 0 {
		return
	}
	proxy := cmdutil.ProxyOf(f.Getenv, one)
	if proxy == "" {
		return
	}
	none := "none of the " + index.Thousands(asked) + " addresses asked reached a server"
	if asked == 1 {
		none = "the one address asked reached no server"
	}
	f.Notice("Note: %s, and the environment names a proxy (%s) that funnels check does not go through: it asks each site directly, so that it can refuse the addresses of private networks. Where this machine reaches the web only through that proxy, the findings above are of this network, not of the sites: run check on a machine that reaches them directly.",
		none, proxy)
}
