package e2e

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFindAcrossSetReadsLocalIndexes: after `funnels index --all-sub-accounts`
// (one of the three gyms suspended), find across the set answers from the local
// indexes alone: with the sandbox stopped and every sub-account's token removed it
// still finds in the two indexed gyms, and names the suspended one as having no
// index, with the reason its last crawl gave (400) and the command that makes it,
// without trying it again.
func TestFindAcrossSetReadsLocalIndexes(t *testing.T) {
	sb := startSandboxBinary(t, "--ephemeral")
	env := testEnv(t)
	if _, said := loginByPaste(t, env, append(strings.Fields(sb.values["agency_login"])[1:], "--redirect-port", "0")...); !strings.Contains(said, "at agency level") {
		t.Fatalf("login --agency said:\n%s", said)
	}
	suspendSubAccount(t, sb, "RiversideBoxingLoc03")
	if code, out, errOut := runIn(t, env, "", "index", "--all-sub-accounts"); code != 1 {
		t.Fatalf("index across the set: exit %d, want 1\n%s%s", code, out, errOut)
	}
	// The first find tries the suspended one (it has no index) and records why it failed.
	if code, out, errOut := runIn(t, env, "", "find", "open house", "--all-sub-accounts"); code != 1 || !strings.Contains(errOut, "suspended") {
		t.Fatalf("first find across the set: exit %d, want 1 naming the suspended one\n%s%s", code, out, errOut)
	}

	stopSandbox(t, sb)
	tokens, _ := filepath.Glob(filepath.Join(envValue(env, "XDG_STATE_HOME"), "funnels", "agency@*"))
	if len(tokens) == 0 {
		t.Fatal("no sub-account token was saved: the test would prove nothing")
	}
	for _, p := range tokens {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}

	code, out, errOut := runIn(t, env, "", "find", "open house", "--all-sub-accounts", "--json")
	if code != 1 {
		t.Fatalf("find with the sandbox stopped: exit %d, want 1 (the suspended one)\n%s%s", code, out, errOut)
	}
	var found struct {
		Matches  []struct{ LocationName, Name string }
		Failures []struct {
			Location, Error string
			Status          int
		}
	}
	if err := json.Unmarshal([]byte(out), &found); err != nil {
		t.Fatalf("find --json: %v\n%s", err, out)
	}
	if len(found.Matches) == 0 || found.Matches[0].Name != "Summit Open House" || found.Matches[0].LocationName != "Summit Strength" {
		t.Errorf("best match with the sandbox stopped: %+v\n%s", found.Matches, errOut)
	}
	if len(found.Failures) != 1 || found.Failures[0].Location != "RiversideBoxingLoc03" || found.Failures[0].Status != 400 ||
		!strings.Contains(found.Failures[0].Error, "no local index") || !strings.Contains(found.Failures[0].Error, "suspended") ||
		!strings.Contains(found.Failures[0].Error, "funnels index --profile agency --location RiversideBoxingLoc03") {
		t.Errorf("the suspended one, not tried again: %+v", found.Failures)
	}
	if strings.Contains(errOut, "no answer") {
		t.Errorf("find asked the stopped sandbox:\n%s", errOut)
	}
	if _, err := os.Stat(filepath.Join(envValue(env, "XDG_CACHE_HOME"), "funnels", "index", "agency")); err != nil {
		t.Errorf("the indexes are not where the test looked: %v", err)
	}
}

// suspendSubAccount suspends a sub-account of the sandbox binary's agency.
func suspendSubAccount(t *testing.T, sb *runningSandbox, location string) {
	t.Helper()
	resp, err := http.Post(sb.values["base_url"]+"/_sandbox/suspend?location="+location, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}

// stopSandbox stops the sandbox binary and waits until it is gone.
func stopSandbox(t *testing.T, sb *runningSandbox) {
	t.Helper()
	_ = sb.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _, _ = sb.cmd.Process.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the sandbox did not stop")
	}
}

// envValue is the value of name in env ("" when absent).
func envValue(env []string, name string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}
