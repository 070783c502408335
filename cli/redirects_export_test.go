package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestRedirectsExportCSVInAStableOrder(t *testing.T) {
	t.Parallel()
	h := signedIn(t, sandbox.Options{})
	r := h.run("redirects", "export").want(t, 0, "domain,path,target,action,id\n")
	lines := r.lines()
	if len(lines) != 9 {
		t.Fatalf("want the header and the 8 seeded redirects:\n%s", r.stdout)
	}
	if !strings.HasPrefix(lines[1], "join.lakesidefit.com,/7-day-pass,") || !strings.HasPrefix(lines[8], "www.lakesidefit.com,/timetable,") {
		t.Errorf("not by domain then path:\n%s", r.stdout)
	}
	if again := h.run("redirects", "export"); again.stdout != r.stdout {
		t.Errorf("a second export differs:\n%s\n%s", r.stdout, again.stdout)
	}
}

func TestRedirectsExportToAFileByItsExtension(t *testing.T) {
	t.Parallel()
	h := signedIn(t, sandbox.Options{})
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	h.run("redirects", "export", "-o", out).want(t, 0, "err:Wrote 8 redirects to "+out+" (json).")
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]string
	if err := json.Unmarshal(b, &rows); err != nil || len(rows) != 8 || rows[0]["domain"] != "join.lakesidefit.com" || rows[0]["id"] == "" {
		t.Fatalf("%v %s", err, b)
	}
	h.run("redirects", "export", "-o", filepath.Join(dir, "r.txt")).want(t, 2, "err:cannot tell the format")
	h.run("redirects", "export", "--format", "xml").want(t, 2, "err:--format must be csv, json or jsonl")
	if _, err := os.Stat(filepath.Join(dir, "r.txt")); !os.IsNotExist(err) {
		t.Errorf("a refused export left a file: %v", err)
	}
	h.run("redirects", "export", "--format", "jsonl").want(t, 0, `{"domain":"join.lakesidefit.com","path":"/7-day-pass",`)
}

func TestRedirectsExportCached(t *testing.T) {
	t.Parallel()
	h := signedIn(t, sandbox.Options{})
	h.run("redirects", "export", "--cached").want(t, 4, "err:no local index of this location yet")
	h.run("index").want(t, 0)
	h.sb.Server.ResetLog()
	r := h.run("redirects", "export", "--cached").want(t, 0, "www.lakesidefit.com,/timetable,https://www.lakesidefit.com/schedule,website,")
	if n := len(h.sb.Server.Requests()); n != 0 {
		t.Errorf("--cached sent %d requests", n)
	}
	if server := h.run("redirects", "export"); server.stdout != r.stdout {
		t.Errorf("the index's export differs from the server's:\n%s\n%s", r.stdout, server.stdout)
	}
}
