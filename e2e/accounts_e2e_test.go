package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestMCPNamesTheSubAccountNotTheToken: `funnels mcp` signed in with FUNNELS_TOKEN
// (beside a default profile of another sub-account) names what it serves by the
// sub-account's own name, from the locations API, in its banner and every answer,
// with no profile; where the token may not read the location it names it by id
// only. Never "FUNNELS_TOKEN" as a name.
func TestMCPNamesTheSubAccountNotTheToken(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	summit := c.sb.Server.SubAccounts()[1]
	c.run(summit.DemoToken+"\n", "login", "--profile", "clinic", "--base-url", c.sb.URL, "--location", summit.ID, "--with-token").want(t, 0)
	loc := c.sb.Server.LocationID()
	c.env = append(c.env, "FUNNELS_BASE_URL="+c.sb.URL, "FUNNELS_TOKEN="+c.sb.Server.DemoToken(), "FUNNELS_LOCATION_ID="+loc)
	s := startMCPArgs(t, c, "mcp")
	s.waitStderr("funnels mcp: serving Lakeside Fit (" + loc + ", the token from FUNNELS_TOKEN), read-only")
	res, err := s.call("index_status", map[string]any{})
	if err != nil || res.IsError {
		t.Fatalf("index_status: %v %s", err, textOf(res))
	}
	var ans struct {
		Location map[string]string `json:"location"`
	}
	if err := json.Unmarshal([]byte(textOf(res)), &ans); err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"id": loc, "name": "Lakeside Fit"}; fmt.Sprint(ans.Location) != fmt.Sprint(want) {
		t.Errorf("the location of an answer: %v, want %v", ans.Location, want)
	}
	if text := textOf(res); strings.Contains(text, "FUNNELS_TOKEN") || strings.Contains(text, "clinic") {
		t.Errorf("the answer names the sign-in as the sub-account:\n%s", text)
	}

	pub := newBinCLI(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	scoped := pub.sb.Server.IssueScopedToken(0, "funnels/funnel.readonly", "funnels/page.readonly")
	pub.env = append(pub.env, "FUNNELS_BASE_URL="+pub.sb.URL, "FUNNELS_TOKEN="+scoped, "FUNNELS_LOCATION_ID="+loc)
	s = startMCPArgs(t, pub, "mcp")
	s.waitStderr("funnels mcp: serving location " + loc + " (the token from FUNNELS_TOKEN), read-only")
	res, err = s.call("index_status", map[string]any{})
	if err != nil || res.IsError {
		t.Fatalf("index_status: %v %s", err, textOf(res))
	}
	var unnamed struct {
		Location map[string]string `json:"location"`
	}
	if err := json.Unmarshal([]byte(textOf(res)), &unnamed); err != nil || fmt.Sprint(unnamed.Location) != fmt.Sprint(map[string]string{"id": loc}) {
		t.Errorf("a token that may not read the location: %v (%v)", unnamed.Location, err)
	}
}

// TestCacheStatusOfASetWithFUNNELS_TOKEN: a location indexed with FUNNELS_TOKEN is
// found by cache status across a set named with --location a,b (the token's run,
// not the default profile's), as find across the same set finds it.
func TestCacheStatusOfASetWithFUNNELS_TOKEN(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	summit := c.sb.Server.SubAccounts()[1]
	c.run(summit.DemoToken+"\n", "login", "--profile", "clinic", "--base-url", c.sb.URL, "--location", summit.ID, "--with-token").want(t, 0)
	loc := c.sb.Server.LocationID()
	c.env = append(c.env, "FUNNELS_BASE_URL="+c.sb.URL, "FUNNELS_TOKEN="+c.sb.Server.DemoToken(), "FUNNELS_LOCATION_ID="+loc)
	c.run("", "index").want(t, 0)

	var st struct {
		SubAccounts []struct {
			Location, Profile string
			Funnels           int
			Exists            bool
		}
	}
	r := c.run("", "cache", "status", "--location", loc+","+summit.ID, "--json")
	if err := json.Unmarshal([]byte(r.stdout), &st); err != nil || r.code != 0 {
		t.Fatalf("cache status across the set: exit %d, %v\n%s%s", r.code, err, r.stdout, r.stderr)
	}
	got := map[string]int{}
	for _, m := range st.SubAccounts {
		if m.Profile != "" {
			t.Errorf("%s is named as profile %q", m.Location, m.Profile)
		}
		if m.Exists {
			got[m.Location] = m.Funnels
		}
	}
	if got[loc] != 25 || len(got) != 1 {
		t.Errorf("cache status across the set: %+v, want the token's index of %s with 25 funnels", st.SubAccounts, loc)
	}
	c.run("", "find", "spring sale", "--location", loc+","+summit.ID, "--kind", "funnel").want(t, 1, "Spring Sale 2026")
}

// TestFindAcrossAllProfilesShowsTheSet: with a profile for each of four
// sub-accounts of a sandbox with --sub-accounts, find --all-profiles shares its 20
// rows among every sub-account that has matches, though the first alone has more
// than 20, and its footer says how many each has; --json gives the totals by
// location.
func TestFindAcrossAllProfilesShowsTheSet(t *testing.T) {
	sb := startSandboxBinary(t, "--ephemeral", "--sub-accounts", "8")
	env := append(testEnv(t), "FUNNELS_FORCE_TTY=1", "COLUMNS=80")
	base := sb.values["base_url"]
	profiles := map[string][2]string{"lakeside": {sb.values["token"], sb.values["location_id"]}}
	for _, n := range []string{"2", "3", "6"} {
		f := strings.Fields(sb.values["sub_account_"+n]) // ID "Name" token TOKEN
		profiles["p"+n] = [2]string{f[len(f)-1], f[0]}
	}
	for name, p := range profiles {
		if code, out, errOut := runIn(t, env, p[0]+"\n", "login", "--profile", name, "--base-url", base, "--location", p[1], "--with-token"); code != 0 {
			t.Fatalf("login %s: exit %d\n%s%s", name, code, out, errOut)
		}
	}
	code, out, errOut := runIn(t, env, "", "find", "thank", "--all-profiles", "--json", "--limit", "0")
	var all struct {
		Total  int
		Totals []struct {
			Location string
			Matches  int
		}
	}
	if err := json.Unmarshal([]byte(out), &all); err != nil || code != 0 || len(all.Totals) != 4 {
		t.Fatalf("find --all-profiles --json: exit %d, %v\n%s%s", code, err, out, errOut)
	}
	with := 0
	for _, tt := range all.Totals {
		if tt.Matches > 0 {
			with++
		}
		if tt.Location == sb.values["location_id"] && tt.Matches <= 20 {
			t.Fatalf("the first sub-account has %d matches: the seed no longer makes the case", tt.Matches)
		}
	}

	code, out, errOut = runIn(t, env, "", "find", "thank", "--all-profiles")
	if code != 0 {
		t.Fatalf("find --all-profiles: exit %d\n%s%s", code, out, errOut)
	}
	rows := strings.Split(strings.TrimSpace(out), "\n")[1:]
	seen := map[string]bool{}
	for _, l := range rows {
		seen[strings.Fields(l)[0]] = true
	}
	if len(rows) != 20 || len(seen) != with {
		t.Errorf("20 rows from %d sub-accounts, want every one of the %d with matches:\n%s", len(seen), with, out)
	}
	footer := strings.Join(strings.Fields(errOut), " ")
	if !strings.Contains(footer, fmt.Sprintf("20 of %d matches", all.Total)) || !strings.Contains(footer, "--limit 0 shows them all") {
		t.Errorf("the footer:\n%s", errOut)
	}
	for _, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > 80 {
			t.Errorf("a line wider than 80 columns: %q", l)
		}
	}
}
