package e2e

import (
	"bytes"
	"errors"
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

// TestServeApplyWaitsForTheLocationsLock: an import runs on the server's machine and
// is held part way (the sandbox holds its writes until the test lets them go, so it
// holds the location's lock for as long as the test needs, whatever the machine's
// speed); a restore of the same location over ssh meanwhile says whose import it
// waits for and waits; once the import ends, the location's redirects having changed
// under its plan, the restore sends nothing and says so; run again, it restores.
// Nothing was undone silently.
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

	release := tm.sb.Server.HoldWrites()
	defer release()
	slow := exec.Command(binPath, "redirects", "import", csv("slow.csv", "/lock-1", "/lock-2", "/lock-3", "/lock-4", "/lock-5"), "--yes", "--location", loc)
	slow.Env = tm.env
	var slowErr bytes.Buffer
	slow.Stderr = &slowErr
	if err := slow.Start(); err != nil {
		t.Fatal(err)
	}
	// An import sends only once it holds the lock: a write held means the lock is.
	for start := time.Now(); tm.sb.Server.WritesHeld() == 0; time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatalf("the import never sent a write:\n%s", slowErr.String())
		}
	}

	restore := exec.Command("ssh", append(tm.sshArgs(tm.keys["ana"], "127.0.0.1"), "redirects", "restore", "1", "--yes", "--location", loc)...)
	restore.Env = tm.env
	restoreErr := &lockedBuffer{}
	restore.Stderr = restoreErr
	if err := restore.Start(); err != nil {
		t.Fatal(err)
	}
	restoreErr.waitFor(t, "the restore to say whose import it waits for", time.Minute, func(s string) bool {
		return strings.Contains(s, "Waiting for local:operator's import of slow.csv")
	})
	release()
	if err := slow.Wait(); err != nil {
		t.Fatalf("the import: %v\n%s", err, slowErr.String())
	}
	err := restore.Wait()
	tm.seen = append(tm.seen, restoreErr.String())
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(restoreErr.String(), "changed since this plan was made") {
		t.Fatalf("the restore that waited: %v, want exit 1 saying nothing was sent as the redirects changed under its plan\n%s", err, restoreErr.String())
	}
	tm.ssh("ana", "redirects", "restore", "1", "--yes", "--location", loc).want(t, 0)
	list := tm.local("redirects", "list", "--location", loc)
	if strings.Contains(list.stdout, "/lock-1") || !strings.Contains(list.stdout, "/7-day-pass") {
		t.Errorf("after the restore: %s", list.stdout)
	}
}
