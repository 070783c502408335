package e2e

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestServeRefusesWhatASessionMayNotRun: the ways a reader took a team server over
// (a flag before the command word that hid `login`, the admins' commands, a second
// server, the sandbox, a file of the server read through an import or a diff, an
// export into the server's working directory) are refused over the real OpenSSH
// client to a reader and to a writer alike: exit 2 saying why, nothing opened under
// the operator's home or the server's working directory, the people file as it
// was, nothing sent to the service. The export comes over the session as a tar.
func TestServeRefusesWhatASessionMayNotRun(t *testing.T) {
	needSSH(t)
	sb := sandboxtest.Start(t, sandbox.Options{})
	home := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "TERM=dumb",
		"FUNNELS_INSECURE_STORAGE=1", "FUNNELS_BASE_URL=" + sb.URL, "FUNNELS_TOKEN=" + sb.Server.DemoToken(), "USER=operator"}
	data := filepath.Join(t.TempDir(), "serve")
	keys, _, err := addPeople(env, data, t.TempDir(), sb.Server.LocationID(), map[string]string{"bob": "read", "ana": "write"})
	if err != nil {
		t.Fatal(err)
	}
	cwd, files := t.TempDir(), t.TempDir()
	rows := filepath.Join(files, "rows.csv")
	if err := os.WriteFile(rows, []byte("domain,path,target,action\noffers.lakesidefit.com,/x,https://offers.lakesidefit.com/y,url\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := startServeProcIn(env, data, cwd)
	if err != nil {
		t.Fatal(err)
	}
	defer p.stop()
	people, err := os.ReadFile(filepath.Join(data, "users.json"))
	if err != nil {
		t.Fatal(err)
	}
	mallory, _ := newKeyFile(t, t.TempDir(), "mallory")
	malloryKey, _ := os.ReadFile(mallory + ".pub")
	disk := clitest.WatchDisk(t, home, cwd, files)
	disk.Touched()
	sb.Server.ResetLog()
	// ssh HOST -- ARGS…: what follows -- is the command, the first word a flag or not.
	ssh := func(person string, args ...string) cliResult {
		cmd := exec.Command("ssh", append(append(sshOptions(p.port, keys[person]), "127.0.0.1", "--"), args...)...)
		cmd.Env = env
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		code := 0
		if err := cmd.Run(); err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatalf("ssh %q: %v", args, err)
			}
			code = ee.ExitCode()
		}
		return cliResult{code: code, stdout: out.String(), stderr: errb.String()}
	}
	notOffered, admins, file := "is not offered over ssh", "is for the server's admins", "a file of the server"
	for _, person := range []string{"bob", "ana"} {
		for _, a := range []struct {
			args []string
			why  string
		}{
			{[]string{"--client-id", "folders", "login", "--with-token", "--profile", "ops"}, notOffered},
			{[]string{"--location", sb.Server.LocationID(), "logout"}, notOffered},
			{[]string{"serve", "user", "grant", person, "--all", "--role", "admin"}, admins},
			{[]string{"user", "grant", person, "--all", "--role", "admin"}, admins},
			{[]string{"serve", "user", "add", "mallory", "--key", strings.TrimSpace(string(malloryKey))}, admins},
			{[]string{"serve", "--data", filepath.Join(cwd, "mine"), "--addr", "127.0.0.1:0"}, notOffered},
			{[]string{"sandbox", "--addr", "127.0.0.1:0"}, notOffered},
			{[]string{"redirects", "--jq", ".", "import", "/etc/passwd", "--format", "csv"}, file},
			{[]string{"redirects", "--format", "csv", "import", rows}, file},
			{[]string{"diff", files, "@cached"}, file},
			{[]string{"audit"}, admins},
			{[]string{"serve", "user", "list"}, admins},
			{[]string{"export", "-o", "funnels-export"}, file},
			{[]string{"redirects", "export", "-o", filepath.Join(cwd, "r.csv")}, file},
			{[]string{"api", "GET", "/funnels/funnel/list", "--data", "@/etc/passwd"}, file},
			{[]string{"auth", "token"}, notOffered},
			{[]string{"config", "get", "client_secret"}, notOffered},
			{[]string{"folders", "--base-url", "http://127.0.0.1:1"}, "--base-url is not taken over ssh"},
		} {
			r := ssh(person, a.args...)
			if r.code != 2 || !strings.Contains(r.stderr, a.why) || strings.Contains(r.stdout+r.stderr, "root:") {
				t.Errorf("%s: ssh %q: exit %d, want 2 saying %q\nstdout: %s\nstderr: %s", person, a.args, r.code, a.why, r.stdout, r.stderr)
			}
			if touched := disk.Touched(); len(touched) > 0 {
				t.Errorf("%s: ssh %q touched the operator's files or the server's directory: %q", person, a.args, touched)
			}
			if reqs := sb.Server.Requests(); len(reqs) > 0 {
				t.Errorf("%s: ssh %q sent %s %s", person, a.args, reqs[0].Method, reqs[0].Path)
				sb.Server.ResetLog()
			}
		}
	}
	if now, _ := os.ReadFile(filepath.Join(data, "users.json")); !bytes.Equal(now, people) {
		t.Errorf("the people file changed:\n%s", now)
	}

	// What a reader may have comes to them: the export as a tar on standard output,
	// nothing written where the server runs.
	r := ssh("bob", "export")
	if r.code != 0 {
		t.Fatalf("ssh export: exit %d\n%s", r.code, r.stderr)
	}
	var names []string
	tr := tar.NewReader(strings.NewReader(r.stdout))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("ssh export: not a tar: %v", err)
		}
		names = append(names, h.Name)
	}
	if !slices.Contains(names, "manifest.yaml") || !slices.Contains(names, "redirects.yaml") || len(names) < 10 {
		t.Errorf("ssh export: the tar holds %q", names)
	}
	if entries, _ := os.ReadDir(cwd); len(entries) != 0 {
		t.Errorf("the server's working directory holds %d entries after the sessions", len(entries))
	}
	r = ssh("bob", "redirects", "export")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "domain,path,target,action,id\n") {
		t.Errorf("ssh redirects export: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
