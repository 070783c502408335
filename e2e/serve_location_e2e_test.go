package e2e

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeRefusesAnotherSubAccountInARequest: over ssh, `api` requests that name a
// sub-account the person was not granted — in the query of a read, in the body of a
// write (nested), in the query of a write — are refused before anything is sent
// (exit 3), while the same request naming the granted one goes.
func TestServeRefusesAnotherSubAccountInARequest(t *testing.T) {
	tm := startTeam(t, map[string]string{"ana": "write", "bob": "read"})
	other := "SummitStrengthLoc002"
	tm.sb.Server.ResetLog()
	for _, c := range []struct {
		person string
		args   []string
	}{
		{"bob", []string{"api", "GET", "/funnels/funnel/list?locationId=" + other}},
		{"bob", []string{"api", "GET", "/funnels/lookup/redirect/list", "--query", "locationId=" + other, "--query", "limit=10", "--query", "offset=0"}},
		{"ana", []string{"api", "POST", "/funnels/lookup/redirect", "--data",
			`'{"domain":"join.lakesidefit.com","path":"/x","target":"https://example.com","action":"url","meta":{"locationId":"` + other + `"}}'`}},
		{"ana", []string{"api", "POST", "/funnels/lookup/redirect?locationId=" + other, "--data", `'{"path":"/y"}'`}},
	} {
		r := tm.ssh(c.person, c.args...)
		if r.code != 3 || !strings.Contains(r.stderr, other) || !strings.Contains(r.stderr, "nothing was sent") {
			t.Errorf("%s %v: exit %d, want 3 naming %s\n%s", c.person, c.args, r.code, other, r.stderr)
		}
	}
	if reqs := tm.sb.Server.Requests(); len(reqs) > 0 {
		t.Errorf("requests naming another sub-account were sent: %+v", reqs)
	}
	tm.ssh("bob", "api", "GET", "/funnels/funnel/list?locationId="+tm.sb.Server.LocationID()).want(t, 0, "funnels")
}

// TestServeApplyWaitsForTheLocationsLock: a slow import runs on the server's
// machine; a restore of the same location over ssh meanwhile says whose import it
// waits for, waits, and — the location's redirects having changed under its plan —
// sends nothing and says so; run again, it restores. Nothing was undone silently.
func TestServeApplyWaitsForTheLocationsLock(t *testing.T) {
	tm := startTeam(t, map[string]string{"ana": "write"})
	loc := tm.sb.Server.LocationID()
	dir := t.TempDir()
	csv := func(name string, paths ...string) string {
		var b strings.Builder
		b.WriteString("domain,path,target,action\n")
		for _, p := range paths {
			b.WriteString("join.lakesidefit.com," + p + ",https://example.com" + p + ",url\n")
		}
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(b.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		return f
	}
	tm.local("redirects", "import", csv("first.csv", "/lock-0"), "--yes", "--location", loc).want(t, 0)

	resp, err := http.Post(tm.sb.URL+"/_sandbox/faults?fixed_latency=400ms", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// Long enough to hold the lock while the restore plans (a list and a survey of
	// each domain, 400 ms a request): 15 writes, 6 s.
	var slowPaths []string
	for i := 1; i <= 15; i++ {
		slowPaths = append(slowPaths, fmt.Sprintf("/lock-%d", i))
	}
	slow := exec.Command(binPath, "redirects", "import", csv("slow.csv", slowPaths...), "--yes", "--location", loc)
	slow.Env = tm.env
	var slowErr bytes.Buffer
	slow.Stderr = &slowErr
	if err := slow.Start(); err != nil {
		t.Fatal(err)
	}
	var stateHome string
	for _, kv := range tm.env {
		if v, ok := strings.CutPrefix(kv, "XDG_STATE_HOME="); ok {
			stateHome = v
		}
	}
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		if held, _ := filepath.Glob(filepath.Join(stateHome, "*", "locks", "*.who")); len(held) > 0 {
			break
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("the slow import never took the location's lock:\n%s", slowErr.String())
		}
	}

	r := tm.ssh("ana", "redirects", "restore", "1", "--yes", "--location", loc)
	if err := slow.Wait(); err != nil {
		t.Fatalf("the slow import: %v\n%s", err, slowErr.String())
	}
	if r.code != 1 || !strings.Contains(r.stderr, "Waiting for local:operator's import of slow.csv") ||
		!strings.Contains(r.stderr, "changed since this plan was made") {
		t.Fatalf("the restore meanwhile: exit %d, want 1, told whose import it waited for and that nothing was sent\n%s", r.code, r.stderr)
	}
	tm.ssh("ana", "redirects", "restore", "1", "--yes", "--location", loc).want(t, 0)
	list := tm.local("redirects", "list", "--location", loc)
	if strings.Contains(list.stdout, "/lock-1") || !strings.Contains(list.stdout, "/7-day-pass") {
		t.Errorf("after the restore: %s", list.stdout)
	}
}
