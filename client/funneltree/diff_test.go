package funneltree

import (
	"fmt"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// describe is the changes one a line, for comparing with what a test expects.
func describe(changes []Change) string {
	var b strings.Builder
	for _, c := range changes {
		fmt.Fprintf(&b, "%s %s %s|%s|%s|%s", c.Op, c.Kind, c.Funnel, c.Step, c.Name, c.Path)
		for _, f := range c.Fields {
			fmt.Fprintf(&b, " %s:%q→%q", f.Name, f.Old, f.New)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestDiffShowsExactlyWhatChanged: a step renamed and another's path changed (in the
// web app, which the API has no route for), a page archived and a redirect added
// through the client, and a diff of the exports before and after shows those four,
// nothing else.
func TestDiffShowsExactlyWhatChanged(t *testing.T) {
	sb := fastSandbox(t)
	loc := newLocation(t, sb, sb.Server.LocationID(), sb.Server.DemoToken())
	before := loc.tree(t)

	spring := funnelNamed(t, before, "Spring Sale 2026")
	if len(spring.Steps) < 2 {
		t.Fatalf("Spring Sale 2026 has %d steps", len(spring.Steps))
	}
	renamed, moved := spring.Steps[0], spring.Steps[1]
	if err := sb.Server.EditStep(sb.Server.LocationID(), spring.ID, renamed.ID, sandbox.StepEdit{Name: renamed.Name + " v2"}); err != nil {
		t.Fatal(err)
	}
	if err := sb.Server.EditStep(sb.Server.LocationID(), spring.ID, moved.ID, sandbox.StepEdit{URL: moved.Path + "-new"}); err != nil {
		t.Fatal(err)
	}
	trial := funnelNamed(t, before, "Free 7-Day Trial")
	archived := archiveSecondPage(t, loc.c, trial, "Sign Up")
	host := spring.Domain
	if host == "" {
		host = before.Domains[0].Host
	}
	if _, _, err := loc.c.CreateRedirect(ctxT(t), client.CreateRedirectRequest{Domain: host, Path: "/export-test",
		Target: "https://example.com/landing", Action: "url"}); err != nil {
		t.Fatal(err)
	}

	after := loc.tree(t)
	got := Diff(roundTrip(t, before, YAML), roundTrip(t, after, YAML), Options{})
	want := fmt.Sprintf(`changed page Free 7-Day Trial|Sign Up|%[5]s| archived:"false"→"true"
changed step Spring Sale 2026||%[1]s v2|%[2]s name:%[1]q→"%[1]s v2"
changed step Spring Sale 2026||%[3]s|%[4]s-new path:%[4]q→"%[4]s-new"
added redirect ||%[6]s|/export-test target:""→"https://example.com/landing"
`, renamed.Name, renamed.Path, moved.Name, moved.Path, archived, host)
	if describe(got) != want {
		t.Errorf("diff:\n%s\nwant:\n%s", describe(got), want)
	}
	if d := Diff(before, roundTrip(t, before, JSON), Options{}); len(d) != 0 {
		t.Errorf("a tree and its JSON export differ:\n%s", describe(d))
	}
}

// TestDiffOfTwoSubAccountsFromOneSnapshot: Lakeside Fit's funnels loaded into Summit
// Strength as a snapshot (every id new), then three changes in Summit: the diff of
// the two sub-accounts shows those three, matched without a shared id.
func TestDiffOfTwoSubAccountsFromOneSnapshot(t *testing.T) {
	sb := fastSandbox(t)
	subs := sb.Server.SubAccounts()
	template, client2 := subs[0], subs[1]
	if err := sb.Server.LoadSnapshot(template.ID, client2.ID); err != nil {
		t.Fatal(err)
	}
	a := newLocation(t, sb, template.ID, template.DemoToken)
	b := newLocation(t, sb, client2.ID, client2.DemoToken)
	loaded := b.tree(t)

	webinar := funnelNamed(t, loaded, "Webinar: Grow Your Gym")
	if err := sb.Server.EditStep(client2.ID, webinar.ID, webinar.Steps[0].ID, sandbox.StepEdit{Name: "Sign Up Now"}); err != nil {
		t.Fatal(err)
	}
	trial := funnelNamed(t, loaded, "Free 7-Day Trial")
	archived := archiveSecondPage(t, b.c, trial, "Sign Up")
	if _, _, err := b.c.CreateStep(ctxT(t), client.CreateStepRequest{FunnelID: trial.ID,
		Step: client.NewStep{Name: "Upsell", URL: "/trial-upsell", Type: "optin_funnel_page"}}); err != nil {
		t.Fatal(err)
	}

	ta, tb := a.tree(t), b.tree(t)
	ids := map[string]bool{}
	for _, f := range ta.Funnels {
		ids[f.ID] = true
	}
	for _, f := range tb.Funnels {
		if ids[f.ID] {
			t.Fatalf("funnel %q has the same id in both sub-accounts", f.Name)
		}
	}
	got := Diff(ta, tb, Options{})
	want := fmt.Sprintf(`changed page Free 7-Day Trial|Sign Up|%s| archived:"false"→"true"
added step Free 7-Day Trial||Upsell|/trial-upsell
changed step Webinar: Grow Your Gym||Sign Up Now|%s name:%q→"Sign Up Now"
`, archived, webinar.Steps[0].Path, webinar.Steps[0].Name)
	if describe(got) != want {
		t.Errorf("diff:\n%s\nwant:\n%s", describe(got), want)
	}
}

// TestIgnoreDomainsComparesACopyOnItsOwnDomains: the same funnels and redirects on
// other hosts differ by every domain, and not at all with IgnoreDomains; a change of
// path still shows.
func TestIgnoreDomainsComparesACopyOnItsOwnDomains(t *testing.T) {
	a := &Tree{
		Funnels:   []Funnel{{Name: "Trial", Domain: "join.a.com", Path: "/trial", Steps: []Step{{Name: "Sign Up", Path: "/trial-sign-up"}}}},
		Domains:   []Domain{{Host: "join.a.com", Funnels: 1, Redirects: 1}},
		Redirects: []Redirect{{Domain: "join.a.com", Path: "/t", Target: "/trial"}},
	}
	b := &Tree{
		Funnels:   []Funnel{{Name: "Trial", Domain: "join.b.com", Path: "/trial", Steps: []Step{{Name: "Sign Up", Path: "/trial-signup"}}}},
		Domains:   []Domain{{Host: "join.b.com", Funnels: 1, Redirects: 1}},
		Redirects: []Redirect{{Domain: "join.b.com", Path: "/t", Target: "/trial"}},
	}
	if d := Diff(a, b, Options{}); len(d) != 6 {
		t.Errorf("on other domains: %d changes, want 6 (funnel, step, two domains, two redirects):\n%s", len(d), describe(d))
	}
	want := `changed step Trial||Sign Up|/trial-signup path:"/trial-sign-up"→"/trial-signup"
`
	if d := Diff(a, b, Options{IgnoreDomains: true}); describe(d) != want {
		t.Errorf("ignoring domains:\n%s\nwant:\n%s", describe(d), want)
	}
}
