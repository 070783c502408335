package sandbox

import (
	"net/url"
	"slices"
	"testing"
	"time"
)

// An agency of 100: the default four first (Lakeside Fit's data unchanged), then
// made-up clients with names and ids of their own, sizes from a handful of pages to
// a few hundred, the fourth without the app and the fifth suspended; the same N
// gives the same data, and a larger N only adds at the end.
func TestAgencyOfManySubAccounts(t *testing.T) {
	s := New(Options{SubAccounts: 100})
	subs := s.SubAccounts()
	if len(subs) != 100 {
		t.Fatalf("%d sub-accounts, want 100", len(subs))
	}
	if subs[0].ID != seedLocationID || subs[0].DemoToken != s.DemoToken() || len(s.subs[0].store.d.funnels) != len(seeded().funnels) {
		t.Fatalf("the first is not Lakeside Fit as seeded: %+v", subs[0])
	}
	if subs[3].ID != harborLocationID || subs[3].Installed || subs[3].DemoToken != "" {
		t.Fatalf("the fourth: %+v, want Harbor Yoga Studio without the app", subs[3])
	}
	if !subs[4].Suspended || !subs[4].Installed || slices.ContainsFunc(subs, func(x SubAccount) bool { return x.Suspended && x.ID != subs[4].ID }) {
		t.Fatalf("the fifth should be the one suspended: %+v", subs[4])
	}
	names, ids := map[string]bool{}, map[string]bool{}
	minPages, maxPages := 1<<30, 0
	for _, sub := range s.subs {
		if names[sub.name] || ids[sub.id] || len(sub.id) != 20 {
			t.Errorf("sub-account %q %q repeats or has a bad id", sub.name, sub.id)
		}
		names[sub.name], ids[sub.id] = true, true
		n := len(sub.store.d.pages)
		if sub.installed {
			minPages, maxPages = min(minPages, n), max(maxPages, n)
		}
		for _, f := range sub.store.d.funnels {
			if f.LocationID != sub.id {
				t.Errorf("%s: funnel %s of %s", sub.name, f.Name, f.LocationID)
			}
		}
	}
	if minPages > 10 || maxPages < 150 {
		t.Errorf("pages per sub-account from %d to %d; want from a handful to a few hundred", minPages, maxPages)
	}

	again := New(Options{SubAccounts: 120})
	for i, sub := range s.subs {
		o := again.subs[i]
		if o.id != sub.id || o.name != sub.name || o.address != sub.address || len(o.store.d.pages) != len(sub.store.d.pages) {
			t.Fatalf("sub-account %d differs between N=100 and N=120: %s / %s", i, sub.name, o.name)
		}
		if len(sub.store.d.funnels) > 0 && o.store.d.funnels[0].ID != sub.store.d.funnels[0].ID {
			t.Fatalf("%s: first funnel id differs", sub.name)
		}
	}
	if got := New(Options{SubAccounts: 2}).SubAccounts(); len(got) != 2 || got[1].ID != summitLocationID {
		t.Fatalf("N=2: %+v", got)
	}
}

// Over HTTP: the suspended sub-account's routes and a mint for it answer 400
// "Location is not active", a mint where the app is not installed 403; each
// sub-account spends a bucket of its own and the agency's bucket is spent by the
// agency's own calls only.
func TestAgencySubAccountsOverHTTP(t *testing.T) {
	r := startT(t, Options{SubAccounts: 8, Limit: 3, Window: time.Hour, AccessTokenTTL: time.Hour})
	subs := r.Server.SubAccounts()
	suspended, harbor, other := subs[4], subs[3], subs[5]

	newTC(t, r).as(suspended.DemoToken).get("/funnels/funnel/list?limit=5").wantError(t, 400, "Location is not active")

	o := newOAuth(t, r)
	agency := newTC(t, r).as(agencyToken(t, o)["access_token"].(string))
	form := func(loc string) url.Values { return url.Values{"companyId": {seedCompanyID}, "locationId": {loc}} }
	first := mint(t, agency, form(other.ID)).hasStatus(t, 200)
	if first.header1("X-RateLimit-Remaining") != "2" {
		t.Fatalf("the mint spent the agency's bucket to %s left, want 2", first.header1("X-RateLimit-Remaining"))
	}
	minted := first.obj(t)["access_token"].(string)

	// The minted token spends its sub-account's bucket, not the agency's.
	loc := newTC(t, r).as(minted)
	for range 3 {
		loc.get("/funnels/funnel/list?limit=5").hasStatus(t, 200)
	}
	loc.get("/funnels/funnel/list?limit=5").hasStatus(t, 429)
	newTC(t, r).as(subs[6].DemoToken).get("/funnels/funnel/list?limit=5").hasStatus(t, 200)

	mint(t, agency, form(suspended.ID)).wantError(t, 400, "Location is not active")
	third := mint(t, agency, form(harbor.ID))
	third.wantError(t, 403, "the app is not installed in this location")
	if third.header1("X-RateLimit-Remaining") != "0" {
		t.Fatalf("after three mints the agency has %s left, want 0", third.header1("X-RateLimit-Remaining"))
	}
	mint(t, agency, form(other.ID)).hasStatus(t, 429)

	// Made active again, the sub-account answers.
	r.Server.SetSuspended(suspended.ID, false)
	newTC(t, r).as(suspended.DemoToken).get("/funnels/funnel/list?limit=5").hasStatus(t, 200)
}

// Seeding an agency of 100 sub-accounts; the goal is well under a second (see the
// figure in the test log).
func BenchmarkSeedAgencyOf100(b *testing.B) {
	for b.Loop() {
		_ = New(Options{SubAccounts: 100})
	}
}
