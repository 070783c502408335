package e2e

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSetAcrossAgencySubAccounts: `funnels sandbox`'s agency signed in with `login
// --agency`, one of its three gyms suspended (POST /_sandbox/suspend). index, find
// and redirects export across --all-sub-accounts do the two others, name the
// suspended one with its reason and status, and exit 1; --json says which failed.
func TestSetAcrossAgencySubAccounts(t *testing.T) {
	sb := startSandboxBinary(t, "--ephemeral")
	env := testEnv(t)
	if _, said := loginByPaste(t, env, append(strings.Fields(sb.values["agency_login"])[1:], "--redirect-port", "0")...); !strings.Contains(said, "at agency level") {
		t.Fatalf("login --agency said:\n%s", said)
	}
	resp, err := http.Post(sb.values["base_url"]+"/_sandbox/suspend?location=RiversideBoxingLoc03", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	suspended := func(what, stderr string) {
		t.Helper()
		for _, want := range []string{"1 of 3 sub-accounts failed", "Riverside Boxing Club (RiversideBoxingLoc03) [400]", "suspended"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", what, want, stderr)
			}
		}
	}

	code, out, errOut := runIn(t, env, "", "index", "--all-sub-accounts")
	if code != 1 || !strings.Contains(out, "Lakeside Fit") || !strings.Contains(out, "Summit Strength") || strings.Contains(out, "Riverside") {
		t.Fatalf("index across the set: exit %d, want 1\n%s%s", code, out, errOut)
	}
	suspended("index", errOut)

	code, out, errOut = runIn(t, env, "", "find", "open house", "--all-sub-accounts", "--json")
	if code != 1 {
		t.Fatalf("find --json across the set: exit %d, want 1\n%s%s", code, out, errOut)
	}
	var found struct {
		Matches []struct {
			Location, LocationName, Name string
		}
		Failures []struct {
			Location, LocationName, Error string
			Status                        int
		}
	}
	if err := json.Unmarshal([]byte(out), &found); err != nil {
		t.Fatalf("find --json: %v\n%s", err, out)
	}
	if len(found.Matches) == 0 || found.Matches[0].Name != "Summit Open House" || found.Matches[0].LocationName != "Summit Strength" {
		t.Errorf("find's best match across the set: %+v", found.Matches)
	}
	if len(found.Failures) != 1 || found.Failures[0].Location != "RiversideBoxingLoc03" || found.Failures[0].LocationName != "Riverside Boxing Club" ||
		found.Failures[0].Status != 400 || !strings.Contains(found.Failures[0].Error, "suspended") {
		t.Errorf("find --json failures: %+v", found.Failures)
	}
	suspended("find", errOut)

	dir := filepath.Join(t.TempDir(), "exports")
	code, out, errOut = runIn(t, env, "", "redirects", "export", "--all-sub-accounts", "-o", dir)
	if code != 1 {
		t.Fatalf("export across the set: exit %d, want 1\n%s%s", code, out, errOut)
	}
	suspended("redirects export", errOut)
	for name, holds := range map[string]string{"lakeside-fit.csv": "join.lakesidefit.com", "summit-strength.csv": "summitstrength.com"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !strings.HasPrefix(string(b), "domain,path,target,action,id") || !strings.Contains(string(b), holds) {
			t.Errorf("%s: %v\n%s", name, err, b)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the export directory holds %d files, want 2 (none for the suspended one)", len(entries))
	}
}
