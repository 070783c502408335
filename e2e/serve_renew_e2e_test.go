package e2e

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeRenewsTokensAfterTheFirstSessionEnds: the operator signed in with OAuth
// and as an agency, `funnels serve` shares one client per sub-account between
// sessions. The session that opened it ends; every access token expires (the
// sandbox's expire-tokens), twice; each later session over the real ssh client still
// reads its sub-account, the pooled client having refreshed (or minted) on the
// server's own time, not the ended session's.
func TestServeRenewsTokensAfterTheFirstSessionEnds(t *testing.T) {
	needSSH(t)
	sb := startSandboxBinary(t, "--ephemeral")
	env := append(testEnv(t), "USER=operator")
	sb.signIn(t, env, "login")
	sb.signIn(t, env, "agency_login")
	env = append(env, "FUNNELS_PROFILE=sandbox")

	tm := &team{t: t, dir: filepath.Join(t.TempDir(), "serve"), env: env}
	var err error
	if tm.keys, tm.fps, err = addPeople(env, tm.dir, t.TempDir(), sb.values["location_id"], map[string]string{"lead": "admin"}); err != nil {
		t.Fatal(err)
	}
	p, err := startServeProc(env, tm.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if log := p.stop(); strings.Contains(log, "context canceled") {
			t.Errorf("the server's log:\n%s", log)
		}
	}()
	tm.port = p.port

	expire := func() {
		t.Helper()
		resp, err := http.Post(sb.values["base_url"]+"/_sandbox/expire-tokens", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	sessions := []struct {
		name string
		args []string
		want string
	}{
		{"oauth", []string{"redirects", "list"}, "/7-day-pass"},
		{"agency", []string{"redirects", "list", "--profile", "agency", "--location", "SummitStrengthLoc002"}, "summitstrength.com"},
	}
	for _, c := range sessions {
		tm.ssh("lead", c.args...).want(t, 0, c.want)
	}
	// Two expiries: what a sign-in may renew in a minute without being held back.
	for i := range 2 {
		expire()
		for _, c := range sessions {
			if r := tm.ssh("lead", c.args...); r.code != 0 || !strings.Contains(r.stdout, c.want) {
				t.Fatalf("%s, after expiry %d with the first session gone: exit %d\n%s%s", c.name, i+1, r.code, r.stdout, r.stderr)
			}
		}
	}
}
