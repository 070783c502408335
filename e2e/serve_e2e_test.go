package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// team is `funnels serve` run as an operator would, in front of a sandbox (its
// address and token in the server's environment), with people added by the binary's
// own `serve user` commands; each person's key is a throwaway file of the test.
type team struct {
	t    *testing.T
	sb   *sandbox.Running
	dir  string
	env  []string
	port string
	srv  *serveProc
	keys map[string]string // person → private key file
	fps  map[string]string // person → SHA256 fingerprint
	seen []string
}

// needSSH skips without the OpenSSH client, except on CI, where .ci/run installs it.
func needSSH(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("ssh"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("ssh is not installed; .ci/run installs openssh-client")
		}
		t.Skip("ssh is not installed")
	}
}

// startTeam serves the sandbox to people, each with a new key and a role on the
// sandbox's sub-account ("admin" is admin on every one).
func startTeam(t *testing.T, roles map[string]string) *team {
	t.Helper()
	return startTeamWith(t, sandbox.Options{}, roles, "")
}

// startTeamIn is startTeam with the server's working directory cwd ("": the test's).
func startTeamIn(t *testing.T, roles map[string]string, cwd string) *team {
	t.Helper()
	return startTeamWith(t, sandbox.Options{}, roles, cwd)
}

// startTeamOn is startTeam in front of a sandbox started with opts.
func startTeamOn(t *testing.T, opts sandbox.Options, roles map[string]string) *team {
	t.Helper()
	return startTeamWith(t, opts, roles, "")
}

// startTeamWith is startTeam in front of a sandbox started with opts, the server's
// working directory cwd ("": the test's).
func startTeamWith(t *testing.T, opts sandbox.Options, roles map[string]string, cwd string) *team {
	t.Helper()
	needSSH(t)
	sb := sandboxtest.Start(t, opts)
	tm := &team{t: t, sb: sb, dir: filepath.Join(t.TempDir(), "serve"),
		env: append(testEnv(t), "FUNNELS_BASE_URL="+sb.URL, "FUNNELS_TOKEN="+sb.Server.DemoToken(), "USER=operator")}
	t.Cleanup(func() {
		for _, out := range tm.seen {
			if strings.Contains(out, sb.Server.DemoToken()) {
				t.Errorf("the server's token was shown:\n%s", out)
			}
		}
	})
	var err error
	if tm.keys, tm.fps, err = addPeople(tm.env, tm.dir, t.TempDir(), sb.Server.LocationID(), roles); err != nil {
		t.Fatal(err)
	}
	p, err := startServeProcIn(tm.env, tm.dir, cwd)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tm.seen = append(tm.seen, p.stop()) })
	tm.port, tm.srv = p.port, p
	return tm
}

// newKeyFile is writeKeyPair for a test.
func newKeyFile(t *testing.T, dir, name string) (path, fingerprint string) {
	t.Helper()
	path, fingerprint, err := writeKeyPair(dir, name)
	if err != nil {
		t.Fatal(err)
	}
	return path, fingerprint
}

// local runs the binary on the server's machine, in the operator's environment.
func (tm *team) local(args ...string) cliResult {
	tm.t.Helper()
	return tm.exec(exec.Command(binPath, args...))
}

// sshArgs are sshOptions for person's key file, then extra.
func (tm *team) sshArgs(key string, extra ...string) []string {
	return append(sshOptions(tm.port, key), extra...)
}

// ssh runs a funnels command over ssh as person, with no terminal.
func (tm *team) ssh(person string, args ...string) cliResult {
	tm.t.Helper()
	return tm.exec(exec.Command("ssh", append(tm.sshArgs(tm.keys[person], "127.0.0.1"), args...)...))
}

func (tm *team) exec(cmd *exec.Cmd) cliResult {
	tm.t.Helper()
	if cmd.Env == nil {
		cmd.Env = tm.env
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		tm.t.Fatalf("%v: %v", cmd.Args, err)
	}
	tm.seen = append(tm.seen, out.String(), errb.String())
	return cliResult{code: code, stdout: out.String(), stderr: errb.String()}
}

// browser opens the browser over `ssh -tt` as person, in tmux at w×h; the screen
// says "ssh exited with N" when the ssh client ends.
func (tm *team) browser(person string, w, h int) *tui {
	args := append([]string{"ssh", "-tt"}, tm.sshArgs(tm.keys[person], "127.0.0.1")...)
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return startScript(tm.t, w, h, []string{"TERM=xterm-256color"}, strings.Join(quoted, " ")+`; echo "ssh exited with $?"; sleep 600`)
}

// writesSent are the writes the sandbox received since its log was last cleared.
func (tm *team) writesSent() []sandbox.Request {
	var out []sandbox.Request
	for _, r := range tm.sb.Server.Requests() {
		if client.Writes(r.Method, r.Path) {
			out = append(out, r)
		}
	}
	tm.sb.Server.ResetLog()
	return out
}

// TestServeRolesOverSSH: through the real ssh client, a reader's write exits 2 and
// nothing reaches the service; a writer's redirect lands and the audit log names
// them and their key; an unknown key, a shell and a token-revealing command are
// refused; the exit status reaches the ssh client.
func TestServeRolesOverSSH(t *testing.T) {
	tm := startTeam(t, map[string]string{"ana": "write", "bob": "read", "lead": "admin"})
	create := func(path string) []string {
		return []string{"redirects", "create", "--domain", "join.lakesidefit.com", "--path", path, "--target", "https://example.com/" + path[1:], "--action", "url"}
	}

	tm.ssh("bob", "redirects", "list").want(t, 0, "/7-day-pass")
	tm.sb.Server.ResetLog()
	tm.ssh("bob", create("/from-bob")...).want(t, 2, "err:bob may only read", "err:nothing was sent")
	if reqs := tm.sb.Server.Requests(); len(reqs) > 0 {
		t.Errorf("the reader's write sent %d request(s): %+v", len(reqs), reqs)
	}

	tm.ssh("ana", append(create("/from-ana"), "--json")...).want(t, 0, `"path": "/from-ana"`)
	if w := tm.writesSent(); len(w) != 1 || w[0].Method != "POST" || !strings.Contains(w[0].Body, "/from-ana") {
		t.Fatalf("the writer's redirect: the service saw %+v", w)
	}

	var entries []struct {
		Phase, Person, Key, Location, Method, Path, TraceID string
		Status                                              int
		Body                                                json.RawMessage
	}
	tm.local("audit", "--data", tm.dir, "--json").decode(t, &entries)
	if len(entries) != 2 {
		t.Fatalf("the audit log holds %d entries, want the write's two (sending, sent): %+v", len(entries), entries)
	}
	for i, phase := range []string{"sending", "sent"} {
		e := entries[i]
		if e.Phase != phase || e.Person != "ana" || e.Key != tm.fps["ana"] || e.Location != tm.sb.Server.LocationID() || e.Method != "POST" {
			t.Errorf("entry %d: %+v, want %s by ana (%s) on %s", i, e, phase, tm.fps["ana"], tm.sb.Server.LocationID())
		}
	}
	if sent := entries[1]; sent.Status != 201 || !strings.Contains(string(sent.Body), "/from-ana") {
		t.Errorf("the sent entry lacks the status or the body: %+v", sent)
	}
	tm.local("audit", "--data", tm.dir, "--user", "bob", "--json").want(t, 0, "[]")

	// A local run on the server's machine is in the server's log too.
	tm.local(append(create("/from-local"), "--location", tm.sb.Server.LocationID())...).want(t, 0)
	var local []struct{ Phase, Person, Key, Path string }
	tm.local("audit", "--data", tm.dir, "--user", "local:operator", "--json").decode(t, &local)
	if len(local) != 2 || local[1].Phase != "sent" || local[1].Key != "" {
		t.Errorf("the local write's audit entries: %+v, want sending and sent by local:operator", local)
	}
	// Without $USER and $LOGNAME (cron, a service unit) the log names the OS account.
	account, err := user.Current()
	if err != nil || account.Username == "" {
		t.Fatalf("the account running the test: %v", err)
	}
	bare := exec.Command(binPath, append(create("/from-cron"), "--location", tm.sb.Server.LocationID())...)
	bare.Env = slices.DeleteFunc(slices.Clone(tm.env), func(kv string) bool {
		return strings.HasPrefix(kv, "USER=") || strings.HasPrefix(kv, "LOGNAME=")
	})
	tm.exec(bare).want(t, 0)
	tm.local("audit", "--data", tm.dir, "--user", "local:"+account.Username, "--json").decode(t, &local)
	if len(local) != 2 || local[1].Phase != "sent" {
		t.Errorf("a local write without $USER: audit entries %+v, want sending and sent by local:%s", local, account.Username)
	}
	tm.local("audit", "--data", tm.dir, "--user", "local:unknown", "--json").want(t, 0, "[]")
	tm.writesSent()

	tm.ssh("lead", "audit", "--user", "ana").want(t, 0, "ana", "POST /funnels/lookup/redirect")
	tm.ssh("ana", "audit").want(t, 2, "err:for the server's admins")

	stranger, _ := newKeyFile(t, t.TempDir(), "stranger")
	r := tm.exec(exec.Command("ssh", append(tm.sshArgs(stranger, "127.0.0.1"), "redirects", "list")...))
	r.want(t, 255, "err:Permission denied")
	for _, refused := range [][]string{{"auth", "token"}, {"login"}, {"serve", "--data", "/tmp"}, {"mcp"}, {"redirects", "list", "--token", "x"}, {"redirects", "list", "--base-url", "http://example.com"}} {
		tm.ssh("ana", refused...).want(t, 2)
	}
	tm.ssh("ana").want(t, 2, "err:no shell here")
	if w := tm.writesSent(); len(w) > 0 {
		t.Errorf("refused commands sent writes: %+v", w)
	}
}

// TestServeBrowsersOverSSHStayApart: three people open the browser over `ssh -tt`
// under tmux; each sees the panes and how many sessions share the sub-account, a
// resize reaches its session, and killing one ssh client leaves the other two
// browsing.
func TestServeBrowsersOverSSHStayApart(t *testing.T) {
	tm := startTeam(t, map[string]string{"ana": "write", "bob": "read", "cy": "read"})
	open := tm.browser
	ana, bob := open("ana", 100, 30), open("bob", 90, 24)
	ana.waitFor("Lead Generation", "Webinars/")
	bob.waitFor("Lead Generation", "read-only")
	cy := open("cy", 80, 24)
	cy.waitFor("Lead Generation", "3 sessions")

	ana.keys("j")
	ana.waitFor("3 sessions")
	cy.tmux("kill-server") // the ssh client dies: its session ends on the server
	ana.resize(70, 20)
	ana.keys("j")
	ana.waitUntil("two sessions, the screen 70 wide", func(scr string) bool {
		return strings.Contains(lastLine(scr), "2 sessions") && len([]rune(lastLine(scr))) <= 70
	})
	bob.keys("j")
	bob.waitFor("2 sessions", "read-only")
	bob.keys("q")
	bob.waitFor("ssh exited with 0")
	ana.keys("j")
	ana.waitUntil("ana alone", func(scr string) bool {
		return !strings.Contains(lastLine(scr), "sessions") && strings.Contains(scr, "Lead Generation")
	})
	ana.keys("q")
	ana.waitFor("ssh exited with 0")
}
