package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestRedirectsImportKilledAndResumed kills the binary (SIGKILL) at several points of
// an apply and runs the same command again each time; through the sandbox's request
// log: no row was sent twice, and in the end the location holds what the plan said.
func TestRedirectsImportKilledAndResumed(t *testing.T) {
	t.Parallel()
	c := newBinCLI(t, sandbox.Options{Limit: 40, Window: time.Second})
	const rows = 90
	var csv strings.Builder
	csv.WriteString("domain,path,target,action\n")
	for i := range rows {
		fmt.Fprintf(&csv, "offers.lakesidefit.com,/moved-%03d,https://www.lakesidefit.com/new-%03d,url\n", i, i)
	}
	file := filepath.Join(t.TempDir(), "moving.csv")
	if err := os.WriteFile(file, []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"redirects", "import", file, "--yes", "--base-url", c.sb.URL, "--token", c.sb.Server.DemoToken(), "--location", c.sb.Server.LocationID()}
	for _, killAt := range []int{1, 17, 45, 70} {
		cmd := exec.Command(binPath, args...)
		cmd.Env = c.env
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for creates(c.sb.Server.Requests()) < killAt {
			if time.Now().After(deadline) {
				_ = cmd.Process.Kill()
				t.Fatalf("no %d creates in time", killAt)
			}
			time.Sleep(2 * time.Millisecond)
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
	}
	c.run("", args...).want(t, 0, "err:Resuming an apply that was interrupted")
	sent := map[string]int{}
	for _, r := range c.sb.Server.Requests() {
		if r.Method == http.MethodPost && r.Path == "/funnels/lookup/redirect" {
			var b struct{ Path string }
			_ = json.Unmarshal([]byte(r.Body), &b)
			sent[b.Path]++
		}
	}
	for path, n := range sent {
		if n > 1 {
			t.Errorf("%s was sent %d times", path, n)
		}
	}
	if len(sent) != rows {
		t.Errorf("%d rows were sent, want %d", len(sent), rows)
	}
	exported := c.api("redirects", "export")
	exported.want(t, 0)
	out := exported.stdout
	for i := range rows {
		if !strings.Contains(out, fmt.Sprintf("offers.lakesidefit.com,/moved-%03d,https://www.lakesidefit.com/new-%03d,url,", i, i)) {
			t.Errorf("row %d is not on the server", i)
		}
	}
	if n := strings.Count(out, "\n"); n != 1+8+rows {
		t.Errorf("the location holds %d redirects, want the 8 seeded and %d", n-1, rows)
	}
	c.api("redirects", "import", file, "--yes").want(t, 0, "err:Nothing to send")
}

// creates counts the redirect creates in log.
func creates(log []sandbox.Request) int {
	n := 0
	for _, r := range log {
		if r.Method == http.MethodPost && r.Path == "/funnels/lookup/redirect" {
			n++
		}
	}
	return n
}

// TestReadmeRedirectsCSVRunsAgainstTheSandbox: the CSV of the README's "Moving a
// site" section, imported as written into a fresh sandbox, is planned without a
// refused row, sent, and planned again as all the same.
func TestReadmeRedirectsCSVRunsAgainstTheSandbox(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "## Moving a site: redirects in bulk")
	_, after, ok2 := strings.Cut(after, "```csv\n")
	block, _, ok3 := strings.Cut(after, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md has no CSV block in its \"Moving a site\" section")
	}
	file := filepath.Join(t.TempDir(), "moving.csv")
	if err := os.WriteFile(file, []byte(block), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newBinCLI(t, sandbox.Options{})
	c.piped("redirects", "import", file, "--dry-run").want(t, 0, "err: 0 refused")
	c.piped("redirects", "import", file, "--yes").want(t, 0, "err:refused 0, failed 0.")
	c.piped("redirects", "import", file, "--dry-run").want(t, 0, "err:Plan: 0 to add, 0 to change, 0 to delete, 4 the same, 0 refused")
}
