package e2e

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestSetGivesUpASubAccountThatNeverAnswers: `funnels sandbox`'s agency, one of its
// gyms silenced (POST /_sandbox/silence: its API never answers). index and find
// across --all-sub-accounts do the two others and give the silent one up once
// nothing of it was answered for --member-timeout, naming it with the reason:
// seconds, not the minutes of timeouts and retries it took before.
func TestSetGivesUpASubAccountThatNeverAnswers(t *testing.T) {
	t.Parallel()
	sb := startSandboxBinary(t, "--ephemeral")
	env := testEnv(t)
	sb.signIn(t, env, "agency_login")
	resp, err := http.Post(sb.values["base_url"]+"/_sandbox/silence?location=RiversideBoxingLoc03", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	start := time.Now()
	code, out, errOut := runIn(t, env, "", "index", "--all-sub-accounts", "--member-timeout", "3s")
	took := time.Since(start)
	if code != 1 || !strings.Contains(out, "Lakeside Fit") || !strings.Contains(out, "Summit Strength") {
		t.Fatalf("index across the set: exit %d, want 1 with the two that answer\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"1 of 3 sub-accounts failed", "Riverside Boxing Club", "no answer from it for 3s"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("index: stderr lacks %q:\n%s", want, errOut)
		}
	}
	if took > time.Minute {
		t.Errorf("index took %v with one sub-account silent for a 3s member timeout", took)
	}

	code, out, errOut = runIn(t, env, "", "find", "open house", "--all-sub-accounts", "--member-timeout", "3s", "--json")
	var found struct {
		Matches  []struct{ LocationName string }
		Failures []struct{ Location, Error string }
	}
	if err := json.Unmarshal([]byte(out), &found); err != nil || code != 1 {
		t.Fatalf("find --json: exit %d, %v\n%s%s", code, err, out, errOut)
	}
	if len(found.Failures) != 1 || found.Failures[0].Location != "RiversideBoxingLoc03" || !strings.Contains(found.Failures[0].Error, "no answer") ||
		len(found.Matches) == 0 {
		t.Errorf("find across the set: %+v", found)
	}
	t.Logf("index gave the silent sub-account up and ended after %v", took)
}
