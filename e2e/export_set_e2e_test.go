package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportAcrossAgencySubAccounts: `funnels export -o DIR --all-sub-accounts`
// against the sandbox's agency, one of its three gyms suspended, writes one export
// folder per other gym under DIR, named by the sub-account, each the export of that
// location alone (diff against the location finds nothing); the suspended one is
// listed with its reason and status, no folder is made for it, and the exit is 1.
func TestExportAcrossAgencySubAccounts(t *testing.T) {
	sb := startSandboxBinary(t, "--ephemeral")
	env := testEnv(t)
	if _, said := loginByPaste(t, env, append(strings.Fields(sb.values["agency_login"])[1:], "--redirect-port", "0")...); !strings.Contains(said, "at agency level") {
		t.Fatalf("login --agency said:\n%s", said)
	}
	suspendSubAccount(t, sb, "RiversideBoxingLoc03")

	dir := filepath.Join(t.TempDir(), "clients")
	code, out, errOut := runIn(t, env, "", "export", "-o", dir, "--all-sub-accounts", "--json")
	if code != 1 {
		t.Fatalf("export across the set: exit %d, want 1\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"1 of 3 sub-accounts failed", "Riverside Boxing Club (RiversideBoxingLoc03) [400]", "suspended"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	var res struct {
		Dir         string
		SubAccounts []struct {
			Location, LocationName, Dir, Source string
			Counts                              struct{ Funnels, Pages int }
		}
		Failures []struct {
			Location string
			Status   int
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("export --json: %v\n%s", err, out)
	}
	if len(res.SubAccounts) != 2 || len(res.Failures) != 1 || res.Failures[0].Location != "RiversideBoxingLoc03" || res.Failures[0].Status != 400 {
		t.Fatalf("export --json: %+v", res)
	}
	want := map[string]string{"Lakeside Fit": "lakeside-fit", "Summit Strength": "summit-strength"}
	for _, s := range res.SubAccounts {
		if s.Dir != filepath.Join(dir, want[s.LocationName]) || s.Counts.Funnels == 0 || s.Source != "fresh" {
			t.Errorf("sub-account row %+v: want its folder %s, funnels, crawled now", s, want[s.LocationName])
		}
		manifest, err := os.ReadFile(filepath.Join(s.Dir, "manifest.yaml"))
		if err != nil || !strings.Contains(string(manifest), "id: "+s.Location) || !strings.Contains(string(manifest), "name: "+s.LocationName) {
			t.Errorf("%s/manifest.yaml: %v\n%s", s.Dir, err, manifest)
		}
		if entries, _ := os.ReadDir(filepath.Join(s.Dir, "funnels")); len(entries) == 0 {
			t.Errorf("%s holds no funnels/", s.Dir)
		}
		code, diffOut, diffErr := runIn(t, env, "", "diff", s.Dir, "location:"+s.Location, "--profile", "agency", "--exit-code")
		if code != 0 {
			t.Errorf("diff of %s's folder against its location: exit %d\n%s%s", s.LocationName, code, diffOut, diffErr)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the export directory holds %d entries, want 2 (none for the suspended one)", len(entries))
	}

	// Again into the same directory: each folder is an export, so it is replaced.
	if code, out, errOut := runIn(t, env, "", "export", "-o", dir, "--all-sub-accounts", "--cached"); code != 1 ||
		!strings.Contains(out, "lakeside-fit") || !strings.Contains(errOut, "Riverside") {
		t.Errorf("export again with --cached: exit %d, want 1\n%s%s", code, out, errOut)
	}
}
