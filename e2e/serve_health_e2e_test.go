package e2e

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestServeHealthViewChecksAsTheServerSays: over `ssh -tt` a reader's ! runs the
// check on the team server, as `funnels check` does there (its record offers it to
// every person granted the sub-account), reaching the pages only as the server's
// config file's [check] says: here the sandbox's sites, whose seeded faults it lists.
func TestServeHealthViewChecksAsTheServerSays(t *testing.T) {
	tm := startTeamOn(t, sandbox.Options{Sites: sandbox.SitesOptions{Enabled: true}}, map[string]string{"bob": "read"})
	info, ok := tm.sb.Server.Sites()
	if !ok {
		t.Fatal("the sandbox serves no sites")
	}
	dir := t.TempDir()
	rules, ca := filepath.Join(dir, "sites-resolve.txt"), filepath.Join(dir, "sites-ca.pem")
	if os.WriteFile(rules, []byte(strings.Join(info.Resolve, "\n")+"\n"), 0o600) != nil || os.WriteFile(ca, info.CAPEM, 0o600) != nil {
		t.Fatal("could not write the sites' rules")
	}
	config := filepath.Join(envValue(tm.env, "XDG_CONFIG_HOME"), "funnels", "config.toml")
	if err := os.MkdirAll(filepath.Dir(config), 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(config, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString("\n[check]\nresolve_file = \"" + rules + "\"\nca_file = \"" + ca + "\"\nno_dns = true\n")
	if err := errors.Join(err, f.Close()); err != nil {
		t.Fatal(err)
	}

	bob := tm.browser("bob", 80, 24)
	bob.waitFor("Lead Generation", "read-only")
	bob.keys("!")
	scr := bob.waitFor("Health · checked", "5 errors, 7 warnings", "r check again")
	for _, want := range []string{"the domain does not resolve", "the address answers 404", "the redirects loop"} {
		if !strings.Contains(scr, want) {
			t.Fatalf("the Health view over ssh should show %q:\n%s", want, scr)
		}
	}
	bob.keys("Escape")
	bob.waitFor("Lead Generation")
	bob.keys("q")
	bob.waitFor("ssh exited with 0")
}
