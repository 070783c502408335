package find_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFindAcrossSetSharesTheLimit: across the agency's three gyms, where Lakeside
// Fit alone has more "thank" matches than the default limit, the 20 rows are shared
// in turns (every match of the two smaller gyms, the rest Lakeside's best), the
// footer says how many matched in each and how to see them all, --json gives each
// sub-account's total, and --limit 0 shows every match.
func TestFindAcrossSetSharesTheLimit(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	var all struct {
		Matches []struct{ Location, LocationName string }
		Total   int
		Totals  []struct {
			Location, LocationName string
			Matches                int
		}
	}
	code, out, errOut := h.Run(nil, "find", "thank", "--all-sub-accounts", "--profile", "agency", "--limit", "0", "--json")
	if code != cmdutil.ExitOK || json.Unmarshal([]byte(out), &all) != nil {
		t.Fatalf("find --limit 0 --json: exit %d\n%s%s", code, out, errOut)
	}
	byName := map[string]int{}
	sum := 0
	for _, tt := range all.Totals {
		byName[tt.LocationName] = tt.Matches
		sum += tt.Matches
	}
	lakeside, summit, riverside := byName["Lakeside Fit"], byName["Summit Strength"], byName["Riverside Boxing Club"]
	if len(all.Totals) != 3 || lakeside <= 20 || summit == 0 || riverside == 0 || summit+riverside >= 20 || sum != all.Total || len(all.Matches) != all.Total {
		t.Fatalf("the seed no longer makes the case: totals %+v, total %d, %d matches", all.Totals, all.Total, len(all.Matches))
	}

	code, out, errOut = h.Run(nil, "find", "thank", "--all-sub-accounts", "--profile", "agency")
	if code != cmdutil.ExitOK {
		t.Fatalf("find: exit %d\n%s%s", code, out, errOut)
	}
	rows := map[string]int{}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines[1:] { // under the header
		for _, name := range []string{"Lakeside Fit", "Summit Strength", "Riverside Boxing Club"} {
			if strings.HasPrefix(l, name) {
				rows[name]++
			}
		}
	}
	if len(lines) != 21 || rows["Summit Strength"] != summit || rows["Riverside Boxing Club"] != riverside || rows["Lakeside Fit"] != 20-summit-riverside {
		t.Errorf("the 20 rows are not shared: %v\n%s", rows, out)
	}
	footer := fmt.Sprintf("20 of %d matches", all.Total)
	for _, want := range []string{footer, fmt.Sprintf("Lakeside Fit %d", lakeside), fmt.Sprintf("Summit Strength %d", summit),
		fmt.Sprintf("Riverside Boxing Club %d", riverside), "--limit 0 shows them all"} {
		if !strings.Contains(strings.Join(strings.Fields(errOut), " "), want) {
			t.Errorf("the footer lacks %q:\n%s", want, errOut)
		}
	}

	var some struct {
		Matches []struct{ LocationName string }
		Total   int
		Totals  []struct{ Matches int }
	}
	code, out, _ = h.Run(nil, "find", "thank", "--all-sub-accounts", "--profile", "agency", "--limit", "6", "--json")
	if code != cmdutil.ExitOK || json.Unmarshal([]byte(out), &some) != nil || len(some.Matches) != 6 || some.Total != all.Total || len(some.Totals) != 3 {
		t.Fatalf("--limit 6 --json: exit %d\n%s", code, out)
	}
	seen := map[string]int{}
	for _, m := range some.Matches {
		seen[m.LocationName]++
	}
	if seen["Lakeside Fit"] != 2 || seen["Summit Strength"] != 2 || seen["Riverside Boxing Club"] != 2 {
		t.Errorf("--limit 6 across three: %v, want two each", seen)
	}
}
