package redirects_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestRedirectsRoundTrip: export, edit (a target changed, a row removed), import with
// --prune, export again: the edited file comes back byte for byte.
func TestRedirectsRoundTrip(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	before := h.Run("redirects", "export").Want(t, 0).Stdout
	lines := strings.SplitAfter(before, "\n")
	edited := strings.Replace(before, "https://www.lakesidefit.com/schedule,website", "https://www.lakesidefit.com/timetable-2026,url", 1)
	edited = strings.Replace(edited, lines[3], "", 1) // the third redirect goes
	if edited == before || len(edited) >= len(before) {
		t.Fatal("the edit changed nothing")
	}
	file := clitest.WriteFile(t, "r.csv", edited)
	h.Run("redirects", "import", file, "--prune", "--yes").Want(t, 0,
		"~ change\twww.lakesidefit.com/timetable\thttps://www.lakesidefit.com/schedule (website) → https://www.lakesidefit.com/timetable-2026 (url)",
		"− delete\t", "err:Added 0, changed 1, deleted 1, refused 0, failed 0.")
	if after := h.Run("redirects", "export").Stdout; after != edited {
		t.Errorf("exported after the import:\n%s\nwant the edited file:\n%s", after, edited)
	}
	h.SB.Server.ResetLog()
	h.Run("redirects", "import", file, "--prune", "--yes").Want(t, 0, "err:Nothing to send")
	if w := clitest.RedirectWrites(h); len(w) != 0 {
		t.Errorf("a second import sent %d writes", len(w))
	}
	h.Run("redirects", "versions").Want(t, 0, "1\t", "\t8\t+0 ~1 −1, import of r.csv")
	h.Run("redirects", "restore", "1", "--yes").Want(t, 0, "+ add\t", "~ change\twww.lakesidefit.com/timetable", "err:Added 1, changed 1, deleted 0")
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
	if restored := h.Run("redirects", "export").Stdout; withoutIDs(restored) != withoutIDs(before) {
		t.Errorf("restored:\n%s\nwant what was before:\n%s", restored, before)
	}
	h.Run("redirects", "restore", "9").Want(t, 2, "err:no version 9")
}

func TestRedirectsImportDryRunAndAsking(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	good := clitest.WriteFile(t, "good.jsonl", `{"domain":"offers.lakesidefit.com","path":"/new-a","target":"https://offers.lakesidefit.com/spring-sale-opt-in"}`+"\n")
	bad := clitest.WriteFile(t, "bad.csv", "Domain,Path,Target\r\nkids.lakesidefit.com,/x,https://kids.lakesidefit.com/x\r\nnot-ours.example.com,/y,https://offers.lakesidefit.com/\r\n")
	h.Run("redirects", "import", good, "--dry-run").Want(t, 0, "+ add\toffers.lakesidefit.com/new-a", "err:Plan: 1 to add")
	h.Run("redirects", "import", bad, "--dry-run").Want(t, 1, "! refused\tkids.lakesidefit.com/x", "own address",
		"not-ours.example.com/y", "line 3: the domain not-ours.example.com is not attached", "err:2 rows refused")
	// Sent with --yes, a file whose every row is refused did not take: exit 1, as its
	// dry run, never "already as planned".
	if r := h.Run("redirects", "import", bad, "--yes").Want(t, 1, "err:2 rows refused"); strings.Contains(r.Stderr, "already as planned") {
		t.Errorf("a file whose every row was refused is told as already applied:\n%s", r.Stderr)
	}
	h.Run("redirects", "import", good).Want(t, 2, "err:no terminal to ask on; add --yes")
	// Not asked (no terminal), --json still writes the plan it did not send.
	var unsent struct {
		Steps []struct{ Kind, Outcome string }
	}
	h.Run("redirects", "import", good, "--json").Want(t, 2).Decode(t, &unsent)
	if len(unsent.Steps) != 1 || unsent.Steps[0].Kind != "add" {
		t.Errorf("--json of a plan not sent: %+v", unsent)
	}
	h.RunWith(false, "n\n", "redirects", "import", good) // not a terminal: never asked
	h.Streams(&cmdutil.IOStreams{InTTY: true}, "n\n", "redirects", "import", good).Want(t, 2, "err:Send 1 write (+1 ~0 −0) to LakesideFit2026Loc01 (FUNNELS_TOKEN)? [y/N]", "err:Nothing was sent.")
	h.Run("redirects", "import", good, "--readonly").Want(t, 0, "+ add", "err:Read-only mode is on: this is the plan only, nothing can be sent.")
	if w := clitest.RedirectWrites(h); len(w) != 0 {
		t.Fatalf("sent %d writes without a yes", len(w))
	}
	h.Streams(&cmdutil.IOStreams{InTTY: true}, "y\n", "redirects", "import", good).Want(t, 0, "err:Added 1, changed 0")
	h.Run("redirects", "versions").Want(t, 0, "1\t", "\t8\t+1 ~0 −0, import of good.jsonl")
	h.Run("redirects", "import", clitest.WriteFile(t, "x.txt", ""), "--dry-run").Want(t, 2, "err:x.txt: its name and content do not tell its format: give --format (csv, json, jsonl, shopify, wordpress, netlify or vercel)")
	h.Run("redirects", "import", clitest.WriteFile(t, "x.csv", "domain,target\n"), "--dry-run").Want(t, 2, `err:line 1: the header has no "path" column`)
}

// TestRedirectsImportGoesOnAfterA422: one row the service refuses is reported and
// the rest land; the exit code is 1; the same command again sends only that row.
func TestRedirectsImportGoesOnAfterA422(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	exported := h.Run("redirects", "export").Want(t, 0).Stdout
	_, row, _ := strings.Cut(exported, "www.lakesidefit.com,/timetable,https://www.lakesidefit.com/schedule,website,")
	id, _, _ := strings.Cut(row, "\n")
	file := clitest.WriteFile(t, "r.csv", "domain,path,target,action\n"+
		"offers.lakesidefit.com,/a,https://offers.lakesidefit.com/spring-sale-opt-in,url\n"+
		"www.lakesidefit.com,/timetable,https://www.lakesidefit.com/classes,website\n"+
		"www.lakesidefit.com,/z,https://offers.lakesidefit.com/spring-sale-opt-in,url\n")
	h.SB.Server.FailNext(http.StatusUnprocessableEntity, 1, "/funnels/lookup/redirect/"+id)
	h.Run("redirects", "import", file, "--yes", "--json", "path,outcome", "--jq", `.[] | .path + " " + .outcome`).Want(t, 1,
		"/a done\n/timetable failed\n/z done\n", "err:! www.lakesidefit.com/timetable: ", "err:422",
		"err:Added 2, changed 0, deleted 0, refused 0, failed 1.", "err:1 row of the plan failed: the others landed")
	h.SB.Server.ResetLog()
	h.Run("redirects", "import", file, "--yes").Want(t, 0, "err:Added 0, changed 1,")
	if w := clitest.RedirectWrites(h); len(w) != 1 {
		t.Errorf("the rerun sent %d writes, want the one that failed", len(w))
	}
}

// TestRedirectsImportStopsAtARefusedScope: the read-only token's first write is
// refused; the plan was shown, the apply stops there and says what access is needed.
func TestRedirectsImportStopsAtARefusedScope(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	h.Vars["FUNNELS_TOKEN"] = h.SB.Server.ReadOnlyToken()
	file := clitest.WriteFile(t, "r.csv", "domain,path,target\n"+
		"offers.lakesidefit.com,/a,https://offers.lakesidefit.com/spring-sale-opt-in\n"+
		"offers.lakesidefit.com,/b,https://offers.lakesidefit.com/spring-sale-opt-in\n")
	r := h.Run("redirects", "import", file, "--yes").Want(t, 1, "+ add\toffers.lakesidefit.com/a", "err:Added 0, changed 0, deleted 0, refused 0, failed 0.",
		"err:Stopped before the end", "err:redirect.write")
	if w := clitest.RedirectWrites(h); len(w) != 1 {
		t.Errorf("sent %d writes, want only the first:\n%s", len(w), r.Stderr)
	}
}
