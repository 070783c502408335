package mcp_test

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestMCPAcrossTheAgencysSubAccounts: find with all_sub_accounts searches every
// sub-account the agency sign-in reaches, each match naming its own; index_status
// over a group keeps to this sign-in: a member under another profile is listed
// under failures with the reason, and the call answers.
func TestMCPAcrossTheAgencysSubAccounts(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	h.WriteConfig(t, "default_profile = \"agency\"\n\n[groups]\ngyms = [\"RiversideBoxingLoc03\", \"summit\"]\n")
	s := clitest.ServeMCP(t, h.Getenv, h.Keyring, nil, "--location", "LakesideFit2026Loc01")

	var found struct {
		Matches  []struct{ LocationName string }
		Failures []cmdutil.MemberFailure
	}
	if err := json.Unmarshal(resultOf(t, s, "find", map[string]any{"text": "open house", "all_sub_accounts": true}), &found); err != nil {
		t.Fatal(err)
	}
	where := map[string]bool{}
	for _, m := range found.Matches {
		where[m.LocationName] = true
	}
	if !where["Summit Strength"] || len(found.Failures) != 0 {
		t.Errorf("find across all sub-accounts: want matches named by their sub-account, no failure: %+v", found)
	}

	var status struct {
		SubAccounts []struct{ Location, LocationName string }
		Failures    []cmdutil.MemberFailure
	}
	if err := json.Unmarshal(resultOf(t, s, "index_status", map[string]any{"group": "gyms"}), &status); err != nil {
		t.Fatal(err)
	}
	if len(status.SubAccounts) != 1 || status.SubAccounts[0].Location != "RiversideBoxingLoc03" || status.SubAccounts[0].LocationName != "Riverside Boxing Club" {
		t.Errorf("index_status over the group: want Riverside alone answered: %+v", status.SubAccounts)
	}
	if len(status.Failures) != 1 || status.Failures[0].Profile != "summit" || !strings.Contains(status.Failures[0].Error, "another sign-in") {
		t.Errorf("index_status over the group: want summit's member refused as another sign-in's: %+v", status.Failures)
	}
}

// TestMCPExportSummaryIsWhatExportWrites: export_summary's counts and the funnel it
// shows are what `funnels export` writes, and it writes nothing itself.
func TestMCPExportSummaryIsWhatExportWrites(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	dir := filepath.Join(t.TempDir(), "export")
	var exported struct{ Counts map[string]int }
	if err := json.Unmarshal([]byte(h.Run("export", "-o", dir, "--json").Want(t, 0).Stdout), &exported); err != nil {
		t.Fatal(err)
	}
	s := serveMCP(t, h)
	var sum struct {
		Manifest struct {
			Counts map[string]int
			Source string
		}
		IndexAgeSecs *int `json:"indexAgeSeconds"`
		Funnel       *struct{ File, ID string }
	}
	if err := json.Unmarshal(resultOf(t, s, "export_summary", map[string]any{"funnel": "/free-trial/", "cached": true}), &sum); err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(sum.Manifest.Counts, exported.Counts) || sum.Manifest.Source != "cached" || sum.IndexAgeSecs == nil {
		t.Errorf("export_summary: counts %+v, export wrote %+v (source %q, index age %v)", sum.Manifest.Counts, exported.Counts, sum.Manifest.Source, sum.IndexAgeSecs)
	}
	if sum.Funnel == nil {
		t.Fatal("export_summary: no funnel at /free-trial")
	}
	written, err := os.ReadFile(filepath.Join(dir, sum.Funnel.File))
	if err != nil || !strings.Contains(string(written), sum.Funnel.ID) {
		t.Errorf("export_summary names the file %s, which export did not write as that funnel's: %v", sum.Funnel.File, err)
	}
}
