package check_test

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// sitesHome is a machine signed in to a sandbox that serves its public pages, and
// the flags that reach them offline.
func sitesHome(t *testing.T) (*clitest.Home, []string) {
	t.Helper()
	h := clitest.SignedIn(t, sandbox.Options{Sites: sandbox.SitesOptions{Enabled: true}})
	info, ok := h.SB.Server.Sites()
	if !ok {
		t.Fatal("the sandbox serves no sites")
	}
	ca, rules, err := info.WriteFiles(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return h, []string{"--resolve-file", rules, "--ca-file", ca, "--no-dns"}
}

// findings are the kind, address and evidence's error of each finding of a check's
// --json.
type findings struct {
	Findings []struct {
		Severity, Kind, URL, Message string
		Evidence                     struct{ Error, Address string }
	}
}

func decode(t *testing.T, r clitest.Result) findings {
	t.Helper()
	var out findings
	if err := json.Unmarshal([]byte(r.Stdout), &out); err != nil {
		t.Fatalf("--json: %v\n%s%s", err, r.Stdout, r.Stderr)
	}
	return out
}

// listener counts the connections made to a loopback port.
func listener(t *testing.T) (port string, accepted *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	accepted = &atomic.Int64{}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	_, port, _ = net.SplitHostPort(ln.Addr().String())
	return port, accepted
}

// TestCheckRefusesPrivateAddresses: redirects whose targets are 127.0.0.1,
// 169.254.169.254, 10.0.0.1 and [::1] are reported, each with the address and what
// it is, and not fetched: a listener at the loopback one is never dialled. With
// --allow-private (the non-loopback ones deleted first: a test reaches nothing but
// loopback) the loopback target is fetched.
func TestCheckRefusesPrivateAddresses(t *testing.T) {
	h, reach := sitesHome(t)
	port, accepted := listener(t)
	targets := map[string]string{
		"/to-loopback": "http://127.0.0.1:" + port + "/x",
		"/to-metadata": "http://169.254.169.254/latest/meta-data",
		"/to-private":  "http://10.0.0.1/",
		"/to-v6":       "http://[::1]:" + port + "/",
	}
	ids := map[string]string{}
	for path, target := range targets {
		r := h.Run("redirects", "create", "--domain", "offers.lakesidefit.com", "--path", path, "--target", target, "--action", "url")
		r.Want(t, 0)
		ids[path] = strings.TrimSpace(r.Stdout)
	}
	r := h.Run(append([]string{"check", "--json"}, reach...)...)
	if r.Code != cmdutil.ExitAPI {
		t.Fatalf("check: exit %d\n%s", r.Code, r.Stderr)
	}
	blocked := map[string]string{}
	for _, f := range decode(t, r).Findings {
		if f.Kind == "blocked" {
			blocked[strings.TrimPrefix(f.URL, "https://offers.lakesidefit.com")] = f.Severity + " " + f.Message
		}
	}
	for path, what := range map[string]string{"/to-loopback": "127.0.0.1, a loopback address", "/to-metadata": "169.254.169.254, a metadata address",
		"/to-private": "10.0.0.1, a private address", "/to-v6": "::1, a loopback address"} {
		if got := blocked[path]; !strings.HasPrefix(got, "error ") || !strings.Contains(got, what+": not fetched") {
			t.Errorf("%s → %s: %q, want an error naming %s", path, targets[path], got, what)
		}
	}
	if len(blocked) != len(targets) {
		t.Errorf("blocked: %v", blocked)
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("the loopback target was dialled %d times without --allow-private", n)
	}

	for _, path := range []string{"/to-metadata", "/to-private", "/to-v6"} {
		h.Run("redirects", "delete", ids[path], "--yes").Want(t, 0)
	}
	r = h.Run(append([]string{"check", "--json", "--crawl", "--allow-private"}, reach...)...)
	for _, f := range decode(t, r).Findings {
		if f.Kind == "blocked" {
			t.Errorf("with --allow-private: %s %s", f.URL, f.Message)
		}
	}
	if accepted.Load() == 0 {
		t.Error("with --allow-private the loopback target was not fetched")
	}
}

// TestCheckOverSSHKeepsToTheServersReach: a session of the team server may check,
// but not name the addresses the server reaches (--resolve, --allow-private, --proxy), a file
// of the server (--resolve-file, --ca-file) or a webhook (watch --notify): each is
// refused before anything is read or sent.
func TestCheckOverSSHKeepsToTheServersReach(t *testing.T) {
	h, _ := sitesHome(t)
	h.Gate = clitest.Reader(h.SB.Server.LocationID())
	file := filepath.Join(t.TempDir(), "rules.txt")
	if err := os.WriteFile(file, []byte("*:127.0.0.1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.SB.Server.ResetLog()
	for _, args := range [][]string{
		{"check", "--resolve", "*:443:127.0.0.1"},
		{"check", "--allow-private"},
		{"check", "--proxy"},
		{"check", "--resolve-file", file},
		{"check", "--ca-file", file},
		{"watch", "--check", "--notify", "http://127.0.0.1:9/hook"},
		{"watch", "--check", "--resolve", "offers.lakesidefit.com:127.0.0.1"},
	} {
		r := h.Run(args...)
		if r.Code != cmdutil.ExitUsage || !strings.Contains(r.Stderr, "over ssh") {
			t.Errorf("%q over ssh: exit %d\n%s", args, r.Code, r.Stderr)
		}
	}
	if reqs := h.SB.Server.Requests(); len(reqs) > 0 {
		t.Errorf("a refused line sent %s %s", reqs[0].Method, reqs[0].Path)
	}
	h.Run("check", "--no-dns", "--json").Want(t, cmdutil.ExitAPI, `"kind": "dns"`)
}

// TestCheckUsage: what the command refuses, before anything is read or sent.
func TestCheckUsage(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	h.SB.Server.ResetLog()
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"check", "--only", "broken"}, "--only takes errors, warnings or ok"},
		{[]string{"check", "--timeout", "0s"}, "--timeout must be more than 0"},
		{[]string{"check", "--per-host", "100"}, "--per-host must be from 1 to 64"},
		{[]string{"check", "--resolve", "no-address-here"}, "--resolve"},
		{[]string{"check", "--resolve-file", "/nonexistent/rules.txt"}, "--resolve-file"},
		{[]string{"check", "--since-last", "--no-cache"}, "--since-last compares with the last run"},
		{[]string{"watch", "--notify", "https://hooks.example.com/x"}, "--notify is a setting of the check: add --check"},
		{[]string{"watch", "--proxy"}, "--proxy is a setting of the check: add --check"},
		{[]string{"check", "--proxy", "--no-dns"}, "--proxy asks through a proxy after looking each name up here, and --no-dns looks no name up"},
		{[]string{"watch", "--check", "--notify", "hooks.example.com/x"}, "--notify takes the http(s) address of a webhook"},
	} {
		r := h.Run(c.args...)
		if r.Code != cmdutil.ExitUsage || !strings.Contains(r.Stderr, c.says) {
			t.Errorf("%q: exit %d, want 2 saying %q\n%s", c.args, r.Code, c.says, r.Stderr)
		}
	}
	if reqs := h.SB.Server.Requests(); len(reqs) > 0 {
		t.Errorf("a refused line sent %s %s", reqs[0].Method, reqs[0].Path)
	}
}

// TestCheckTableOnATerminal: on a terminal the rows carry their marks, errors first;
// --only ok lists the subjects found well; the counts follow in a sentence; a
// second run with --since-last says nothing changed and lists nothing.
func TestCheckTableOnATerminal(t *testing.T) {
	h, reach := sitesHome(t)
	r := h.TTY(append([]string{"check"}, reach...)...)
	if r.Code != cmdutil.ExitAPI {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	lines := r.Lines()
	if !strings.HasPrefix(lines[0], "SEVERITY") || !strings.Contains(lines[0], "FIX") {
		t.Errorf("header: %q", lines[0])
	}
	var marks []string
	for _, l := range lines[1:] {
		if m, _, ok := strings.Cut(l, " "); ok && (m == "✗" || m == "⚠") {
			marks = append(marks, m)
		}
	}
	if len(marks) != 12 || slices.ContainsFunc(marks[:5], func(m string) bool { return m != "✗" }) || slices.ContainsFunc(marks[5:], func(m string) bool { return m != "⚠" }) {
		t.Errorf("marks %q: want 5 ✗ then 7 ⚠", marks)
	}
	if !strings.Contains(r.Stdout, "5 errors, 7 warnings") {
		t.Errorf("no sentence of the counts:\n%s", r.Stdout)
	}
	ok := h.Run(append([]string{"check", "--only", "ok"}, reach...)...)
	if ok.Code != cmdutil.ExitAPI || !strings.HasPrefix(ok.Stdout, "ok\t") || strings.Contains(ok.Stdout, "error\t") {
		t.Errorf("--only ok: exit %d\n%.400s", ok.Code, ok.Stdout)
	}
	again := h.TTY(append([]string{"check", "--since-last"}, reach...)...)
	if again.Code != cmdutil.ExitAPI || strings.Contains(again.Stdout, "SEVERITY") || !strings.Contains(again.Stdout, "0 new findings, 0 changed, 0 resolved") {
		t.Errorf("--since-last with nothing changed: exit %d\n%s", again.Code, again.Stdout)
	}
	h.Run(append([]string{"check", "--exit-zero"}, reach...)...).Want(t, 0)
	quiet := h.Run(append([]string{"check", "--since-last", "--quiet"}, reach...)...)
	if quiet.Code != cmdutil.ExitAPI || quiet.Stdout != "" || quiet.Stderr != "" {
		t.Errorf("--since-last --quiet with nothing new: exit %d\nstdout:\n%s\nstderr:\n%s", quiet.Code, quiet.Stdout, quiet.Stderr)
	}
}

// TestCheckTrustsTheMachinesCAFile: the authorities this machine names for the API
// (FUNNELS_CA_FILE) are trusted for the public pages too, as behind a proxy that
// inspects HTTPS: the sandbox's sites' authority given so finds what --ca-file
// finds, and without either every HTTPS page is a certificate not trusted.
func TestCheckTrustsTheMachinesCAFile(t *testing.T) {
	h, reach := sitesHome(t)
	kinds := func(r clitest.Result) []string {
		var out []string
		for _, f := range decode(t, r).Findings {
			out = append(out, f.Kind+" "+f.URL)
		}
		slices.Sort(out)
		return out
	}
	byFlag := kinds(h.Run(append([]string{"check", "--json"}, reach...)...))
	ca := reach[3]
	noCA := append(slices.Clone(reach[:2]), reach[4:]...)
	h.Vars["FUNNELS_CA_FILE"] = ca
	byMachine := kinds(h.Run(append([]string{"check", "--json"}, noCA...)...))
	if !slices.Equal(byFlag, byMachine) {
		t.Errorf("--ca-file found\n%s\nFUNNELS_CA_FILE found\n%s", strings.Join(byFlag, "\n"), strings.Join(byMachine, "\n"))
	}
	delete(h.Vars, "FUNNELS_CA_FILE")
	if untrusted := kinds(h.Run(append([]string{"check", "--json"}, noCA...)...)); slices.Equal(untrusted, byFlag) {
		t.Errorf("with no authority given, the same findings:\n%s", strings.Join(untrusted, "\n"))
	}
}
