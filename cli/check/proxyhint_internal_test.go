package check

import (
	"net/url"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
)

// answered is an outcome whose addresses answered as answers say.
func answered(answers ...linkcheck.Answer) outcome {
	return outcome{Outcome: linkcheck.Outcome{Result: &linkcheck.Result{Answers: answers}}}
}

// TestAWatchSaysOnceWhatItsAnswersSayOfTheNetwork: a watch round whose sites all went
// unreached with a proxy named says so once a watch and gives every notice its line;
// through a proxy, a round where no name resolved says once that names are looked up
// here first, and adds no line; a round where a site answered says nothing.
func TestAWatchSaysOnceWhatItsAnswersSayOfTheNetwork(t *testing.T) {
	vars := map[string]string{"HTTPS_PROXY": "http://proxy.corp.example:3128"}
	refused := answered(linkcheck.Answer{URL: "https://offers.example.com/", Failure: &linkcheck.Failure{Kind: linkcheck.FailRefused}})
	notFound := answered(linkcheck.Answer{URL: "https://offers.example.com/", Failure: &linkcheck.Failure{Kind: linkcheck.FailDNS}})
	ok := answered(linkcheck.Answer{URL: "https://offers.example.com/", Status: 200})
	watcher := func(through bool) (*Watcher, func() string) {
		ios, _, stderr := cmdutil.TestStreams("")
		w := &Watcher{f: cmdutil.NewFactory(ios, func(k string) string { return vars[k] }, "test")}
		if through {
			w.opts.Proxy = func(*url.URL) (*url.URL, error) { return url.Parse(vars["HTTPS_PROXY"]) }
		}
		return w, stderr.String
	}

	w, said := watcher(false)
	for round := range 2 {
		if line := w.networkNote([]outcome{refused}); line != proxyNoticeLine {
			t.Errorf("round %d: the notice's line %q", round, line)
		}
	}
	if n := strings.Count(said(), "that funnels check does not go through"); n != 1 {
		t.Errorf("said %d times, want once:\n%s", n, said())
	}
	if w, said := watcher(false); w.networkNote([]outcome{ok, refused}) != "" || said() != "" {
		t.Errorf("a site answered, yet %q", said())
	}

	w, said = watcher(true)
	for round := range 2 {
		if line := w.networkNote([]outcome{notFound}); line != "" {
			t.Errorf("through the proxy, round %d: the notice's line %q", round, line)
		}
	}
	if n := strings.Count(said(), "each name is first looked up on this machine"); n != 1 {
		t.Errorf("through the proxy: said %d times, want once:\n%s", n, said())
	}
	if w, said := watcher(true); w.networkNote([]outcome{refused}) != "" || said() != "" {
		t.Errorf("through the proxy, a name resolved, yet %q", said())
	}
}
