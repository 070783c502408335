package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestDebugLogRedactsTheToken: --debug writes every request to the debug log under the
// XDG state home, 0600 in 0700, with Authorization redacted and no token anywhere.
func TestDebugLogRedactsTheToken(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	c.api("folders", "--debug").want(t, 0, "Spring Sale 2026", "err:debug log")
	c.sb.Server.FailNext(503, 1, "")
	c.api("folders", "--debug").want(t, 0)
	var state string
	for _, kv := range c.env {
		if v, ok := strings.CutPrefix(kv, "XDG_STATE_HOME="); ok {
			state = v
		}
	}
	path := filepath.Join(state, "funnels", "debug.log")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	log := string(raw)
	for _, want := range []string{"GET " + c.sb.URL + "/funnels/funnel/folder/entities", "status=200", "status=503",
		"Authorization: Bearer [redacted]", "Version: 2021-07-28", "X-Ratelimit-Remaining"} {
		if !strings.Contains(log, want) {
			t.Errorf("debug log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, c.sb.Server.DemoToken()) {
		t.Fatalf("the debug log holds the token")
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("debug log mode %v", fi.Mode().Perm())
	}
	if fi, _ := os.Stat(filepath.Dir(path)); fi.Mode().Perm() != 0o700 {
		t.Errorf("state dir mode %v", fi.Mode().Perm())
	}
	// Without the flag nothing more is written.
	before := len(raw)
	c.api("folders").want(t, 0)
	if after, _ := os.ReadFile(path); len(after) != before {
		t.Errorf("the debug log grew without --debug")
	}
}
