package check

import (
	"encoding/json"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// seededFaults are what a check of Lakeside Fit's sites finds before the seeded step
// moves: every seeded fault, each with its severity and fix, and nothing else.
var seededFaults = []string{
	"error cert-expiry domain webinars.lakesidefit.com fix=renew the certificate",
	"error dns domain promo.lakesidefit.com",
	"error loop redirect www.lakesidefit.com/login",
	"error loop redirect www.lakesidefit.com/members",
	"error status step join.lakesidefit.com/free-workout-guide-thank-you",
	"warning canonical step www.lakesidefit.com/pricing",
	"warning chain redirect offers.lakesidefit.com/summer-2024 fix=redirect /summer-2024 → /spring-sale-opt-in",
	"warning chain redirect offers.lakesidefit.com/summer-2025 fix=redirect /summer-2025 → /spring-sale-opt-in",
	"warning chain redirect offers.lakesidefit.com/summer-2026 fix=redirect /summer-2026 → /spring-sale-opt-in",
	"warning noindex step join.lakesidefit.com/body-quiz-results",
	"warning shadow redirect offers.lakesidefit.com/early-bird-opt-in fix=delete redirect /early-bird-opt-in",
	"warning slow step webinars.lakesidefit.com/strength-after-40-replay",
}

// movedFaults are what the move of the seeded step adds, once the index has seen the
// step before and after it.
var movedFaults = []string{
	"error target-moved redirect offers.lakesidefit.com/bootcamp fix=moved to /bootcamp-series-join",
	"warning old-path step offers.lakesidefit.com/bootcamp-series-join fix=redirect /bootcamp-series-opt-in → /bootcamp-series-join",
}

func TestSitesEverySeededFaultAndNothingElse(t *testing.T) {
	sb, info := sitesSandbox(t, sandbox.Options{})
	loc := sb.Server.SubAccounts()[0]
	store := indexOf(t, sb, loc)
	var log dialLog
	opts := sitesOptions(t, info, &log)

	before, err := Run(ctxT(t), []Location{locationOf(t, store, loc)}, opts)
	if err != nil {
		t.Fatal(err)
	}
	res := before[0]
	if got := problems(res); !slices.Equal(got, seededFaults) {
		t.Errorf("before the move, found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(seededFaults, "\n"))
	}
	if !res.Complete || res.Location != loc.ID || res.Name != "Lakeside Fit" {
		t.Errorf("result: complete %v, location %q %q", res.Complete, res.Location, res.Name)
	}
	if res.Counts.Errors != 5 || res.Counts.Warnings != 7 || res.Counts.OK == 0 {
		t.Errorf("counts %+v", res.Counts)
	}

	if err := sb.Server.MoveSeededStep(); err != nil {
		t.Fatal(err)
	}
	recrawl(t, sb, loc, store)
	after, err := Run(ctxT(t), []Location{locationOf(t, store, loc)}, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Sorted(slices.Values(append(slices.Clone(seededFaults), movedFaults...)))
	if got := problems(after[0]); !slices.Equal(got, want) {
		t.Errorf("after the move, found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	for _, a := range log.list() {
		if ap := netip.MustParseAddrPort(a); !ap.Addr().IsLoopback() {
			t.Errorf("dialled %s", a)
		}
	}
	evidenceOfSeededFaults(t, after[0])
}

// evidenceOfSeededFaults checks what the findings rest on and what the browser is
// handed: the chain, the certificate's days, the subjects a dead domain takes down,
// the redirect a fix fills in.
func evidenceOfSeededFaults(t *testing.T, res *Result) {
	t.Helper()
	by := map[string]Finding{}
	for _, f := range res.Findings {
		by[string(f.Kind)+" "+f.Subject.Host+f.Subject.Path] = f
	}
	if f := by["cert-expiry webinars.lakesidefit.com"]; f.Evidence.CertDays == nil || *f.Evidence.CertDays != 2 {
		t.Errorf("certificate days: %+v", f.Evidence)
	}
	dns := by["dns promo.lakesidefit.com"]
	if len(dns.Affects) != 1 || dns.Affects[0].Type != SubjectRedirect || dns.Affects[0].Path != "/" {
		t.Errorf("promo's failure affects %+v", dns.Affects)
	}
	chain := by["chain offers.lakesidefit.com/summer-2024"]
	if len(chain.Evidence.Chain) != 5 || chain.Evidence.Status != 200 || !strings.Contains(chain.Message, "a chain of 4") {
		t.Errorf("chain: %s %+v", chain.Message, chain.Evidence)
	}
	fix := chain.Fix.Redirect
	if fix == nil || fix.ID == "" || fix.Domain != "offers.lakesidefit.com" || fix.Path != "/summer-2024" ||
		fix.Target != "https://offers.lakesidefit.com/spring-sale-opt-in" {
		t.Errorf("chain fix %+v", fix)
	}
	moved := by["target-moved offers.lakesidefit.com/bootcamp"]
	if r := moved.Fix.Redirect; r == nil || r.ID != moved.Subject.ID || r.Target != "https://offers.lakesidefit.com/bootcamp-series-join" {
		t.Errorf("moved fix %+v", moved.Fix)
	}
	old := by["old-path offers.lakesidefit.com/bootcamp-series-join"]
	if r := old.Fix.Redirect; r == nil || r.ID != "" || r.Path != "/bootcamp-series-opt-in" || old.Evidence.Status != 404 ||
		old.URL != "https://offers.lakesidefit.com/bootcamp-series-opt-in" {
		t.Errorf("old path %+v %+v", old, old.Fix)
	}
	if f := by["status join.lakesidefit.com/free-workout-guide-thank-you"]; f.Evidence.Status != 404 || f.Subject.FunnelID == "" ||
		f.Subject.Name != "Thank You" || f.Subject.Funnel != "Free Workout Guide" {
		t.Errorf("404 step: %+v", f)
	}
	shadow := by["shadow offers.lakesidefit.com/early-bird-opt-in"]
	if len(shadow.Affects) != 1 || shadow.Affects[0].Type != SubjectStep || shadow.Affects[0].Path != "/early-bird-opt-in" {
		t.Errorf("shadow affects %+v", shadow.Affects)
	}
	if f := by["slow webinars.lakesidefit.com/strength-after-40-replay"]; f.Evidence.TTFBMillis < 2000 {
		t.Errorf("slow: %+v", f.Evidence)
	}
	if f := by["canonical www.lakesidefit.com/pricing"]; f.Evidence.Canonical != "https://www.lakesidefit.com/classes" {
		t.Errorf("canonical: %+v", f.Evidence)
	}
	// Every finding reads back from JSON as it was.
	raw, err := json.Marshal(res.Findings)
	if err != nil {
		t.Fatal(err)
	}
	var back []Finding
	if err := json.Unmarshal(raw, &back); err != nil || len(back) != len(res.Findings) {
		t.Fatalf("json: %v", err)
	}
	for i := range back {
		if back[i].Key() != res.Findings[i].Key() || brief(back[i]) != brief(res.Findings[i]) {
			t.Errorf("json changed %s into %s", brief(res.Findings[i]), brief(back[i]))
		}
	}
}

// Every sub-account of a larger agency is checked in one run, each with its own
// findings; a redirect of Summit Strength's seed leads to a step whose funnel has no
// domain, and the finding says so.
func TestSitesAcrossSubAccounts(t *testing.T) {
	sb, info := sitesSandbox(t, sandbox.Options{SubAccounts: 8})
	var locs []Location
	for _, sub := range sb.Server.SubAccounts() {
		if sub.Installed && !sub.Suspended {
			locs = append(locs, locationOf(t, indexOf(t, sb, sub), sub))
		}
	}
	var log dialLog
	opts := sitesOptions(t, info, &log)
	var done []string
	opts.Done = func(r *Result) { done = append(done, r.Location) }
	results, err := Run(ctxT(t), locs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(locs) || len(done) != len(locs) {
		t.Fatalf("%d results, %d told done, for %d locations", len(results), len(done), len(locs))
	}
	for i, res := range results {
		if res.Location != locs[i].ID || !res.Complete || res.Counts.OK == 0 {
			t.Errorf("%s: %+v", locs[i].ID, res.Counts)
		}
		for _, f := range res.Findings {
			if f.Location != res.Location {
				t.Errorf("a finding of %s names %s", res.Location, f.Location)
			}
		}
	}
	if got := problems(results[0]); !slices.Equal(got, seededFaults) {
		t.Errorf("Lakeside Fit among others:\n%s", strings.Join(got, "\n"))
	}
	summit := results[1]
	want := []string{"error target-missing redirect www.summitstrength.com/meet"}
	if got := problems(summit); !slices.Equal(got, want) {
		t.Errorf("Summit Strength:\n%s", strings.Join(got, "\n"))
	}
	for _, f := range summit.Findings {
		if f.Kind == KindTargetMissing && !strings.Contains(f.Message, `"Registration" of Powerlifting Meet 2026 has that path but its funnel has no domain`) {
			t.Errorf("summit: %s", f.Message)
		}
	}
}
