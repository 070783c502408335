package e2e

import (
	"bytes"
	"encoding/pem"
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
// certificate's authority with SSL_CERT_FILE, as it says, the same call is answered.
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
		!strings.Contains(stderr, "SSL_CERT_FILE") || strings.Contains(stderr, "no answer from server") {
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
	if err := os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := run(append(env, "SSL_CERT_FILE="+ca), api...); code != 0 || !strings.Contains(stdout, `"funnels"`) {
		t.Errorf("with SSL_CERT_FILE: exit %d\n%s%s", code, stdout, stderr)
	}
}
