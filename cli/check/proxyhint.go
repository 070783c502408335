package check

import (
	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
)

// What a run's answers say of the machine's network, said under the findings. Check
// asks every site directly unless told to go through a proxy, so behind a network
// that lets nothing out but through its proxy every finding is of the network, not
// of the sites, and nothing else would say so; and through a proxy, each name is
// still looked up here first.

// resultsOf are the outcomes' results (nil for a sub-account not checked).
func resultsOf(outcomes []outcome) []*linkcheck.Result {
	out := make([]*linkcheck.Result, len(outcomes))
	for i, o := range outcomes {
		out[i] = o.Result
	}
	return out
}

// unreachedProxy is, when no address of outcomes met a server and the environment
// names a proxy for them (its password hidden), how many were asked and the proxy;
// 0 and "" otherwise.
func unreachedProxy(f *cmdutil.Factory, outcomes []outcome) (asked int, proxy string) {
	asked, one := linkcheck.NoneReached(resultsOf(outcomes))
	if asked == 0 {
		return 0, ""
	}
	if proxy = cmdutil.ProxyOf(f.Getenv, one); proxy == "" {
		return 0, ""
	}
	return asked, proxy
}

// sayProxy says that none of asked addresses reached a server and check did not go
// through proxy, the one the environment names.
func sayProxy(f *cmdutil.Factory, asked int, proxy string) {
	none := "none of the " + index.Thousands(asked) + " addresses asked reached a server"
	if asked == 1 {
		none = "the one address asked reached no server"
	}
	f.Notice("Note: %s, and the environment names a proxy (%s) that funnels check does not go through: it asks each site directly, so that it can refuse the addresses of private networks. Where this machine reaches the web only through that proxy, the findings above are of this network, not of the sites: --proxy ([check] proxy = true) asks through it, each name still judged here first.",
		none, proxy)
}

// proxyNoticeLine is what a webhook's notice adds when no site was reached and a
// proxy is named: the errors posted may be the network's.
const proxyNoticeLine = "Note: no site answered, and this machine names a proxy (HTTPS_PROXY) that the check does not go through ([check] proxy = true would): these errors may be of its network, not of the sites."

// hintLookups says, for a run through a proxy where no name resolved, that each name
// is still looked up on this machine before the proxy is asked: a machine whose DNS
// answers no outside name makes every address fail so. It reports whether it said so.
func hintLookups(f *cmdutil.Factory, outcomes []outcome) bool {
	asked := linkcheck.NoneResolved(resultsOf(outcomes))
	if asked > 0 {
		f.Notice("Note: no name of the %s addresses asked resolved here. Through the proxy too, each name is first looked up on this machine, so that an address of a private network is refused before the proxy is asked for it: where this machine's DNS answers no outside name, check cannot judge them, and says so.",
			index.Thousands(asked))
	}
	return asked > 0
}

// hintNetwork says under a run's findings what its answers say of the network: with
// no proxy gone through, one named that was not (sayProxy); through one, no name
// resolved here (hintLookups).
func hintNetwork(f *cmdutil.Factory, outcomes []outcome, throughProxy bool) {
	if throughProxy {
		hintLookups(f, outcomes)
	} else if asked, proxy := unreachedProxy(f, outcomes); asked > 0 {
		sayProxy(f, asked, proxy)
	}
}

// networkNote is hintNetwork for a watch's round, said once a watch, and the line
// its webhook's notice adds ("" for none): every round's notice says it.
func (w *Watcher) networkNote(outs []outcome) string {
	if w.opts.Proxy != nil {
		if !w.networkSaid {
			w.networkSaid = hintLookups(w.f, outs)
		}
		return ""
	}
	asked, proxy := unreachedProxy(w.f, outs)
	if asked == 0 {
		return ""
	}
	if !w.networkSaid {
		sayProxy(w.f, asked, proxy)
		w.networkSaid = true
	}
	return proxyNoticeLine
}
