package redirects_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestRedirectsExportCSVInAStableOrder(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	r := h.Run("redirects", "export").Want(t, 0, "domain,path,target,action,id\n")
	lines := r.Lines()
	if len(lines) != 9 {
		t.Fatalf("want the header and the 8 seeded redirects:\n%s", r.Stdout)
	}
	if !strings.HasPrefix(lines[1], "join.lakesidefit.com,/7-day-pass,") || !strings.HasPrefix(lines[8], "www.lakesidefit.com,/timetable,") {
		t.Errorf("not by domain then path:\n%s", r.Stdout)
	}
	if again := h.Run("redirects", "export"); again.Stdout != r.Stdout {
		t.Errorf("a second export differs:\n%s\n%s", r.Stdout, again.Stdout)
	}
}

func TestRedirectsExportToAFileByItsExtension(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	h.Run("redirects", "export", "-o", out).Want(t, 0, "err:Wrote 8 redirects to "+out+" (json).")
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]string
	if err := json.Unmarshal(b, &rows); err != nil || len(rows) != 8 || rows[0]["domain"] != "join.lakesidefit.com" || rows[0]["id"] == "" {
		t.Fatalf("%v %s", err, b)
	}
	h.Run("redirects", "export", "-o", filepath.Join(dir, "r.txt")).Want(t, 2, "err:cannot tell the format")
	h.Run("redirects", "export", "--format", "xml").Want(t, 2, "err:--format must be csv, json or jsonl")
	if _, err := os.Stat(filepath.Join(dir, "r.txt")); !os.IsNotExist(err) {
		t.Errorf("a refused export left a file: %v", err)
	}
	h.Run("redirects", "export", "--format", "jsonl").Want(t, 0, `{"domain":"join.lakesidefit.com","path":"/7-day-pass",`)
}

func TestRedirectsExportCached(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	h.Run("redirects", "export", "--cached").Want(t, 4, "err:no local index of this location yet")
	h.Run("index").Want(t, 0)
	h.SB.Server.ResetLog()
	r := h.Run("redirects", "export", "--cached").Want(t, 0, "www.lakesidefit.com,/timetable,https://www.lakesidefit.com/schedule,website,")
	if n := len(h.SB.Server.Requests()); n != 0 {
		t.Errorf("--cached sent %d requests", n)
	}
	if server := h.Run("redirects", "export"); server.Stdout != r.Stdout {
		t.Errorf("the index's export differs from the server's:\n%s\n%s", r.Stdout, server.Stdout)
	}
}
