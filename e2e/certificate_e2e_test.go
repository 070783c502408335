package e2e

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// TestACertificateNotTrustedThroughTheBinary: against a server whose certificate this
// machine does not trust (as behind a proxy that inspects HTTPS), the binary asks
// once, not again and again, and says that the certificate is not trusted and what
// would help, not that no answer came (a call, a crawl, the doctor); given the
// certificate's authority in FUNNELS_CA_FILE, as it says, or in [api] ca_file of the
// config file (set by `funnels config set`), or with SSL_CERT_FILE (Go's own, on
// Linux), the same call is answered. A file of authorities that cannot be used is
// said, with where it was named, before anything is sent.
func TestACertificateNotTrustedThroughTheBinary(t *testing.T) {
	srv, conns := sandboxtest.TLS(t, `{"funnels":[],"count":0}`)
	env := testEnv(t)
	run := func(env []string, args ...string) (int, string, string) {
		cmd := exec.Command(binPath, append(args, "--base-url", srv.URL, "--token", "pit-test", "--location", "Loc1")...)
		cmd.Env = env
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), out.String(), errb.String()
	}
	api := []string{"api", "GET", "/funnels/funnel/list"}
	code, _, stderr := run(env, api...)
	if code != 1 || !strings.Contains(stderr, "the server's certificate is not trusted: it is signed by an authority this machine does not trust") ||
		!strings.Contains(stderr, "FUNNELS_CA_FILE") || strings.Contains(stderr, "no answer from server") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections: a certificate not trusted was tried again", n)
	}
	// A crawl and the doctor, which ask many routes, say the same, not "will be tried
	// again by the next crawl" or "no answer".
	for _, args := range [][]string{{"index"}, {"doctor"}} {
		if code, _, stderr := run(env, args...); code != 1 || !strings.Contains(stderr, "the server's certificate is not trusted") ||
			strings.Contains(stderr, "tried again by the next crawl") || strings.Contains(stderr, "no answer") {
			t.Errorf("%v: exit %d:\n%s", args, code, stderr)
		}
	}

	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, sandboxtest.CertPEM(srv), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, trust := range []string{"FUNNELS_CA_FILE", "SSL_CERT_FILE"} {
		if code, stdout, stderr := run(append(env, trust+"="+ca), api...); code != 0 || !strings.Contains(stdout, `"funnels"`) {
			t.Errorf("with %s: exit %d\n%s%s", trust, code, stdout, stderr)
		}
	}

	// Files that cannot be used, each said with what named it, and nothing sent.
	dir := t.TempDir()
	noCert := filepath.Join(dir, "key.pem")
	if err := os.WriteFile(noCert, []byte("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sent := conns.Load()
	for _, bad := range []struct{ path, says string }{
		{filepath.Join(dir, "missing.pem"), "no such file"},
		{noCert, "no certificate in it"},
		{dir, "not a file"},
	} {
		code, _, stderr := run(append(env, "FUNNELS_CA_FILE="+bad.path), api...)
		if code != 2 || !strings.Contains(stderr, "the certificate authorities to trust (FUNNELS_CA_FILE)") || !strings.Contains(stderr, bad.says) {
			t.Errorf("FUNNELS_CA_FILE=%s: exit %d\n%s", bad.path, code, stderr)
		}
	}
	if n := conns.Load(); n != sent {
		t.Errorf("%d connections made with a file of authorities that could not be used", n-sent)
	}

	// Kept in the config file: `config set` writes the path whole, `config get` says
	// where it came from, and every command trusts it.
	if code, _, stderr := run(env, "config", "set", "api.ca_file", ca); code != 0 {
		t.Fatalf("config set api.ca_file: exit %d\n%s", code, stderr)
	}
	if code, stdout, stderr := run(env, "config", "get", "api.ca_file"); code != 0 || !strings.Contains(stdout, ca) {
		t.Errorf("config get api.ca_file: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := run(env, api...); code != 0 || !strings.Contains(stdout, `"funnels"`) {
		t.Errorf("with [api] ca_file: exit %d\n%s%s", code, stdout, stderr)
	}
}
