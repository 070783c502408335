package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
)

// TestUsageErrorsWithACauseExit2: a value refused for a cause whose own class would
// end a run otherwise (a file that cannot be read: 4; a setting no client takes) is
// still a usage error: exit 2, in the words it always had, its usage line where it
// had one.
func TestUsageErrorsWithACauseExit2(t *testing.T) {
	h := clitest.NewHome(t)
	signed := []string{"--token", "x", "--location", "l"}
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"config", "get", "nosuch"}, `funnels config get: unknown key "nosuch"; the keys are: `},
		{[]string{"config", "set", "nosuch", "1"}, `funnels config set: unknown key "nosuch"; the keys are: `},
		{[]string{"auth", "switch", "bad name!"}, `funnels auth switch: profile name "bad name!": use letters, digits, '.', '_' or '-' (at most 64, not starting with '.' or '-')` + "\n"},
		{append([]string{"--base-url", "http://example.com", "folders"}, signed...), `funnels folders: base_url (from --base-url): "http://example.com" is not https; plain http is allowed only for loopback hosts (127.0.0.1, ::1, localhost)` + "\n"},
		{[]string{"sandbox", "--dialect", "bogus"}, `funnels sandbox: unknown --dialect "bogus"; use bare, wrapped, plain-ids, camel, string-numbers, summaries` + "\n"},
		{[]string{"sandbox", "--not-found", "bogus"}, `funnels sandbox: --not-found: unknown 404 wording "bogus"; use express, problem, html, empty, v3` + "\n"},
		{append([]string{"api", "GET", "/x", "--data", "@/nonexistent/file"}, signed...), "funnels api: --data: open /nonexistent/file: no such file or directory\n"},
		{[]string{"--surface", "bogus", "--demo"}, `funnels: unknown --surface "bogus"; use seed, public, documented` + "\n"},
		{[]string{"--demo", "--api-version", "bogus"}, `funnels: API version "bogus" is not one of 2021-07-28, 2021-04-15, 2023-02-21, v3` + "\n"},
		{[]string{"check", "--resolve", "bad"}, `funnels check: --resolve "bad": resolve rule "bad": no address (want HOST:ADDR, HOST:PORT:ADDR or HOST:PORT:ADDR:PORT (an IPv6 ADDR in brackets))` + "\n"},
		{[]string{"diff", "nosuch::", "other"}, `funnels diff: "nosuch::" is not an export directory ('funnels export -o nosuch::' writes one), nor @live, @cached, profile:NAME or location:ID` + "\n"},
		{append([]string{"folders", "--template", "{{"}, signed...), "funnels folders: invalid argument \"{{\" for \"--template\" flag: not a template: template: --template:1: unclosed action\nUsage: funnels folders [flags]\n"},
	} {
		r := h.Run(c.args...)
		if r.Code != 2 || !strings.HasPrefix(r.Stderr, c.stderr) {
			t.Errorf("funnels %s: exit %d, said\n%s\nwant exit 2 and\n%s", strings.Join(c.args, " "), r.Code, r.Stderr, c.stderr)
		}
	}

	// A config file that cannot be parsed.
	dir := filepath.Join(h.Vars["XDG_CONFIG_HOME"], "funnels")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(file, []byte("base_url = [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{append([]string{"folders"}, signed...), {"auth", "list"}} {
		want := "funnels " + args[0] + ": config file " + file + ", line 1, column 13: unexpected EOF; expected value\n"
		if args[0] == "auth" {
			want = "funnels auth list: config file " + file + ", line 1, column 13: unexpected EOF; expected value\n"
		}
		r := h.Run(args...)
		if r.Code != 2 || r.Stderr != want {
			t.Errorf("funnels %s with a broken config file: exit %d, said %q; want exit 2 and %q", strings.Join(args, " "), r.Code, r.Stderr, want)
		}
	}
}
