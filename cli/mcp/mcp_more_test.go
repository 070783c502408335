package mcp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/cache"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/export"
	"github.com/funnelsdev/funnels/cli/find"
	funnelsmcp "github.com/funnelsdev/funnels/cli/mcp"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestMCPAcrossTheAgencysSubAccounts: find with sub_accounts "all" searches every
// sub-account the agency sign-in reaches, each match naming its own; index_status
// over a group keeps to this sign-in: a member under another profile is listed
// under failures with the reason, and the call answers.
func TestMCPAcrossTheAgencysSubAccounts(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	h.WriteConfig(t, "default_profile = \"agency\"\n\n[groups]\ngyms = [\"RiversideBoxingLoc03\", \"summit\"]\n")
	s := serveMCPIn(t, h.Getenv, h.Keyring, nil, "--location", "LakesideFit2026Loc01")

	var found find.FindSetOutput
	if err := json.Unmarshal(resultOf(t, s, "find", map[string]any{"text": "open house", "sub_accounts": "all"}), &found); err != nil {
		t.Fatal(err)
	}
	where := map[string]bool{}
	for _, m := range found.Matches {
		where[m.LocationName] = true
	}
	if !where["Summit Strength"] || len(found.Failures) != 0 {
		t.Errorf("find across all sub-accounts: want matches named by their sub-account, no failure: %+v", found)
	}

	var status cache.CacheSetOutput
	if err := json.Unmarshal(resultOf(t, s, "index_status", map[string]any{"sub_accounts": "group:gyms"}), &status); err != nil {
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
	var exported export.ExportOutput
	if err := json.Unmarshal([]byte(h.Run("export", "-o", dir, "--json").Want(t, 0).Stdout), &exported); err != nil {
		t.Fatal(err)
	}
	s := serveMCP(t, h)
	var sum funnelsmcp.ExportSummaryOutput
	if err := json.Unmarshal(resultOf(t, s, "export_summary", map[string]any{"funnel": "/free-trial/", "source": "cached"}), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Manifest.Counts != exported.Counts || sum.Manifest.Source != "cached" || sum.IndexAgeSecs == nil {
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

// TestExportDirUnder: a directory is read only when it is the root or lies inside
// it, its links followed; without a root, none is.
func TestExportDirUnder(t *testing.T) {
	root, err := funnelsmcp.ExportsRoot(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	for _, d := range []string{"in", "in/deeper"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(root, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "in"), filepath.Join(outside, "back")); err != nil {
		t.Fatal(err)
	}
	for dir, ok := range map[string]bool{
		"in": true, "in/deeper": true, "in/../in": true, ".": true, filepath.Join(root, "in"): true, filepath.Join(outside, "back"): true,
		"out": false, "..": false, "in/../../x": false, outside: false, "/": false, "missing": false, "..in": false,
	} {
		_, err := funnelsmcp.ExportDirUnder(root, "a", dir)
		if (err == nil) != ok {
			t.Errorf("%q: err %v, want allowed %v", dir, err, ok)
		}
		if err != nil && cmdutil.ExitCode(err) != cmdutil.ExitUsage {
			t.Errorf("%q: exit %d, want %d", dir, cmdutil.ExitCode(err), cmdutil.ExitUsage)
		}
	}
	if _, err := funnelsmcp.ExportDirUnder("", "a", "in"); err == nil || !strings.Contains(err.Error(), "--exports-dir") {
		t.Errorf("without a root: %v", err)
	}
	if _, err := funnelsmcp.ExportsRoot(filepath.Join(root, "missing")); err == nil {
		t.Error("a missing --exports-dir was taken")
	}
}

// FuzzSubAccountsArg: whatever JSON an assistant gives as sub_accounts, reading it
// ends in a set whose every location id is one the validator takes, or an error;
// never a panic.
func FuzzSubAccountsArg(f *testing.F) {
	for _, s := range []string{`"all"`, `"group:gyms"`, `["a1b2c3","d4e5f6"]`, `"a1,b2"`, `[]`, `42`, `["all","x"]`, `"\u001b[2J"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		var a funnelsmcp.SubAccountsArg
		if json.Unmarshal([]byte(raw), &a) != nil {
			return
		}
		o, err := a.SetOptions()
		if err != nil {
			return
		}
		if !o.OwnSignIn && a != nil {
			t.Errorf("%s: a set not kept to the sign-in", raw)
		}
		for _, id := range o.Locations {
			if strings.ContainsAny(id, ",\x1b/ ") || id == "" {
				t.Errorf("%s: location id %q taken", raw, id)
			}
		}
	})
}
