package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFirstProfileSignedInIsTheDefault follows the README with the real binary on
// empty XDG directories: a private integration token stored with --profile acme
// (checked with one request first) makes acme the default, so plain `funnels
// folders` works without --profile. A made-up token is refused and not stored.
func TestFirstProfileSignedInIsTheDefault(t *testing.T) {
	sb := startSandboxBinary(t)
	env := testEnv(t)
	home := strings.TrimPrefix(env[1], "HOME=")
	env = append(env, "XDG_CACHE_HOME="+filepath.Join(home, "cache"))
	run := func(stdin string, args ...string) (int, string, string) {
		cmd := exec.Command(binPath, args...)
		cmd.Env = env
		cmd.Stdin = strings.NewReader(stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, out.String(), errb.String()
	}
	base, loc := sb.values["base_url"], sb.values["location_id"]

	code, _, errs := run("pit-made-up\n", "login", "--with-token", "--location", loc, "--profile", "acme", "--base-url", base)
	if code != 3 || !strings.Contains(errs, "401") || !strings.Contains(errs, "nothing was stored") {
		t.Fatalf("a made-up token: exit %d: %s", code, errs)
	}
	if entries, _ := os.ReadDir(filepath.Join(home, "state", "funnels")); len(entries) != 0 {
		t.Fatalf("a refused token left files behind: %v", entries)
	}

	code, _, errs = run(sb.values["token"]+"\n", "login", "--with-token", "--location", loc, "--profile", "acme", "--base-url", base)
	if code != 0 || !strings.Contains(errs, "Profile acme is now the default — funnels auth switch NAME changes it.") {
		t.Fatalf("login exit %d: %s", code, errs)
	}
	code, out, errs := run("", "folders")
	if code != 0 || !strings.Contains(out, "Lead Generation") {
		t.Fatalf("plain folders after the first sign-in: exit %d:\n%s%s", code, out, errs)
	}
	code, _, errs = run("", "folders", "--profile", "other")
	if code != 3 || !strings.Contains(errs, "signed in: acme") || !strings.Contains(errs, "funnels auth switch acme") {
		t.Fatalf("a profile never signed in: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(home, "state", "funnels", "other.lock")); !os.IsNotExist(err) {
		t.Fatalf("a lock file was left for a profile never signed in: %v", err)
	}
}
