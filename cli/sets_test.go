package cli_test

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// setRun is how a command that runs across a set is run for the test: its words and
// arguments, whether one sub-account's run prints its records as a table (the others
// print a sentence or fields), and the fields that differ between two runs.
type setRun struct {
	args     []string
	table    bool
	noJSON   bool // one sub-account's run prints no records as JSON
	volatile []string
}

// TestSetPrintsTheSingleRunsRecords: every command that runs across a set prints
// there the columns of one sub-account's run with SUB-ACCOUNT first, and its --json
// holds the records one sub-account's run gives, each with its location and
// locationName added and the failures beside them.
func TestSetPrintsTheSingleRunsRecords(t *testing.T) {
	h, r := clitest.AgencyHome(t, sandbox.Options{Limit: 1000})
	const lakeside, summit = "LakesideFit2026Loc01", "SummitStrengthLoc002"
	dir := t.TempDir()
	rows := filepath.Join(dir, "rows.csv")
	if err := os.WriteFile(rows, []byte("domain,path,target,action\noffers.lakesidefit.com,/from-a-set,https://offers.lakesidefit.com/spring-sale,url\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	runs := map[string]setRun{
		"folders":          {table: true},
		"redirects list":   {table: true},
		"find":             {args: []string{"trial", "--limit", "0"}, table: true},
		"redirects import": {args: []string{rows, "--dry-run"}, table: true},
		"cache status":     {volatile: []string{"bytes"}},
		"index":            {volatile: []string{"seconds", "requests", "resumed"}},
		"doctor":           {volatile: []string{"routes"}},
		"export":           {args: []string{"-o", "DIR"}, volatile: []string{"dir", "exportedAt"}},
		"redirects export": {args: []string{"-o", "DIR"}, noJSON: true},
		"api":              {args: []string{"GET", "/funnels/funnel/list", "--query", "locationId={locationId}"}, noJSON: true},
		"check":            {args: []string{"--no-dns"}, table: true}, // the seed's domains are no test's to ask for
	}
	_ = r
	tree := treeOf(nil)
	for _, rec := range tree.Records() {
		if rec.Set == nil {
			continue
		}
		path := strings.TrimPrefix(rec.Cobra.CommandPath(), "funnels ")
		run, ok := runs[path]
		if !ok {
			t.Errorf("%s runs across a set: add it to this test", path)
			continue
		}
		args := func(out string) []string {
			a := strings.Fields(path)
			for _, w := range run.args {
				if w == "DIR" {
					w = filepath.Join(dir, out)
				}
				a = append(a, w)
			}
			return append(a, "--profile", "agency")
		}
		set := append(args("set-"+strings.ReplaceAll(path, " ", "-")), "--location", lakeside+","+summit)
		one := append(args("one-"+strings.ReplaceAll(path, " ", "-")), "--location", lakeside)

		// The table: SUB-ACCOUNT and the record's columns; one run's table the same columns.
		titles := []string{"SUB-ACCOUNT"}
		for _, c := range rec.Set.Columns {
			titles = append(titles, c.Title())
		}
		if len(rec.Set.Columns) > 0 {
			if got := header(t, h, set); !slices.Equal(got, titles) {
				t.Errorf("%s across a set: columns %q, want %q", path, got, titles)
			}
		}
		if run.table {
			if got := header(t, h, one); !slices.Equal(got, titles[1:]) {
				t.Errorf("%s of one sub-account: columns %q, want %q", path, got, titles[1:])
			}
		}
		if run.noJSON {
			continue
		}
		// The JSON: one run's records, each with the sub-account, under the key.
		fields := slices.DeleteFunc(slices.Clone(cmdutil.JSONFields(rec.Cobra)), func(f string) bool { return f == "location" || f == "locationName" })
		var single any
		decodeRun(t, h, append(one, "--json", strings.Join(fields, ",")), &single)
		singles, isList := single.([]any)
		if !isList {
			singles = []any{single}
		}
		var doc map[string]json.RawMessage
		decodeRun(t, h, append(set, "--json"), &doc)
		if _, ok := doc["failures"]; !ok {
			t.Errorf("%s across a set: no failures beside the records: %v", path, slices.Collect(maps.Keys(doc)))
		}
		var records []map[string]any
		if err := json.Unmarshal(doc[rec.Set.Key], &records); err != nil {
			t.Errorf("%s across a set: no records under %q: %v", path, rec.Set.Key, err)
			continue
		}
		var mine []any
		for _, rec := range records {
			if rec["location"] == lakeside && rec["locationName"] != "" {
				m := map[string]any{}
				for _, f := range fields {
					m[f] = rec[f]
				}
				mine = append(mine, m)
			}
		}
		for _, list := range [][]any{mine, singles} {
			for _, r := range list {
				for _, v := range run.volatile {
					delete(r.(map[string]any), v)
				}
			}
		}
		if len(mine) == 0 || !reflect.DeepEqual(mine, singles) {
			t.Errorf("%s across a set: the records of %s are not its own run's:\nset:    %.600v\nsingle: %.600v", path, lakeside, mine, singles)
		}
	}
}

// header is the first line of a run on a terminal wide enough for every column, cut
// into its titles.
func header(t *testing.T, h *clitest.AuthHome, args []string) []string {
	t.Helper()
	ios, out, errOut := cmdutil.TestStreams("")
	ios.OutTTY, ios.Width = true, 400
	if code := cli.Run(t.Context(), h.Factory(ios), args); code > cmdutil.ExitAPI {
		t.Errorf("%q: exit %d\n%s%s", args, code, out, errOut)
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	return regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(first), -1)
}

// decodeRun decodes the JSON a run printed.
func decodeRun(t *testing.T, h *clitest.AuthHome, args []string, v any) {
	t.Helper()
	code, out, errOut := h.Run(nil, args...)
	if code > cmdutil.ExitAPI { // a row the plan refuses is exit 1, and the records are there
		t.Fatalf("%q: exit %d\n%s%s", args, code, out, errOut)
	}
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("%q: %v\n%s", args, err, out)
	}
}
