package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestReadmeOtherPlatformsFilesImport: every file README's "Files from other
// platforms" saves (Shopify, WordPress Redirection, _redirects, vercel.json, a
// redirect over a live step) is written as printed, and every command there runs as
// printed through the real binary against a fresh sandbox, in order, with the exit
// code and the plan its comment promises.
func TestReadmeOtherPlatformsFilesImport(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "### Files from other platforms")
	section, _, _ = strings.Cut(section, "\n## ")
	if !ok {
		t.Fatal(`README.md has no "Files from other platforms" section`)
	}
	dir := t.TempDir()
	saved := regexp.MustCompile("Save as\\s+`([^`]+)`:\\s*\n```[a-z]*\n((?s:.*?))```")
	for _, m := range saved.FindAllStringSubmatch(section, -1) {
		if err := os.WriteFile(filepath.Join(dir, m[1]), []byte(m[2]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What each command's comment promises, in README's order.
	want := []struct {
		command string
		code    int
		out     []string
	}{
		{"funnels redirects import shopify.csv --domain offers.lakesidefit.com --dry-run", 0, []string{"err:Plan: 2 to add, 0 to change, 0 to delete, 0 the same, 0 refused"}},
		{"funnels redirects import redirection.csv --domain www.lakesidefit.com --dry-run", 1, []string{"err:Plan: 1 to add, 0 to change, 0 to delete, 0 the same, 2 refused", "a regular expression", "302"}},
		{"funnels redirects import _redirects --domain webinars.lakesidefit.com --dry-run", 1, []string{"err:Plan: 3 to add", "! refused\twebinars.lakesidefit.com/blog/*"}},
		{"funnels redirects import vercel.json --domain webinars.lakesidefit.com --dry-run", 1, []string{"err:Plan: 2 to add", "! refused\twebinars.lakesidefit.com/webinar/:id"}},
		{"funnels redirects import shopify.csv --domain offers.lakesidefit.com --yes", 0, []string{"err:Added 2, changed 0, deleted 0, refused 0, failed 0."}},
		{"funnels redirects import over-a-step.csv --dry-run", 0, []string{"warning: shadows the live step", "err:redirects leading there would then chain (offers.lakesidefit.com/spring-2024, offers.lakesidefit.com/Spring-2025, promo.lakesidefit.com/)"}},
		{"funnels redirects import over-a-step.csv --yes", 2, []string{"err:nothing was sent", "err:offers.lakesidefit.com/spring-sale-opt-in"}},
		{"funnels redirects import over-a-step.csv --yes --allow-shadow", 0, []string{"err:Added 1, changed 0"}},
	}
	var commands []string
	for _, block := range regexp.MustCompile("```sh\n((?s:.*?))```").FindAllStringSubmatch(section, -1) {
		for _, line := range strings.Split(block[1], "\n") {
			if cmd, _, _ := strings.Cut(line, "#"); strings.HasPrefix(cmd, "funnels redirects import") {
				commands = append(commands, strings.TrimSpace(cmd))
			}
		}
	}
	if len(commands) != len(want) {
		t.Fatalf("README's section runs %d imports, this test knows %d:\n%s", len(commands), len(want), strings.Join(commands, "\n"))
	}
	c := newBinCLI(t, sandbox.Options{})
	for i, w := range want {
		if commands[i] != w.command {
			t.Fatalf("README's import %d is %q, this test expects %q", i+1, commands[i], w.command)
		}
		args := strings.Fields(w.command)[1:]
		for j, a := range args {
			if _, err := os.Stat(filepath.Join(dir, a)); err == nil {
				args[j] = filepath.Join(dir, a)
			}
		}
		t.Log(w.command)
		c.piped(args...).want(t, w.code, w.out...)
	}
}
