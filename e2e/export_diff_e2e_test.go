package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestExportChangeExportDiff: the binary exports the location, a step is renamed (in
// the web app) and a redirect added (by the binary), the location is exported again
// and diff names exactly those two: --exit-code exits 1, --json says the same, and
// two exports of unchanged data are the same bytes. A damaged export file is refused
// with exit 2 naming it; a directory of other files is not written over.
func TestExportChangeExportDiff(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{Limit: 1000, Window: time.Second})
	dir := t.TempDir()
	before, again, after := filepath.Join(dir, "before"), filepath.Join(dir, "again"), filepath.Join(dir, "after")

	c.piped("export", "-o", before).want(t, 0)
	c.piped("export", "-o", again, "--cached").want(t, 0)
	sameFiles(t, before, again)

	var webinar struct {
		ID    string `yaml:"id"`
		Steps []struct {
			ID   string `yaml:"id"`
			Name string `yaml:"name"`
		}
	}
	raw, err := os.ReadFile(filepath.Join(before, "funnels", "webinars", "webinar-grow-your-gym.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, &webinar); err != nil || len(webinar.Steps) == 0 {
		t.Fatalf("the funnel's file: %v\n%s", err, raw)
	}
	if err := c.sb.Server.EditStep(c.sb.Server.LocationID(), webinar.ID, webinar.Steps[0].ID, sandbox.StepEdit{Name: "Save Your Seat"}); err != nil {
		t.Fatal(err)
	}
	c.piped("redirects", "create", "--domain", "offers.lakesidefit.com", "--path", "/old-spring",
		"--target", "https://offers.lakesidefit.com/spring-sale-opt-in", "--action", "funnel").want(t, 0)
	c.piped("export", "-o", after, "--fresh").want(t, 0)

	d := c.api("diff", before, after, "--exit-code")
	d.want(t, 1, "2 differences: 1 added, 0 removed, 1 changed", "Funnel Webinar: Grow Your Gym",
		`~ step "Save Your Seat" /grow-your-gym-register`, "name: "+webinar.Steps[0].Name+" → Save Your Seat",
		"+ redirect offers.lakesidefit.com/old-spring")
	for _, line := range strings.Split(d.stdout, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("a line wider than 80 columns: %q", line)
		}
	}
	var out struct {
		Same    bool `json:"same"`
		Summary struct{ Added, Removed, Changed int }
		Changes []struct {
			Op, Kind, Name string
		}
	}
	c.piped("diff", before, after, "--exit-code").want(t, 1, "from "+before, "to   "+after)
	c.piped("diff", before, after, "--json").decode(t, &out)
	if out.Same || out.Summary.Added != 1 || out.Summary.Changed != 1 || len(out.Changes) != 2 {
		t.Errorf("diff --json: %+v", out)
	}
	c.piped("diff", after, after, "--exit-code").want(t, 0, "No differences")

	damaged := filepath.Join(after, "funnels", "spring-sale-2026.yaml")
	if err := os.WriteFile(damaged, []byte("name: [unclosed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.piped("diff", before, after).want(t, 2, "err:damaged export file funnels/spring-sale-2026.yaml")

	mine := filepath.Join(dir, "mine")
	_ = os.MkdirAll(mine, 0o755)
	_ = os.WriteFile(filepath.Join(mine, "notes.txt"), []byte("keep"), 0o644)
	c.piped("export", "-o", mine, "--cached", "--force").want(t, 2, "err:no export manifest")
	if _, err := os.Stat(filepath.Join(mine, "notes.txt")); err != nil {
		t.Errorf("a refused directory lost its file: %v", err)
	}
	c.piped("export", "-o", filepath.Join(dir, "x"), "--format", "toml").want(t, 2, "err:--format must be")
}

// sameFiles fails unless the two exports hold the same files with the same bytes,
// but for the manifest's time.
func sameFiles(t *testing.T, a, b string) {
	t.Helper()
	n := 0
	err := filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, _ := os.ReadFile(p)
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil {
			t.Errorf("%s is in one export only", rel)
			return nil
		}
		if rel == "manifest.yaml" {
			x, y = dropLines(x, "exportedAt:", "source:"), dropLines(y, "exportedAt:", "source:")
		}
		if string(x) != string(y) {
			t.Errorf("%s differs between two exports of the same data", rel)
		}
		n++
		return nil
	})
	if err != nil || n < 29 {
		t.Fatalf("compared %d files: %v", n, err)
	}
}

func dropLines(data []byte, prefixes ...string) []byte {
	var keep []string
	for _, l := range strings.Split(string(data), "\n") {
		drop := false
		for _, p := range prefixes {
			drop = drop || strings.HasPrefix(l, p)
		}
		if !drop {
			keep = append(keep, l)
		}
	}
	return []byte(strings.Join(keep, "\n"))
}

// TestReadmeFunnelsAsFilesRunsAgainstTheSandbox: the first shell block of the
// README's "Funnels as files" section, run by bash as written against a sandbox (its
// own address in place of 127.0.0.1:8484, started in process instead of by its
// first line), prints what its comments say.
func TestReadmeFunnelsAsFilesRunsAgainstTheSandbox(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "## Funnels as files")
	_, after, ok2 := strings.Cut(after, "```sh\n")
	block, _, ok3 := strings.Cut(after, "```")
	first, script, ok4 := strings.Cut(block, "\n")
	if !ok || !ok2 || !ok3 || !ok4 || !strings.HasPrefix(first, "funnels sandbox --addr 127.0.0.1:8484 --token pit-demo &") {
		t.Fatalf("README.md's \"Funnels as files\" section does not start with the sandbox:\n%s", block)
	}
	c := newBinCLI(t, sandbox.Options{DemoToken: "pit-demo", Limit: 1000, Window: time.Second})
	script = strings.ReplaceAll(script, "http://127.0.0.1:8484", c.sb.URL)
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = t.TempDir()
	cmd.Env = append(testEnv(t), "PATH="+filepath.Dir(binPath)+":"+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README's block: %v\n%s", err, out)
	}
	for _, want := range []string{"+ redirect offers.lakesidefit.com/old-spring", "changed since Monday",
		`{"added":1,"changed":0,"removed":0}`, `"redirects": 9`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the README's block printed no %q:\n%s", want, out)
		}
	}
}
