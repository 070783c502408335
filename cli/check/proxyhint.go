package check

import (
	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// unreachedProxy is, when no address of outcomes met a server and the environment
// names a proxy for them (its password hidden), how many were asked and the proxy;
// 0 and "" otherwise. Check asks every site directly, so behind a network that lets
// nothing out but through its proxy every finding is of the network, not of the
// sites, and nothing else would say so.
func unreachedProxy(f *cmdutil.Factory, outcomes []outcome) (asked int, proxy string) {
	results := make([]*linkcheck.Result, len(outcomes))
	for i, o := range outcomes {
		results[i] = o.Result
	}
	asked, one := linkcheck.NoneReached(results)
	if asked == 0 {
		return 0, ""
	}
	if proxy = cmdutil.ProxyOf(f.Getenv, one); proxy == "" {
		return 0, ""
	}
	return asked, proxy
}

// hintProxy says, under the findings, that no site was reached and check does not
// go through the proxy the environment names; nothing when a site answered or none
// is named. It reports whether it said so.
func hintProxy(f *cmdutil.Factory, outcomes []outcome) bool {
	asked, proxy := unreachedProxy(f, outcomes)
	if asked == 0 {
		return false
	}
	none := "none of the " + index.Thousands(asked) + " addresses asked reached a server"
	if asked == 1 {
		none = "the one address asked reached no server"
	}
	f.Notice("Note: %s, and the environment names a proxy (%s) that funnels check does not go through: it asks each site directly, so that it can refuse the addresses of private networks. Where this machine reaches the web only through that proxy, the findings above are of this network, not of the sites: --proxy ([check] proxy = true) asks through it, each name still judged here first.",
		none, proxy)
	return true
}

// proxyNoticeLine is what a webhook's notice adds when no site was reached and a
// proxy is named: the errors posted may be the network's.
const proxyNoticeLine = "Note: no site answered, and this machine names a proxy (HTTPS_PROXY) that the check does not go through ([check] proxy = true would): these errors may be of its network, not of the sites."

// hintLookups says, for a run through a proxy where no name resolved, that each name
// is still looked up on this machine before the proxy is asked: a machine whose DNS
// answers no outside name makes every address fail so. It reports whether it said so.
func hintLookups(f *cmdutil.Factory, outcomes []outcome) bool {
	results := make([]*linkcheck.Result, len(outcomes))
	for i, o := range outcomes {
		results[i] = o.Result
	}
	asked := linkcheck.NoneResolved(results)
	if asked > 0 {
		f.Notice("Note: no name of the %s addresses asked resolved here. Through the proxy too, each name is first looked up on this machine, so that an address of a private network is refused before the proxy is asked for it: where this machine's DNS answers no outside name, check cannot judge them, and says so.",
			index.Thousands(asked))
	}
	return asked > 0
}
