package e2e

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/auth"
)

// TestLoginAsANewUserAgainstSandbox follows the README over SSH with the real binary:
// `funnels sandbox` prints a login line; running it prints an address; opening that
// address with curl and pasting where it redirects signs in; `auth status` shows it;
// `logout` undoes it. Nothing printed, and no file but the token file, holds a token.
func TestLoginAsANewUserAgainstSandbox(t *testing.T) {
	sb := startSandboxBinary(t)
	line := sb.values["login"]
	args := strings.Fields(line)
	if len(args) < 2 || args[0] != "funnels" || args[1] != "login" || !strings.Contains(line, "--no-browser") {
		t.Fatalf("sandbox login line %q", line)
	}
	env := testEnv(t)
	home := strings.TrimPrefix(env[1], "HOME=")
	var printed []string

	stdout, stderr := loginByPaste(t, env, args[1:]...)
	printed = append(printed, stdout, stderr)
	if !strings.Contains(stderr, "Signed in to profile \"sandbox\"") {
		t.Errorf("login said:\n%s", stderr)
	}

	tokenFile := filepath.Join(home, "state", "funnels", "sandbox.json")
	tok, err := auth.NewStore(filepath.Dir(tokenFile)).Load("sandbox")
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(tokenFile)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("token file mode: %v %v", info.Mode(), err)
	}
	if dinfo, err := os.Stat(filepath.Dir(tokenFile)); err != nil || dinfo.Mode().Perm() != 0o700 {
		t.Errorf("token directory mode: %v", err)
	}

	runBin := func(args ...string) (int, string, string) {
		cmd := exec.Command(binPath, args...)
		cmd.Env = env
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		printed = append(printed, out.String(), errb.String())
		return code, out.String(), errb.String()
	}
	code, out, errs := runBin("auth", "status", "--profile", "sandbox")
	if code != 0 {
		t.Fatalf("status exit %d: %s", code, errs)
	}
	// Piped, as here, the fields come as "key<TAB>value" lines.
	for _, want := range []string{"Profile\tsandbox", "Location\t" + sb.values["location_id"], "OAuth", "Expires\t", "File\t" + tokenFile} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
	if code, _, errs = runBin("logout", "--profile", "sandbox"); code != 0 {
		t.Fatalf("logout exit %d: %s", code, errs)
	}
	if code, _, errs = runBin("auth", "status", "--profile", "sandbox"); code != 3 || !strings.Contains(errs, "funnels login --profile sandbox") {
		t.Errorf("status after logout: exit %d: %s", code, errs)
	}

	// The scan: everything printed, every file left in the home.
	secrets := []string{tok.AccessToken, tok.RefreshToken}
	for _, p := range printed {
		for _, s := range secrets {
			if strings.Contains(p, s) {
				t.Errorf("a token was printed")
			}
		}
	}
	_ = filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == tokenFile {
			return nil
		}
		data, _ := os.ReadFile(path)
		for _, s := range secrets {
			if bytes.Contains(data, []byte(s)) {
				t.Errorf("a token is in %s", path)
			}
		}
		return nil
	})
}

// openWithCurl does what a user over SSH does with the address: open it somewhere
// else and copy where the browser was sent. curl if it is installed, net/http if not;
// ca, when not "", is a PEM file of the authority of an address over HTTPS.
func openWithCurl(t *testing.T, authURL, ca string) string {
	t.Helper()
	if curl, err := exec.LookPath("curl"); err == nil {
		args := []string{"-s", "-o", os.DevNull, "-w", "%{redirect_url}", authURL}
		if ca != "" {
			args = append(args, "--cacert", ca)
		}
		out, err := exec.Command(curl, args...).Output()
		if err != nil {
			t.Fatalf("curl: %v", err)
		}
		return strings.TrimSpace(string(out))
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if ca != "" {
		pemData, err := os.ReadFile(ca)
		if err != nil {
			t.Fatal(err)
		}
		roots := x509.NewCertPool()
		roots.AppendCertsFromPEM(pemData)
		c.Transport = &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}}
	}
	resp, err := c.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Header.Get("Location")
}

// loginByPaste runs `funnels ARGS` (an OAuth login over SSH) in env: it opens the
// printed address with curl, as a browser would, and pastes where the browser was
// sent. It returns what login printed on stdout and on stderr.
func loginByPaste(t *testing.T, env []string, args ...string) (stdout, stderr string) {
	t.Helper()
	return loginByPasteTrusting(t, env, "", args...)
}

// loginByPasteTrusting is loginByPaste with the address opened trusting the authority
// of the PEM file ca (a sandbox served over HTTPS).
func loginByPasteTrusting(t *testing.T, env []string, ca string, args ...string) (stdout, stderr string) {
	t.Helper()
	login := exec.Command(binPath, args...)
	login.Env = env
	stdin, err := login.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	login.Stdout = &out
	stderrPipe, err := login.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := login.Start(); err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	urls := make(chan string, 1)
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		sc := bufio.NewScanner(io.TeeReader(stderrPipe, &errOut))
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, "http") && strings.Contains(l, "/oauth/chooselocation?") {
				urls <- l
			}
		}
	}()
	select {
	case u := <-urls:
		if _, err := io.WriteString(stdin, openWithCurl(t, u, ca)+"\n"); err != nil {
			t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		_ = login.Process.Kill()
		t.Fatal("login printed no address")
	}
	waited := make(chan error, 1)
	go func() { <-readDone; waited <- login.Wait() }()
	select {
	case err := <-waited:
		if err != nil {
			t.Fatalf("login: %v\n%s", err, errOut.String())
		}
	case <-time.After(15 * time.Second):
		_ = login.Process.Kill()
		t.Fatalf("login did not finish:\n%s", errOut.String())
	}
	stdin.Close()
	return out.String(), errOut.String()
}

// signIn signs in by paste in env with the login line the sandbox printed under key
// ("login", "agency_login"); an agency's must say it signed in at agency level.
func (sb *runningSandbox) signIn(t *testing.T, env []string, key string) {
	t.Helper()
	_, said := loginByPaste(t, env, append(strings.Fields(sb.values[key])[1:], "--redirect-port", "0")...)
	if key == "agency_login" && !strings.Contains(said, "at agency level") {
		t.Fatalf("login --agency said:\n%s", said)
	}
}
