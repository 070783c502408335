package e2e

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// End-to-end tests of what a newcomer meets first: a sign-in with a private
// integration token that ends with a profile that works, and a sandbox whose tokens
// and profiles outlive a restart.

// runIn runs the binary with env and stdin; it returns the exit code and the output.
func runIn(t *testing.T, env []string, stdin string, args ...string) (int, string, string) {
	t.Helper()
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

func TestLoginWithTokenEndsWithAProfileThatWorks(t *testing.T) {
	t.Parallel()
	sb := startSandboxBinary(t, "--ephemeral")
	base, token, loc := sb.values["base_url"], sb.values["token"], sb.values["location_id"]
	env := testEnv(t)
	home := strings.TrimPrefix(env[1], "HOME=")
	tokenFile := filepath.Join(home, "token.txt")
	if err := os.WriteFile(tokenFile, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	// As the README used to say, with no terminal to ask on: refused, nothing stored.
	code, _, errs := runIn(t, env, token+"\n", "login", "--profile", "x", "--base-url", base, "--with-token")
	if code != cmdutil.ExitUsage || !strings.Contains(errs, "pass --location ID") || !strings.Contains(errs, "Nothing was stored") {
		t.Fatalf("login without a location: exit %d: %s", code, errs)
	}
	if code, _, errs := runIn(t, env, "", "auth", "status", "--profile", "x"); code != cmdutil.ExitAuth || !strings.Contains(errs, "not signed in") {
		t.Fatalf("status after the refused login: exit %d: %s", code, errs)
	}

	// With --location: signed in, and every command works with --profile alone.
	code, _, errs = runIn(t, env, token+"\n", "login", "--profile", "x", "--base-url", base, "--location", loc, "--with-token")
	if code != 0 || !strings.Contains(errs, "(location "+loc+")") {
		t.Fatalf("login --location: exit %d: %s", code, errs)
	}
	code, out, errs := runIn(t, env, "", "auth", "status", "--profile", "x")
	if code != 0 || !strings.Contains(out, loc) {
		t.Fatalf("status: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runIn(t, env, "", "folders", "--profile", "x"); code != 0 || !strings.Contains(out, "Webinars") {
		t.Fatalf("a command after the login: exit %d\n%s%s", code, out, errs)
	}

	// On a terminal, the README's line asks for the location: the token comes from
	// the file, the question and the answer go through the terminal.
	s := startScript(t, 110, 16, env, shellCommand("login", "--profile", "y", "--base-url", base, "--with-token")+
		" < '"+tokenFile+`'; echo "funnels exited with $?"; sleep 600`)
	s.waitFor("Location (sub-account) id")
	s.text(loc)
	s.keys("Enter")
	scr := s.waitFor(`Stored the private integration token for profile "y" (location `+loc+")", "funnels exited with 0")
	if strings.Contains(scr, token) {
		t.Fatalf("the token shows on the terminal:\n%s", scr)
	}
	if code, _, errs := runIn(t, env, "", "auth", "status", "--profile", "y"); code != 0 {
		t.Fatalf("status of the profile made on the terminal: exit %d: %s", code, errs)
	}

	// The browser opens on it.
	b := startTUI(t, 120, 30, env, "--profile", "y")
	b.waitFor("Spring Sale 2026", "y · "+loc)
	b.quit()

	// And plain funnels without a sign-in says how to sign in, and that --demo needs none.
	code, _, errs = runIn(t, env, "", "--profile", "nobody")
	if code != cmdutil.ExitAuth || !strings.Contains(errs, "funnels login --profile nobody") || !strings.Contains(errs, "funnels --demo") {
		t.Fatalf("funnels without a sign-in: exit %d: %s", code, errs)
	}
	for _, text := range []string{errs, out} {
		if strings.Contains(text, token) {
			t.Fatal("a token was printed")
		}
	}
}

// freeAddr is a loopback address with a port free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// stop ends the sandbox as Ctrl-C does and waits for it.
func (r *runningSandbox) stop(t *testing.T) {
	t.Helper()
	_ = r.cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- r.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(tuiDeadline):
		t.Fatal("the sandbox did not stop")
	}
}

func TestSandboxRestartKeepsItsTokensAndProfiles(t *testing.T) {
	t.Parallel()
	env := testEnv(t)
	addr := freeAddr(t)
	first := startSandboxIn(t, env, "--addr", addr)
	token, loc := first.values["token"], first.values["location_id"]
	if !strings.Contains(first.values["kept"], "sandbox.json") {
		t.Fatalf("the sandbox does not say where it keeps its tokens: %q", first.values["kept"])
	}
	// A profile of each kind: the printed token, and an OAuth sign-in.
	if code, _, errs := runIn(t, env, token, "login", "--profile", "pit", "--base-url", first.values["base_url"], "--location", loc, "--with-token"); code != 0 {
		t.Fatalf("login --with-token: exit %d: %s", code, errs)
	}
	loginByPaste(t, env, strings.Fields(first.values["login"])[1:]...)
	first.stop(t)

	second := startSandboxIn(t, env, "--addr", addr)
	if second.values["token"] != token || second.values["readonly_token"] != first.values["readonly_token"] ||
		second.values["client_secret"] != first.values["client_secret"] {
		t.Fatal("the tokens changed with the restart")
	}
	for _, profile := range []string{"pit", "sandbox"} {
		if code, out, errs := runIn(t, env, "", "folders", "--profile", profile); code != 0 || !strings.Contains(out, "Webinars") {
			t.Fatalf("profile %s after the restart: exit %d\n%s%s", profile, code, out, errs)
		}
	}

	// --ephemeral keeps nothing: new tokens, said so.
	other := startSandboxIn(t, env, "--addr", "127.0.0.1:0", "--ephemeral")
	if other.values["token"] == token || !strings.Contains(other.values["kept"], "nothing") {
		t.Fatalf("--ephemeral: token %q, kept %q", other.values["token"], other.values["kept"])
	}
}
