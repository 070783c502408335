package cmdutil_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// decodeJSON reads a command's stdout as JSON into v.
func decodeJSON(t *testing.T, out string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("stdout is not the JSON expected: %v\n%s", err, out)
	}
}

// TestSetRecordsAFailureAndGoesOn: across the agency's three gyms with one suspended,
// index reads the other two into their own indexes and names the suspended one with
// its reason and status (exit 1); find then ranks the two indexes' matches together,
// each with its sub-account; --max-age skips what was just read.
func TestSetRecordsAFailureAndGoesOn(t *testing.T) {
	h, r := clitest.AgencyHome(t, sandbox.Options{})
	r.Server.SetSuspended("RiversideBoxingLoc03", true)

	code, out, errOut := h.Run(nil, "index", "--all-sub-accounts", "--profile", "agency", "--json")
	if code != cmdutil.ExitAPI {
		t.Fatalf("index across the set: exit %d, want 1\n%s%s", code, out, errOut)
	}
	var idx struct {
		SubAccounts []struct {
			Location     string `json:"location"`
			LocationName string `json:"locationName"`
			Complete     bool   `json:"complete"`
			Funnels      int    `json:"funnels"`
		} `json:"subAccounts"`
		Failures []cmdutil.MemberFailure `json:"failures"`
	}
	decodeJSON(t, out, &idx)
	if len(idx.SubAccounts) != 2 || idx.SubAccounts[0].LocationName != "Lakeside Fit" || idx.SubAccounts[0].Funnels == 0 ||
		idx.SubAccounts[1].Location != "SummitStrengthLoc002" || !idx.SubAccounts[1].Complete {
		t.Errorf("indexed: %+v", idx.SubAccounts)
	}
	if len(idx.Failures) != 1 || idx.Failures[0].Location != "RiversideBoxingLoc03" || idx.Failures[0].LocationName != "Riverside Boxing Club" ||
		idx.Failures[0].Status != 400 || !strings.Contains(idx.Failures[0].Error, "suspended") {
		t.Errorf("failures: %+v", idx.Failures)
	}
	if !strings.Contains(errOut, "1 of 3 sub-accounts failed") || !strings.Contains(errOut, "Riverside Boxing Club (RiversideBoxingLoc03) [400]") {
		t.Errorf("the summary does not list the failure:\n%s", errOut)
	}

	code, out, errOut = h.Run(nil, "find", "open house", "--profile", "agency", "--location", "LakesideFit2026Loc01,SummitStrengthLoc002", "--limit", "2", "--json")
	if code != cmdutil.ExitOK {
		t.Fatalf("find across two: exit %d\n%s%s", code, out, errOut)
	}
	var found struct {
		Matches []struct{ Location, LocationName, Name, Kind string }
		Total   int
	}
	decodeJSON(t, out, &found)
	if len(found.Matches) != 2 || found.Matches[0].Name != "Summit Open House" || found.Matches[0].LocationName != "Summit Strength" ||
		found.Matches[0].Location != "SummitStrengthLoc002" || found.Total < 2 {
		t.Errorf("find's best matches across the set: %+v (total %d)", found.Matches, found.Total)
	}

	code, out, errOut = h.Run(nil, "index", "--profile", "agency", "--location", "LakesideFit2026Loc01,SummitStrengthLoc002", "--max-age", "1h")
	if code != cmdutil.ExitOK || strings.Count(out, "skipped: indexed") != 2 {
		t.Errorf("index --max-age 1h right after a crawl: exit %d\n%s%s", code, out, errOut)
	}
}

// TestSetEveryMemberRefusedIsExit3: when every sub-account fails for a sign-in
// reason (all suspended), the exit code is 3, as for one.
func TestSetEveryMemberRefusedIsExit3(t *testing.T) {
	h, r := clitest.AgencyHome(t, sandbox.Options{})
	for _, id := range []string{"LakesideFit2026Loc01", "RiversideBoxingLoc03", "SummitStrengthLoc002"} {
		r.Server.SetSuspended(id, true)
	}
	code, out, errOut := h.Run(nil, "folders", "--all-sub-accounts", "--profile", "agency")
	if code != cmdutil.ExitAuth || !strings.Contains(errOut, "3 of 3 sub-accounts failed") {
		t.Fatalf("all suspended: exit %d, want 3\n%s%s", code, out, errOut)
	}
}

// TestSetRunsAtMostConcurrencyAtOnce: with --concurrency 2, two members run side by
// side (each waits to see the other) and a third only after one of them ends.
func TestSetRunsAtMostConcurrencyAtOnce(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	ios, _, _ := cmdutil.TestStreams("")
	f := h.Factory(ios)
	f.Flags.Profile = "agency"
	fo, err := f.StartSet(context.Background(), &cmdutil.SetOptions{AllSubAccounts: true, Concurrency: 2}, "test")
	if err != nil {
		t.Fatal(err)
	}
	var inFlight, most atomic.Int32
	var pair sync.WaitGroup
	pair.Add(2)
	var entered atomic.Int32
	done, fails := cmdutil.RunSet(context.Background(), fo, func(ctx context.Context, m *cmdutil.MemberRun) (string, error) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for {
			if old := most.Load(); n <= old || most.CompareAndSwap(old, n) {
				break
			}
		}
		if entered.Add(1) <= 2 { // the first two wait for each other: both run at once
			pair.Done()
			waited := make(chan struct{})
			go func() { pair.Wait(); close(waited) }()
			select {
			case <-waited:
			case <-time.After(20 * time.Second):
				t.Error("the first two members did not run side by side")
			}
		}
		return m.Session.Client.LocationID(), nil
	})
	if len(done) != 3 || len(fails) != 0 || most.Load() != 2 {
		t.Fatalf("done %d, failed %+v, most at once %d (want 3, none, 2)", len(done), fails, most.Load())
	}
}

// TestSetPacesTheAgencyTokenCalls: the agency's bucket holds 2 requests a second,
// and three sub-accounts mint their tokens at once: the 429s are waited out, not
// counted as failed sub-accounts.
func TestSetPacesTheAgencyTokenCalls(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{Limit: 2, Window: time.Second})
	code, out, errOut := h.Run(nil, "api", "GET", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=1",
		"--all-sub-accounts", "--profile", "agency")
	if code != cmdutil.ExitOK {
		t.Fatalf("api GET across the set: exit %d\n%s%s", code, out, errOut)
	}
	var answers struct {
		Answers []struct {
			LocationName string `json:"locationName"`
			Status       int    `json:"status"`
		} `json:"answers"`
		Failures []cmdutil.MemberFailure `json:"failures"`
	}
	decodeJSON(t, out, &answers)
	if len(answers.Answers) != 3 || len(answers.Failures) != 0 {
		t.Fatalf("answers %d, failures %+v", len(answers.Answers), answers.Failures)
	}
	for _, a := range answers.Answers {
		if a.Status != 200 || a.LocationName == "" {
			t.Errorf("answer %+v", a)
		}
	}
}

// TestSetSharesOneAgencyRefresh: with every token expired on the server, the three
// sub-accounts mint again at once; the agency's token is refreshed once, under its
// lock, and the other mints use the token that refresh saved (a second refresh
// would spend a rotated refresh token and fail a sub-account).
func TestSetSharesOneAgencyRefresh(t *testing.T) {
	h, r := clitest.AgencyHome(t, sandbox.Options{})
	if code, out, errOut := h.Run(nil, "folders", "--all-sub-accounts", "--profile", "agency"); code != cmdutil.ExitOK {
		t.Fatalf("first run: exit %d\n%s%s", code, out, errOut)
	}
	r.Server.ExpireAccessTokens()
	r.Server.ResetLog()
	if code, out, errOut := h.Run(nil, "folders", "--all-sub-accounts", "--profile", "agency", "--concurrency", "3"); code != cmdutil.ExitOK {
		t.Fatalf("after the tokens expired: exit %d\n%s%s", code, out, errOut)
	}
	refreshes, mints := 0, 0
	for _, req := range r.Server.Requests() {
		switch {
		case req.Path == "/oauth/token" && strings.Contains(req.Body, "grant_type=refresh_token"):
			refreshes++
		case req.Path == "/oauth/locationToken" && req.Status == 200:
			mints++
		}
	}
	if refreshes != 1 || mints != 3 {
		t.Fatalf("%d refreshes of the agency's token and %d mints, want 1 and 3", refreshes, mints)
	}
}
