package check_test

import (
	"net"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// closedPort is a loopback port nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close()
	return port
}

// TestCheckSaysItDoesNotGoThroughTheProxy: where no site is reached and the
// environment names a proxy, check says that it asks each site directly, naming the
// proxy with its password hidden; not where the sites answer, nor where no proxy is
// named.
func TestCheckSaysItDoesNotGoThroughTheProxy(t *testing.T) {
	h, reach := sitesHome(t)
	port := closedPort(t)
	nowhere := []string{"--resolve", "*:443:127.0.0.1:" + port, "--resolve", "*:80:127.0.0.1:" + port, "--no-dns"}
	const note = "that funnels check does not go through"

	h.Vars["HTTPS_PROXY"] = "http://alice:s3cret@proxy.corp.example:3128"
	r := h.Run(append([]string{"check", "--only", "errors"}, nowhere...)...)
	if r.Code != cmdutil.ExitAPI {
		t.Fatalf("check with no site reached: exit %d\n%s", r.Code, r.Stderr)
	}
	if !strings.Contains(r.Stderr, note) || !strings.Contains(r.Stderr, "http://alice:xxxxx@proxy.corp.example:3128") ||
		!strings.Contains(r.Stderr, "reached a server") {
		t.Errorf("no site reached, a proxy named: the note is missing\n%s", r.Stderr)
	}
	if strings.Contains(r.Stderr+r.Stdout, "s3cret") {
		t.Errorf("the proxy's password was printed\n%s%s", r.Stdout, r.Stderr)
	}
	if r := h.Run(append([]string{"check", "--json"}, nowhere...)...); !strings.Contains(r.Stderr, note) {
		t.Errorf("--json: the note is missing from standard error\n%s", r.Stderr)
	}

	if r := h.Run(append([]string{"check"}, reach...)...); strings.Contains(r.Stderr, note) {
		t.Errorf("the sites answered, yet the note\n%s", r.Stderr)
	}
	h.Vars["NO_PROXY"] = "*"
	if r := h.Run(append([]string{"check"}, nowhere...)...); strings.Contains(r.Stderr, note) {
		t.Errorf("NO_PROXY leaves every host out, yet the note\n%s", r.Stderr)
	}
	delete(h.Vars, "NO_PROXY")
	delete(h.Vars, "HTTPS_PROXY")
	if r := h.Run(append([]string{"check"}, nowhere...)...); strings.Contains(r.Stderr, note) {
		t.Errorf("no proxy named, yet the note\n%s", r.Stderr)
	}
}
