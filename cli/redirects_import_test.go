package cli

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// writes are the requests of the sandbox's log that write a redirect.
func redirectWrites(h *home) []sandbox.Request {
	var out []sandbox.Request
	for _, r := range h.sb.Server.Requests() {
		if r.Method != http.MethodGet && strings.HasPrefix(r.Path, "/funnels/lookup/redirect") {
			out = append(out, r)
		}
	}
	return out
}

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRedirectsRoundTrip: export, edit (a target changed, a row removed), import with
// --prune, export again: the edited file comes back byte for byte.
func TestRedirectsRoundTrip(t *testing.T) {
	t.Parallel()
	h := signedIn(t, sandbox.Options{})
	before := h.run("redirects", "export").want(t, 0).stdout
	lines := strings.SplitAfter(before, "\n")
	edited := strings.Replace(before, "https://www.lakesidefit.com/schedule,website", "https://www.lakesidefit.com/timetable-2026,url", 1)
	edited = strings.Replace(edited, lines[3], "", 1) // the third redirect goes
	if edited == before || len(edited) >= len(before) {
		t.Fatal("the edit changed nothing")
	}
	file := writeFile(t, "r.csv", edited)
	h.run("redirects", "import", file, "--prune", "--yes").want(t, 0,
		"~ change\twww.lakesidefit.com/timetable\thttps://www.lakesidefit.com/schedule (website) → https://www.lakesidefit.com/timetable-2026 (url)",
		"− delete\t", "err:Added 0, changed 1, deleted 1, refused 0, failed 0.")
	if after := h.run("redirects", "export").stdout; after != edited {
		t.Errorf("exported after the import:\n%s\nwant the edited file:\n%s", after, edited)
	}
	h.sb.Server.ResetLog()
	h.run("redirects", "import", file, "--prune", "--yes").want(t, 0, "err:Nothing to send")
	if w := redirectWrites(h); len(w) != 0 {
		t.Errorf("a second import sent %d writes", len(w))
	}
	h.run("redirects", "versions").want(t, 0, "1\t", "\t8\t+0 ~1 −1, import of r.csv")
	h.run("redirects", "restore", "1", "--yes").want(t, 0, "+ add\t", "~ change\twww.lakesidefit.com/timetable", "err:Added 1, changed 1, deleted 0")
	withoutIDs := func(csv string) string { // a redirect made again has a new id
		var b strings.Builder
		for _, l := range strings.SplitAfter(csv, "\n") {
			if i := strings.LastIndex(l, ","); i >= 0 {
				l = l[:i] + "\n"
			}
			b.WriteString(l)
		}
		return b.String()
	}
	if restored := h.run("redirects", "export").stdout; withoutIDs(restored) != withoutIDs(before) {
		t.Errorf("restored:\n%s\nwant what was before:\n%s", restored, before)
	}
	h.run("redirects", "restore", "9").want(t, 2, "err:no version 9")
}

func TestRedirectsImportDryRunAndAsking(t *testing.T) {
	t.Parallel()
	h := signedIn(t, sandbox.Options{})
	good := writeFile(t, "good.jsonl", `{"domain":"offers.lakesidefit.com","path":"/new-a","target":"https://offers.lakesidefit.com/spring-sale-opt-in"}`+"\n")
	bad := writeFile(t, "bad.csv", "Domain,Path,Target\r\nkids.lakesidefit.com,/x,https://kids.lakesidefit.com/x\r\nnot-ours.example.com,/y,https://offers.lakesidefit.com/\r\n")
	h.run("redirects", "import", good, "--dry-run").want(t, 0, "+ add\toffers.lakesidefit.com/new-a", "err:Plan: 1 to add")
	h.run("redirects", "import", bad, "--dry-run").want(t, 1, "! refused\tkids.lakesidefit.com/x", "own address",
		"not-ours.example.com/y", "line 3: the domain not-ours.example.com is not attached", "err:2 rows refused")
	h.run("redirects", "import", good).want(t, 2, "err:no terminal to ask on; add --yes")
	h.runWith(false, "n\n", "redirects", "import", good) // not a terminal: never asked
	h.streams(&IOStreams{InTTY: true}, "n\n", "redirects", "import", good).want(t, 2, "err:Send 1 write (+1 ~0 −0)? [y/N]", "err:Nothing was sent.")
	h.run("redirects", "import", good, "--readonly").want(t, 0, "+ add", "err:Read-only mode is on: this is the plan only, nothing can be sent.")
	if w := redirectWrites(h); len(w) != 0 {
		t.Fatalf("sent %d writes without a yes", len(w))
	}
	h.streams(&IOStreams{InTTY: true}, "y\n", "redirects", "import", good).want(t, 0, "err:Added 1, changed 0")
	h.run("redirects", "versions").want(t, 0, "1\t", "\t8\t+1 ~0 −0, import of good.jsonl")
	h.run("redirects", "import", writeFile(t, "x.txt", ""), "--dry-run").want(t, 2, "err:cannot tell the format")
	h.run("redirects", "import", writeFile(t, "x.csv", "domain,target\n"), "--dry-run").want(t, 2, `err:line 1: the header has no "path" column`)
}

// TestRedirectsImportGoesOnAfterA422: one row the service refuses is reported and
// the rest land; the exit code is 1; the same command again sends only that row.
func TestRedirectsImportGoesOnAfterA422(t *testing.T) {
	t.Parallel()
	h := signedIn(t, sandbox.Options{})
	exported := h.run("redirects", "export").want(t, 0).stdout
	_, row, _ := strings.Cut(exported, "www.lakesidefit.com,/timetable,https://www.lakesidefit.com/schedule,website,")
	id, _, _ := strings.Cut(row, "\n")
	file := writeFile(t, "r.csv", "domain,path,target,action\n"+
		"offers.lakesidefit.com,/a,https://offers.lakesidefit.com/spring-sale-opt-in,url\n"+
		"www.lakesidefit.com,/timetable,https://www.lakesidefit.com/classes,website\n"+
		"www.lakesidefit.com,/z,https://offers.lakesidefit.com/spring-sale-opt-in,url\n")
	h.sb.Server.FailNext(http.StatusUnprocessableEntity, 1, "/funnels/lookup/redirect/"+id)
	h.run("redirects", "import", file, "--yes", "--json", "path,outcome", "--jq", `.[] | .path + " " + .outcome`).want(t, 1,
		"/a done\n/timetable failed\n/z done\n", "err:! www.lakesidefit.com/timetable: ", "err:422",
		"err:Added 2, changed 0, deleted 0, refused 0, failed 1.", "err:1 row failed")
	h.sb.Server.ResetLog()
	h.run("redirects", "import", file, "--yes").want(t, 0, "err:Added 0, changed 1,")
	if w := redirectWrites(h); len(w) != 1 {
		t.Errorf("the rerun sent %d writes, want the one that failed", len(w))
	}
}

// TestRedirectsImportStopsAtARefusedScope: the read-only token's first write is
// refused; the plan was shown, the apply stops there and says what access is needed.
func TestRedirectsImportStopsAtARefusedScope(t *testing.T) {
	t.Parallel()
	h := signedIn(t, sandbox.Options{})
	h.vars["FUNNELS_TOKEN"] = h.sb.Server.ReadOnlyToken()
	file := writeFile(t, "r.csv", "domain,path,target\n"+
		"offers.lakesidefit.com,/a,https://offers.lakesidefit.com/spring-sale-opt-in\n"+
		"offers.lakesidefit.com,/b,https://offers.lakesidefit.com/spring-sale-opt-in\n")
	r := h.run("redirects", "import", file, "--yes").want(t, 1, "+ add\toffers.lakesidefit.com/a", "err:Added 0, changed 0, deleted 0, refused 0, failed 0.",
		"err:Stopped before the end", "err:redirect.write")
	if w := redirectWrites(h); len(w) != 1 {
		t.Errorf("sent %d writes, want only the first:\n%s", len(w), r.stderr)
	}
}
